"""What a satellite is told about our timers: the ``timer-*`` events for what changed
between two looks at the running timers (a pure function; the hub looks once a second)."""

from __future__ import annotations

from collections.abc import Mapping

from wyoming.event import Event
from wyoming.timer import TimerCancelled, TimerFinished, TimerStarted

from voice_assistant.turn.actions import Timer


def started(timer: Timer, now: float) -> Event:
    """A running timer as ``timer-started``, its seconds counted from ``now`` (a satellite
    that connects late is told what is left)."""
    left = max(0, round(timer.due - now))
    hours, rest = divmod(left, 3600)
    minutes, seconds = divmod(rest, 60)
    return TimerStarted(
        id=str(timer.id),
        total_seconds=left,
        name=timer.label or None,
        start_hours=hours or None,
        start_minutes=minutes or None,
        start_seconds=seconds or None,
    ).event()


def timer_events(
    before: Mapping[int, Timer], running: list[Timer], ended: Mapping[int, str], now: float
) -> list[Event]:
    """Events for the timers started since ``before`` and those no longer running:
    ``ended`` holds their state (``rung`` -> finished; cancelled or gone -> cancelled)."""
    events = [started(t, now) for t in running if t.id not in before]
    still = {t.id for t in running}
    for timer_id in sorted(set(before) - still):
        if ended.get(timer_id) == "rung":
            events.append(TimerFinished(id=str(timer_id)).event())
        else:
            events.append(TimerCancelled(id=str(timer_id)).event())
    return events
