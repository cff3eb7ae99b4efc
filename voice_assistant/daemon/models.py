"""The loaded model files, watched while the daemon runs: a file changed on disk is
checked again; turns are refused while the one the running engine reads is damaged, and
a reload is asked for once it verifies again."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from voice_assistant.model_watch import ModelWatch

log = logging.getLogger("voice_assistant.daemon")
MODEL_CHECK_S = 10.0
"""How often, when idle, the loaded model files are checked for changes (a few stats)."""


class ModelGuard:
    def __init__(self, watch: Callable[[], ModelWatch], reload: threading.Event) -> None:
        self.watch = watch
        self.reload = reload
        self.problems: dict[str, str] = {}
        """Loaded models whose files changed on disk and failed their check, by setting."""
        self.damaged: set[str] = set()
        """Of those, the ones the running engine reads (the GGUF): turns wait for a repair."""
        self.next_check = 0.0
        self.watching: ModelWatch | None = None
        """The watch of the engines in force: a reload brings a new one, and what the old
        one found is forgotten."""

    def due(self) -> bool:
        return time.monotonic() >= self.next_check

    def check(self) -> None:
        self.next_check = time.monotonic() + MODEL_CHECK_S
        watch = self.watch()
        if watch is not self.watching:
            self.watching = watch
            self.problems.clear()
            self.damaged.clear()
        for finding in watch.check():
            if finding.verdict == "fine":
                log.info(finding.message)
                self.problems.pop(finding.key, None)
                if finding.key in self.damaged:
                    self.damaged.discard(finding.key)
                    self.reload.set()  # the repaired file replaces the mapped one
                    log.info("reloading the models to use the repaired %s", finding.value)
                continue
            if finding.verdict == "running-damaged":
                self.damaged.add(finding.key)
                log.error(finding.message)
            else:
                log.warning(finding.message)
            self.problems[finding.key] = finding.message

    def refusal(self) -> str:
        """Why a turn must not run now ("" when it may)."""
        return "; ".join(self.problems[key] for key in sorted(self.damaged))
