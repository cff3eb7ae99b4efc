"""The daemon's state (``status``'s ``state``), written in one place: the microphone loop
and the jobs on the worker post what happened, and ``next_state`` decides what that makes
the state. A message may come from either thread; the lock keeps each change whole."""

from __future__ import annotations

import threading
from typing import Literal

from voice_assistant.daemon.jobs import State

Message = Literal[
    "mic-ok", "mic-lost", "listening", "thinking", "speaking", "ringing", "done", "gave-up"
]
"""What happened: the microphone opened or was lost; a listening window opened; a turn or
a job entered a phase; a job ended; a window closed with nobody speaking."""


def next_state(state: State, message: Message, busy: bool) -> State:
    """The state after ``message``; ``busy``: a job runs on the worker (the assistant may
    be speaking), so a lost microphone or a closed window does not make it idle."""
    if message == "mic-ok":
        return State.IDLE if state in (State.STARTING, State.MIC_LOST) else state
    if message == "mic-lost":
        return state if busy else State.MIC_LOST
    if message == "gave-up":
        return state if busy else State.IDLE
    if message == "done":  # a window opened meanwhile stays open
        return state if state == State.LISTENING else State.IDLE
    return {
        "listening": State.LISTENING,
        "thinking": State.THINKING,
        "speaking": State.SPEAKING,
        "ringing": State.RINGING,
    }[message]


class Board:
    def __init__(self, busy: threading.Event) -> None:
        self.busy = busy
        self._state = State.STARTING
        self._lock = threading.Lock()

    @property
    def state(self) -> State:
        return self._state

    def post(self, message: Message) -> None:
        with self._lock:
            self._state = next_state(self._state, message, self.busy.is_set())
