"""A turn started at a pause, before the user is surely done, so its reply comes sooner.

When the end-of-turn model calls a short pause the end of the turn, the turn of the
microphone (``daemon.job_runner``) or of a satellite (``satellite.link``) starts on the
utterance so far (``listening.endpointing.Tentative``): transcription,
research and the answer run while the silence goes on. Everything lasting waits in
``go_ahead`` (the stored turn, an act, speech), and so do the progress sounds and the
daemon's bookkeeping: the listener then confirms it (the same utterance ended by the
silence) and the turn goes on, or the user speaks again and it stops having stored,
done and said nothing (``errors.Dropped``). A turn that reads its words as whole commands
with every value said ("Set a timer for ten minutes.") asks the microphone for a shorter
confirming silence (``take_whole``), so its receipt comes sooner. A reply already made
when the silence confirms the turn is said at once: the thinking earcon, there to show
that work goes on, would only stand before it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from voice_assistant.errors import Dropped
from voice_assistant.events import Utterance
from voice_assistant.pipeline.progress import Phase, Progress
from voice_assistant.pipeline.stages import TurnResult

Decision = bool | None
"""True: confirmed; False: dropped; None: not yet known."""


class Speculation:
    def __init__(
        self,
        utterance: Utterance,
        progress: Progress,
        finished: Callable[[TurnResult], None],
        longest_s: float,
    ) -> None:
        self.utterance = utterance
        self._progress = progress
        self._finished = finished
        self.longest_s = longest_s
        """The longest the turn waits for a decision (then it is dropped): the listener
        always decides within an utterance's longest length and its silence."""
        self._lock = threading.Lock()
        self._decided = threading.Event()
        self.decision: Decision = None
        self._held: list[Phase] = []
        self._whole = False
        """The turn read its words as whole commands, not yet told to the microphone."""
        self._ready = False
        """The worker waits with its reply made (``go_ahead``'s ``ready``)."""

    def same(self, utterance: Utterance) -> bool:
        """The final utterance is the one this turn started on (nothing was said since)."""
        mine = self.utterance
        return (mine.start_s, mine.end_s) == (utterance.start_s, utterance.end_s)

    def confirm(self) -> bool:
        """The silence confirmed the end of the turn (the microphone's thread): the held
        progress sounds now, and the turn goes ahead. False: too late, it was dropped."""
        with self._lock:
            if self.decision is not None:
                return self.decision
            self.decision = True
            held, self._held = self._held, []
            if self._ready:  # the reply is made: it is the sign, no earcon before it
                held = [phase for phase in held if phase != "thinking"]
            for phase in held:
                self._progress(phase)
        self._decided.set()
        return True

    def drop(self) -> None:
        """The user went on (or the window closed): the turn stops unseen."""
        with self._lock:
            if self.decision is None:
                self.decision = False
        self._decided.set()

    def progress(self, phase: Phase) -> None:
        """A phase of the turn (the worker): held until the turn is confirmed."""
        with self._lock:
            if self.decision is not True:
                self._held.append(phase)
                return
        self._progress(phase)

    def _confirmed(self) -> bool:
        """Wait (the worker) for the decision; undecided after ``longest_s``: dropped."""
        if not self._decided.wait(self.longest_s):
            self.drop()
        return self.decision is True

    def take_whole(self) -> bool:
        """True once (the microphone's thread) when the turn read its words as whole
        commands and is still undecided: a shorter silence may confirm it."""
        with self._lock:
            whole, self._whole = self._whole and self.decision is None, False
        return whole

    def go_ahead(self, whole: bool = False, ready: bool = False, reply: str = "") -> None:
        """Before anything lasting (the worker): wait for the decision. ``whole``: code
        reads the words as whole commands (``take_whole`` tells the microphone); ``ready``:
        the reply is made, so the confirmation plays no thinking earcon before it (its
        words, ``reply``, the pipeline synthesises meanwhile)."""
        with self._lock:
            self._whole = self._whole or whole
            self._ready = ready
        if not self._confirmed():
            raise Dropped("dropped", "the user went on speaking after the pause")

    def finished(self, result: TurnResult) -> None:
        """The turn's end (the worker): the daemon's bookkeeping once it is confirmed."""
        if result.stop_reason != "dropped" and self._confirmed():
            self._finished(result)
