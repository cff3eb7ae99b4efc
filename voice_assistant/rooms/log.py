"""Finished turns as ``status`` shows and the log records them, by room: one log for the
daemon's microphone (``local``), each satellite and Home Assistant's turns, kept by the
turn service that runs them all. Memory text stays out of INFO logs."""

from __future__ import annotations

import logging
import threading
from typing import Any

from voice_assistant.errors import Refused
from voice_assistant.listening.turn_taking import TurnEnded
from voice_assistant.pipeline.stages import TurnResult, turn_record

log = logging.getLogger("voice_assistant.daemon")
STATUS_FIELDS = ("transcript", "reply", "heard", "cut", "stop_reason", "timings", "seconds")
PRIVATE = ("transcript", "reply", "heard")  # memory text: INFO logs keep to how it went
REFUSED = Refused.stage
"""The stage of a turn that was not run (``Delivery.gate`` said why)."""


def ended(result: TurnResult, cut: bool) -> TurnEnded:
    """What a finished turn leaves for its room's listening (``cut``: its reply was cut
    short, as the room knows best)."""
    reply = result.reply
    return TurnEnded(
        ran=result.error is None or result.error.stage != REFUSED,
        asks=reply is not None and reply.follow_up,
        answered=reply is not None and reply.review is not None,
        cut=cut,
    )


def summary(result: TurnResult, seconds: float) -> dict[str, Any]:
    record = {**turn_record(result), "seconds": round(seconds, 2)}
    last = {key: record[key] for key in STATUS_FIELDS}
    last["error"] = result.error.message if result.error else None
    return last


def log_turn(where: str, last: dict[str, Any], result: TurnResult) -> None:
    log.info("%s turn: %s", where, {k: v for k, v in last.items() if k not in PRIVATE})
    log.debug("%s turn said: %s", where, {k: last[k] for k in PRIVATE})
    if result.error is not None:
        reply = result.reply
        log.warning(
            "%s turn failed in %s (%s): %s; the reply is kept in turn %s",
            where,
            result.error.stage,
            result.error.code,
            result.error.message,
            reply.turn_id if reply and reply.turn_id else "-",
        )


class TurnLog:
    """Each room's last turn and its counts of turns run and refused."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._last: dict[str, dict[str, Any]] = {}
        self._counts: dict[str, dict[str, int]] = {}

    def record(self, room: str, result: TurnResult, seconds: float) -> None:
        error = result.error
        counts = self._counts.setdefault(room, {"turns": 0, "refused": 0})
        if error is not None and error.stage == REFUSED:  # never ran: nothing was heard
            log.error("%s turn refused: %s", room, error.message)
            last = {"error": error.message, "stop_reason": error.code}
            counts["refused"] += 1
        else:
            last = summary(result, seconds)
            log_turn(room, last, result)
            counts["turns"] += 1
        with self._lock:
            self._last[room] = last

    def last_turn(self, room: str) -> dict[str, Any]:
        with self._lock:
            return dict(self._last.get(room, {}))

    def status(self, room: str) -> dict[str, Any]:
        """``last_turn``, ``turns`` and ``refused`` of one room."""
        counts = self._counts.get(room, {"turns": 0, "refused": 0})
        return {"last_turn": self.last_turn(room), **counts}
