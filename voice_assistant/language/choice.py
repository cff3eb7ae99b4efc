"""A question that offers its own answers ("Does the neighbour's spare open the front
or the back?", "Is the Spanish class in person or online?"): its two sides, as read."""

from __future__ import annotations

from dataclasses import dataclass

from voice_assistant.language.reading import Token
from voice_assistant.language.tokens import CONTENT


@dataclass(frozen=True)
class Side:
    """One offered answer: as the question says it, and its content words."""

    text: str
    words: frozenset[str]


def sides_of(tokens: tuple[Token, ...]) -> tuple[Side, ...]:
    """The two sides a question joins with "or" ("the front or the back"), else ()."""
    for o, t in enumerate(tokens):
        if t.lemma != "or" or t.dep != "cc" or not 0 <= t.head < len(tokens):
            continue
        right = next(
            (k for k, c in enumerate(tokens) if k > o and c.head == t.head and c.dep == "conj"),
            None,
        )
        if right is None:
            continue
        after = _subtree(tokens, right)
        before = [k for k in _subtree(tokens, t.head) if k < o and k not in after]
        if not before:
            continue
        out = tuple(
            side
            for span in (range(min(before), o), range(min(after), max(after) + 1))
            if (side := _side(tokens, span)) is not None
        )
        return out if len(out) == 2 else ()
    return ()


def offered(tokens: tuple[Token, ...], sides: tuple[Side, ...]) -> set[int]:
    """The token positions of the sides and the "or" between them."""
    words = {w for s in sides for w in s.words}
    return {k for k, t in enumerate(tokens) if t.lemma in words or t.lemma == "or"}


def _side(tokens: tuple[Token, ...], span: range) -> Side | None:
    words = frozenset(tokens[k].lemma for k in span if tokens[k].pos in CONTENT | {"ADV"})
    if not words:
        return None
    return Side(" ".join(tokens[k].text for k in span), words)


def _subtree(tokens: tuple[Token, ...], root: int) -> set[int]:
    found = {root}
    grew = True
    while grew:
        more = {k for k, t in enumerate(tokens) if t.head in found and k not in found}
        grew = bool(more)
        found |= more
    return found
