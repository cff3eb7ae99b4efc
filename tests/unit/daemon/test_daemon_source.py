"""The daemon's microphone is an interface: recorded blocks fed through ``Daemon.read``,
with the worker running, make a push-to-talk turn end to end (fake engines, no device)."""

from __future__ import annotations

import collections
import threading
import time

import numpy as np

from tests.fakes import fake_assembly, spoken
from voice_assistant.config import Settings
from voice_assistant.daemon import Daemon, State
from voice_assistant.llm.fake import FakeLLM
from voice_assistant.pipeline.speak import RecordingSink
from voice_assistant.stt.fake import FakeSTT
from voice_assistant.wake.base import FRAME


class RecordedStream:
    """An ``AudioStream`` over a script: int16 blocks, or actions run between blocks."""

    def __init__(self, script: list) -> None:
        self.script = collections.deque(script)
        self.pre_roll: collections.deque = collections.deque(maxlen=3)

    def read(self, timeout: float):
        if not self.script:
            time.sleep(0.01)
            return None
        item = self.script.popleft()
        if callable(item):
            item()
            return None
        self.pre_roll.append(item)
        return item

    def drain(self) -> None:
        self.script.clear()

    def __enter__(self):
        return self

    def __exit__(self, *exc: object) -> None:
        return None


def blocks(seconds: float, loud: bool) -> list[np.ndarray]:
    t = np.arange(FRAME) / 16_000
    one = (np.sin(2 * np.pi * 300 * t) * 16_000 * loud).astype(np.int16)
    return [one.copy() for _ in range(round(seconds * 16_000 / FRAME))]


def test_push_to_talk_audio_from_a_source_becomes_a_turn_on_the_worker():
    llm = FakeLLM([spoken("The dentist is on Thursday at 9:30.")])  # the first search settles
    engines = fake_assembly(Settings(), stt=FakeSTT("When is the dentist?"), llm=llm)
    sink = RecordingSink()
    daemon = Daemon(engines, listen_mode="ptt", sink=sink)

    def talk() -> None:
        daemon.commands.ptt("start")

    def let_go() -> None:
        daemon.commands.ptt("stop")

    script = [*blocks(0.3, False), talk, *blocks(1.0, True), *blocks(0.6, False), let_go]
    stream = RecordedStream([*script, *blocks(0.2, False)])
    daemon.worker.start()
    reader = threading.Thread(target=daemon.mic.read, args=(stream,), daemon=True)
    reader.start()
    deadline = time.monotonic() + 20
    while daemon.commands.status()["turns"] == 0 and time.monotonic() < deadline:
        time.sleep(0.02)
    daemon.stopping.set()
    reader.join(timeout=5)
    assert daemon.worker.close(timeout=10)
    assert daemon.commands.status()["turns"] == 1 and daemon.counts.wakes == 0
    assert daemon.commands.status()["last_turn"]["transcript"] == "When is the dentist?"
    assert "Thursday at 9:30" in daemon.commands.status()["last_turn"]["reply"]
    assert daemon.commands.status()["last_turn"]["error"] is None and sink.chunks  # spoken
    assert daemon.runner.session.conversation is not None  # the microphone's own conversation
    assert daemon.state in (State.IDLE, State.LISTENING)
    assert daemon.commands.status()["state"] in ("idle", "listening")
