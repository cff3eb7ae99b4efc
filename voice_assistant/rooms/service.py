"""The turn service: one worker thread runs every turn, in order, and owns the SQLite writer.

``submit`` is the only way a turn runs: the daemon's microphone, satellites, the Wyoming
server, batch and ``ask`` each give it what was heard (audio, an utterance or text,
``pipeline.Heard``), a ``Session``, and where the reply goes (``pipeline.Delivery``), and
get a future of its ``TurnResult``. The service keeps every room's conversation
(``sessions.Sessions``) and, when it has one, the log of finished turns
(``log.TurnLog``). ``call`` runs any other job that touches the engines or the store
(a timer ringing, ``say``) on the same thread, so nothing else ever writes to the database.

The service holds the assembly in force (``assembly.Assembly``) and hands it to each job
as it starts; a reload (``reassemble``) is itself a job, so every job runs wholly on one
configuration and no part is rewired by hand.

When no work has come for ``rest_after_s``, the worker rests the engines
(``Engines.rest``): a task's own model gone unused is released and the heap's free pages
go back to the system, so the daemon at rest holds what listening and a turn need. A
check (``call(job, work=False)``: is a timer due?) runs often and does not put it off.
"""

from __future__ import annotations

import faulthandler
import logging
import os
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from voice_assistant.assembly import Assembly
from voice_assistant.config import Settings
from voice_assistant.events import StageError
from voice_assistant.pipeline.stages import Delivery, Heard, Stage, TurnResult
from voice_assistant.research.base import Mode
from voice_assistant.rooms.log import TurnLog
from voice_assistant.rooms.sessions import Sessions
from voice_assistant.turn.session import Session

logger = logging.getLogger("voice_assistant.daemon")

T = TypeVar("T")
Item = tuple[Callable[[Assembly], Any], "Future[Any]", bool]
"""A job, its future, and whether it is work (a check is not)."""
NOTHING: Item = (lambda _: None, Future(), False)
"""What the worker takes when no job came in time: it is not run."""
REST_AFTER_S = 5.0
"""Seconds without work before the worker rests the engines, and between rests while
they hold something to release later."""


class TurnService:
    def __init__(
        self,
        assembly: Assembly,
        name: str = "worker",
        log: TurnLog | None = None,
        rest_after_s: float = REST_AFTER_S,
    ) -> None:
        self.assembly = assembly
        """The configuration in force; read elsewhere for its settings only."""
        self.name = name
        self.log = log
        """Where finished turns are recorded by room (the daemon's); None: not recorded."""
        self.sessions = Sessions()
        self._queue: queue.Queue[Item | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self.rest_after_s = rest_after_s

    def start(self) -> TurnService:
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name=self.name, daemon=True)
            self._thread.start()
        return self

    @property
    def settings(self) -> Settings:
        """The settings in force (a reload changes them)."""
        return self.assembly.settings

    def reassemble(self, assembly: Assembly) -> Future[None]:
        """A reload: the jobs queued after this one run on ``assembly``."""

        def switch(_: Assembly) -> None:
            self.assembly = assembly

        return self.call(switch)

    def submit(
        self,
        heard: Heard,
        session: Session | None = None,
        until: Stage = "tts",
        mode: Mode | None = None,
        delivery: Delivery | None = None,
    ) -> Future[TurnResult]:
        """One turn from ``heard`` in ``session`` (an independent one when None), run on
        the worker after the jobs queued before it, its reply spoken where ``delivery``
        says (recorded when None)."""
        return self.call(lambda now: self._turn(now, heard, session, until, mode, delivery))

    def _turn(
        self,
        assembly: Assembly,
        heard: Heard,
        session: Session | None,
        until: Stage,
        mode: Mode | None,
        delivery: Delivery | None,
    ) -> TurnResult:
        started = time.monotonic()
        refusal = delivery.gate() if delivery and delivery.gate else None
        if refusal is not None:
            error = StageError(refusal.stage, refusal.code, refusal.message)
            result = TurnResult(stop_reason=refusal.reason, error=error)
        else:
            result = assembly.pipeline.run(heard, session, until, mode, delivery)
        heard_text = result.transcript.text if result.transcript else ""
        if result.stop_reason == "ignored":
            logger.info("heard %r in a word window: ignored", heard_text)
        elif result.stop_reason == "stop-said":
            logger.info("stopped by voice: %r", heard_text)
        # started early and dropped; a word window's other words; "Stop" while ringing
        unseen = result.stop_reason in ("dropped", "ignored", "stop-said")
        if self.log is not None and not unseen:
            self.log.record(
                session.room if session else "batch", result, time.monotonic() - started
            )
        if delivery is not None and delivery.finished is not None:
            delivery.finished(result)
        return result

    def call(self, job: Callable[[Assembly], T], work: bool = True) -> Future[T]:
        """Run ``job`` on the worker, after the jobs already queued, with the assembly in
        force when it starts; ``work=False``: a check, which does not put off a rest."""
        future: Future[T] = Future()
        self._queue.put((job, future, work))
        return future

    def pending(self) -> int:
        """Jobs queued and not yet started."""
        return self._queue.qsize()

    def run_pending(self) -> list[Future[Any]]:
        """Run the queued jobs here, on the calling thread, for a caller that has no worker
        running (the noise benchmark feeds the daemon block by block)."""
        done: list[Future[Any]] = []
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return done
            if item is not None:
                self._run(item[0], item[1])
                done.append(item[1])

    def close(self, timeout: float | None = None) -> bool:
        """Finish the job in progress and those queued, then stop; False if the worker was
        still running after ``timeout``."""
        self._queue.put(None)
        if self._thread is None:
            return True
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _work(self) -> None:
        due = True  # a rest: after work, then while the engines hold more to release
        since = time.monotonic()  # the last work, or the last rest
        while True:
            wait = max(0.0, since + self.rest_after_s - time.monotonic())
            try:
                item = self._queue.get(timeout=wait if due else None)
            except queue.Empty:
                item = NOTHING
            if item is None:
                return
            job, future, work = item
            if item is not NOTHING:
                self._run(job, future)
            if work:
                due, since = True, time.monotonic()
            elif due and time.monotonic() - since >= self.rest_after_s:
                due, since = self.assembly.engines.rest(), time.monotonic()

    def _run(self, job: Callable[[Assembly], Any], future: Future[Any]) -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(job(self.assembly))
        except BaseException as exc:  # the caller sees it on its future
            future.set_exception(exc)


def abandon(log: logging.Logger, what: str) -> None:
    """Leave now, the worker still busy: its turn's acts commit in one transaction or not
    at all, and a model half loaded holds nothing to save. A normal exit would free the
    native engines under the running thread and crash (SIGSEGV) on the way out."""
    log.warning("abandoned %s", what)
    if log.isEnabledFor(logging.DEBUG):
        faulthandler.dump_traceback(all_threads=True)
    logging.shutdown()
    os._exit(0)
