"""What research needs to know of the conversation a question is asked in, and of the
turn that asks it.

Two rooms (the daemon's microphone, a satellite, a typed ``ask``) are two dialogues, so a
value asked for in one is never answered from the other. The conversation's state between
turns (an act waiting for a value, the changes to dispute) extends this in
``turn.session.Session``; what belongs to one turn only is a ``ThisTurn``, made for it
and given with it, never kept on the room's session.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol


class GoAhead(Protocol):
    def __call__(self, whole: bool = False, ready: bool = False, reply: str = "") -> None:
        """Before something lasting. ``whole``: code reads the request as whole commands
        with every value said (``turn.understand.whole_commands``), so a turn started at
        a pause may be confirmed by a shorter silence (``endpoint.whole_command_silence_s``).
        ``ready``: the reply is made (or follows at once), so no thinking earcon need
        stand before it; ``reply``: its words, which may be synthesised while it waits."""


def at_once(whole: bool = False, ready: bool = False, reply: str = "") -> None:
    """A turn heard to its end may go ahead at once."""


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


@dataclass(frozen=True)
class ThisTurn:
    """One turn's own data, made by the pipeline for it alone."""

    heard: tuple[float, float] = (0.0, 0.0)
    """How sure the recogniser was of this turn's words: their mean log probability per
    token and their least sure word's (``Transcript``; 0.0 for typed text). Words heard in
    doubt are never answered from general knowledge."""
    least_sure_at: int = -1
    """Where the word it was least sure of is among the words (``Transcript``): a time or
    duration that word gave is asked for (``turn.doubted_values``)."""
    go_ahead: GoAhead = field(default=at_once, repr=False, compare=False)
    """Called before anything lasting (a stored turn, an act, speech), from the turn's
    ``Delivery``: it returns at once, except in a turn started at a pause before the user
    was surely done, which waits there for the end of the turn to be confirmed, or raises
    ``errors.Dropped``."""


TYPED = ThisTurn()
"""A turn given as text, heard to its end: sure of its words, going ahead at once."""
