"""A conversation's own state, passed with each of its turns: what research needs
(``research.dialogue.Dialogue``: the room, its stored conversation, how sure the words
were heard) and what only the turn keeps between replies (an act waiting for a value, the
changes a dispute refers to, where the last answer came from).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from voice_assistant.research.dialogue import Dialogue
from voice_assistant.turn.acts import Act
from voice_assistant.turn.outcome import Receipt
from voice_assistant.turn.where_from import Support


@dataclass
class Session(Dialogue):
    waiting: Act | None = None
    """The act the previous reply asked a value for; the next utterance may give it."""
    last_receipts: tuple[Receipt, ...] = field(default_factory=tuple)
    """Changes the previous reply reported: what a dispute can refer to."""
    last_support: Support | None = None
    """Where the conversation's last answer came from: what "How do you know?" is told."""

    @classmethod
    def independent(cls, room: str = "batch") -> Session:
        """A session that sees no earlier conversation (a batch file, a benchmark turn)."""
        return cls(room=room, continues_latest=False)
