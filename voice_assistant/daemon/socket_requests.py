"""The control socket's requests to the running daemon (``control.Handler``): ``status``,
``ptt``, ``say`` and ``stop``. Each answers at once: speech is a job for the worker, push-
to-talk a flag the microphone loop reads."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from voice_assistant.daemon.job_runner import JobRunner
from voice_assistant.daemon.jobs import SayJob, Status
from voice_assistant.errors import AssistantError


class Commands:
    def __init__(
        self,
        listen_mode: str,
        runner: JobRunner,
        talking: threading.Event,
        snapshot: Callable[[], Status],
    ) -> None:
        self.listen_mode = listen_mode
        self.runner = runner
        self.talking = talking
        self.snapshot = snapshot

    def status(self) -> dict[str, Any]:
        return self.snapshot().as_dict()

    def ptt(self, action: str) -> dict[str, Any]:
        if self.listen_mode == "wake":
            raise AssistantError("ptt-off", "push-to-talk is off: the daemon runs --mode wake")
        if action == "start" or (action == "toggle" and not self.talking.is_set()):
            self.talking.set()
        else:
            self.talking.clear()
        return {"listening": self.talking.is_set()}

    def say(self, text: str) -> dict[str, Any]:
        self.runner.queue(SayJob(text))
        return {"queued": True}

    def stop(self) -> dict[str, Any]:
        self.runner.cut()
        return {"stopped": True}
