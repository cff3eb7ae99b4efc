from __future__ import annotations

from typing import Literal, Protocol, TypeVar

from voice_assistant.events import Reply
from voice_assistant.llm.base import Message
from voice_assistant.research.dialogue import TYPED, Dialogue, ThisTurn

Mode = Literal["spoken", "written"]
D = TypeVar("D", bound=Dialogue, contravariant=True)


class Researcher(Protocol[D]):
    """Answers one question in a mode; never raises for a slow or cut-short answer. ``D``:
    the conversation state it needs (the research core a ``Dialogue``, the turn runner a
    ``turn.session.Session``)."""

    def answer(
        self, question: str, mode: Mode, session: D | None = None, turn: ThisTurn = TYPED
    ) -> Reply:
        """Answer within ``session``'s conversation (its history; its turn is stored there);
        None is a session of its own that sees no earlier turn. ``turn``: this turn's own
        data (how sure its words were heard, when it may go ahead)."""
        ...

    def prefixes(self, mode: Mode) -> list[tuple[str, list[Message]]]:
        """The fixed prompt prefix of each task, by task, for a backend to warm."""
        ...
