from __future__ import annotations

from typing import Literal, Protocol

from voice_assistant.events import Reply

Mode = Literal["spoken", "written"]


class Researcher(Protocol):
    """Answers one question in a mode; never raises for a slow or cut-short answer."""

    def answer(self, question: str, mode: Mode) -> Reply: ...

    def new_conversation(self) -> None:
        """Start afresh: the next question sees no earlier messages."""
        ...

    def warm(self, mode: Mode) -> None:
        """Prepare for the first question (e.g. fill the KV cache of fixed prompts)."""
        ...
