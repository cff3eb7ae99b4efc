"""What research needs to know of the conversation a question is asked in.

Two rooms (the daemon's microphone, a satellite, a typed ``ask``) are two dialogues, so a
value asked for in one is never answered from the other. The turn's own state (an act
waiting for a value, the changes to dispute) extends this in ``turn.session.Session``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Dialogue:
    room: str = "local"
    """The device or room the conversation belongs to: stored with it, so a room only
    ever continues a conversation of its own."""
    continues_latest: bool = True
    """The first turn continues the room's latest open conversation (``ask``, the daemon or
    a satellite after a restart); False starts a conversation of its own (each batch file)."""
    conversation: int | None = None
    """The stored conversation (its history); set by the first turn."""
    heard: tuple[float, float] = (0.0, 0.0)
    """How sure the recogniser was of this turn's words: their mean log probability per
    token and their least sure word's (``Transcript``; 0.0 for typed text). Words heard in
    doubt are never answered from general knowledge."""
