"""A finished turn as the daemon shows and logs it (``status``'s ``last_turn``): the same
for its own microphone and for each satellite. Memory text stays out of INFO logs."""

from __future__ import annotations

import logging
from typing import Any

from voice_assistant.pipeline import TurnResult, turn_record

log = logging.getLogger("voice_assistant.daemon")
STATUS_FIELDS = ("transcript", "reply", "heard", "cut", "stop_reason", "timings", "seconds")
PRIVATE = ("transcript", "reply", "heard")  # memory text: INFO logs keep to how it went


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
    """One source's last turn and counts (a satellite's; the daemon keeps its own)."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.last_turn: dict[str, Any] = {}
        self.counts = {"turns": 0, "wakes": 0}

    def record(self, result: TurnResult, seconds: float) -> None:
        self.counts["turns"] += 1
        self.last_turn = summary(result, seconds)
        log_turn(self.where, self.last_turn, result)

    def status(self) -> dict[str, Any]:
        return {"last_turn": self.last_turn, **self.counts}
