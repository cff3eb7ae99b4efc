"""A conversation's own state, passed with each of its turns.

Two rooms (the daemon's microphone, a satellite, a typed ``ask``) are two sessions, so a
value asked for in one is never answered from the other, and a dispute refers to the
changes this conversation's previous reply reported.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from voice_assistant.turn.acts import Act
from voice_assistant.turn.outcome import Receipt


@dataclass
class Session:
    room: str = "local"
    """The device or room the conversation belongs to: stored with it, so a room only
    ever continues a conversation of its own."""
    continues_latest: bool = True
    """The first turn continues the room's latest open conversation (``ask``, the daemon or
    a satellite after a restart); False starts a conversation of its own (each batch file)."""
    conversation: int | None = None
    """The stored conversation (its history); set by the first turn."""
    waiting: Act | None = None
    """The act the previous reply asked a value for; the next utterance may give it."""
    last_receipts: tuple[Receipt, ...] = field(default_factory=tuple)
    """Changes the previous reply reported: what a dispute can refer to."""
    heard: tuple[float, float] = (0.0, 0.0)
    """How sure the recogniser was of this turn's words: their mean log probability per
    token and their least sure word's (``Transcript``; 0.0 for typed text). Words heard in
    doubt are never answered from general knowledge."""

    @classmethod
    def independent(cls, room: str = "batch") -> Session:
        """A session that sees no earlier conversation (a batch file, a benchmark turn)."""
        return cls(room=room, continues_latest=False)
