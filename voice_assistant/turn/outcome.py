"""The outcome document and the ask: what the turn did, and the one thing to ask next.

Built by code from receipts and acts, never by a model; the acknowledgement is written
from this document alone, and code's own reply (``code_reply``) is the fallback.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from voice_assistant.turn.acts import ASK_FOR, Act

DISPUTED_ASK = "What should it be instead?"


@dataclass(frozen=True)
class Receipt:
    """Proof of a committed change (or of a read-only act's result): ``title: body``."""

    id: int
    act: str
    title: str
    body: str

    def text(self) -> str:
        return f"{self.title}: {self.body}"


@dataclass(frozen=True)
class NotDone:
    act: Act
    why: str


@dataclass(frozen=True)
class Dispute:
    """The user contests a change a receipt of the previous reply records."""

    receipt: Receipt
    said: str


@dataclass(frozen=True)
class OutcomeDocument:
    done: tuple[Receipt, ...] = ()
    not_done: tuple[NotDone, ...] = ()
    disputed: tuple[Dispute, ...] = ()
    started: tuple[str, ...] = ()
    ask: str | None = None
    shown: tuple[str, ...] = field(default=())
    """What is on screen; nothing for voice, kept for a future display."""

    def material(self) -> list[str]:
        """Everything a reply may state, one line each (what review checks claims against)."""
        lines = [f"Done: {r.text()}" for r in self.done]
        lines += [f"Not done: {n.act.kind} ({n.why})" for n in self.not_done]
        lines += [f"Disputed: {d.receipt.text()} (user said: {d.said})" for d in self.disputed]
        lines += [f"Started: {s}" for s in self.started]
        if self.ask:
            lines.append(f"Ask: {self.ask}")
        return lines


def choose_ask(
    disputed: list[Dispute], acts: list[Act], obligations: list[str] | None = None
) -> str | None:
    """A contested change, else the first missing value, else the first open obligation."""
    if disputed:
        return DISPUTED_ASK
    for act in acts:
        if act.missing and act.values.get("ask"):  # code wrote it for this act ("7:00 in …?")
            return str(act.values["ask"])
        if act.missing:
            return ASK_FOR.get((act.kind, act.missing[0]), f"What {act.missing[0]} should I use?")
    return obligations[0] if obligations else None


def code_reply(document: OutcomeDocument, answers: list[str]) -> str:
    """The reply code writes itself: receipts, answers in order, then the ask."""
    parts = [f"{r.text()}." for r in document.done]
    parts += [f"I didn't {n.act.kind.replace('_', ' ')}: {n.why}." for n in document.not_done]
    parts += [a for a in answers if a]
    if document.ask:
        parts.append(document.ask)
    return " ".join(parts)
