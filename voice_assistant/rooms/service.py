"""The turn service: one worker thread runs every turn, in order, and owns the SQLite writer.

``submit`` is the only way a turn runs: the daemon's microphone, satellites, the Wyoming
server, batch and ``ask`` each give it what was heard (audio, an utterance or text,
``pipeline.Heard``), a ``Session``, and where the reply goes (``pipeline.Delivery``), and
get a future of its ``TurnResult``. The service keeps every room's conversation
(``sessions.Sessions``) and, when it has one, the log of finished turns
(``log.TurnLog``). ``call`` runs any other job that touches the engines or the store
(a timer ringing, ``say``) on the same thread, so nothing else ever writes to the database.
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

from voice_assistant.events import StageError
from voice_assistant.pipeline.stages import Delivery, Heard, Pipeline, Stage, TurnResult
from voice_assistant.research.base import Mode
from voice_assistant.rooms.log import TurnLog
from voice_assistant.rooms.sessions import Sessions
from voice_assistant.turn.session import Session

logger = logging.getLogger("voice_assistant.daemon")

T = TypeVar("T")
Item = tuple[Callable[[], Any], "Future[Any]"]


class TurnService:
    def __init__(
        self, pipeline: Pipeline, name: str = "worker", log: TurnLog | None = None
    ) -> None:
        self.pipeline = pipeline
        self.name = name
        self.log = log
        """Where finished turns are recorded by room (the daemon's); None: not recorded."""
        self.sessions = Sessions()
        self._queue: queue.Queue[Item | None] = queue.Queue()
        self._thread: threading.Thread | None = None

    def start(self) -> TurnService:
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name=self.name, daemon=True)
            self._thread.start()
        return self

    def use(self, pipeline: Pipeline) -> None:
        """New engines (a reload): turns that start from now on use them."""
        self.pipeline = pipeline

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
        return self.call(lambda: self._turn(heard, session, until, mode, delivery))

    def _turn(
        self,
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
            result = self.pipeline.run(heard, session, until, mode, delivery)
        if result.stop_reason == "ignored":
            heard = result.transcript.text if result.transcript else ""
            logger.info("heard %r in a word window: ignored", heard)
        unseen = result.stop_reason in ("dropped", "ignored")  # started early; other words
        if self.log is not None and not unseen:
            self.log.record(
                session.room if session else "batch", result, time.monotonic() - started
            )
        if delivery is not None and delivery.finished is not None:
            delivery.finished(result)
        return result

    def call(self, job: Callable[[], T]) -> Future[T]:
        """Run ``job`` on the worker, after the jobs already queued."""
        future: Future[T] = Future()
        self._queue.put((job, future))
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
                self._run(*item)
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
        while (item := self._queue.get()) is not None:
            self._run(*item)

    def _run(self, job: Callable[[], Any], future: Future[Any]) -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(job())
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
