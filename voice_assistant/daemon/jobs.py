"""The daemon's jobs besides its turns (which go through ``TurnService.submit``), its
states and its status: typed, so each is spelt one way."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Protocol

from voice_assistant.turn.alarms import Alarm


@dataclass(frozen=True)
class RingJob:
    """Ring the timers, alarms and reminders that are due (and, every few seconds, check the
    model files)."""


@dataclass(frozen=True)
class SayJob:
    text: str


@dataclass(frozen=True)
class EarconJob:
    """The "heard you" sound after the wake word."""


@dataclass(frozen=True)
class AlarmBeat:
    """One ring of an alarm that rings until stopped, or ``ends_at`` (monotonic seconds):
    the worker runs what was queued meanwhile ("Stop" heard by its turn) before the next."""

    alarm: Alarm
    ends_at: float


Job = RingJob | SayJob | EarconJob | AlarmBeat


class State(enum.StrEnum):
    STARTING = "starting"
    IDLE = "idle"
    LISTENING = "listening"
    THINKING = "thinking"
    SPEAKING = "speaking"
    RINGING = "ringing"
    MIC_LOST = "mic-lost"


class MicState(enum.StrEnum):
    STARTING = "starting"
    OK = "ok"
    LOST = "lost"


@dataclass
class Counts:
    """What the daemon counts itself (its turns are counted by the turn log)."""

    wakes: int = 0
    barge_ins: int = 0
    timers_rung: int = 0
    alarms_rung: int = 0
    mic_losses: int = 0
    """Times the microphone went away (once each, however long it took to come back)."""
    mic_stalls: int = 0
    """Times an open microphone delivered no audio for a while (also during a loss)."""

    def mic_stalled(self) -> None:
        self.mic_stalls += 1


@dataclass
class Status:
    """What ``voice-assistant status`` shows (the control socket's ``status``)."""

    state: State
    mode: str
    """What the daemon listens for (``run --mode``): wake, ptt or both."""
    mic: str
    mic_state: MicState
    models: dict[str, str] | str
    """Model files that changed on disk and failed their check, or "ok"."""
    turns: dict[str, Any]
    """The microphone's ``last_turn`` and its counts of turns run and refused."""
    counts: Counts = field(default_factory=Counts)
    last_barge_in_s: float = 0.0
    satellites: dict[str, Any] = field(default_factory=dict)
    """Each satellite's state, room, counts and last turn, by address."""

    def as_dict(self) -> dict[str, Any]:
        return {
            "state": str(self.state),
            "mode": self.mode,
            "mic": self.mic,
            "mic_state": str(self.mic_state),
            "models": self.models,
            **self.turns,
            **vars(self.counts),
            "last_barge_in_s": round(self.last_barge_in_s, 3),
            "satellites": self.satellites,
        }


class Neighbour(Protocol):
    """What runs beside the daemon on its worker (the Wyoming server, the satellites): it
    follows a reload through the worker, which runs its model calls on the assembly in
    force."""

    def stop(self) -> None: ...
