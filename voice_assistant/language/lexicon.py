"""The language as data: ``data/lexicon.toml``, read once.

Every word list the assistant reads English with lives in that one file; modules take
their lists from here (``LEXICON`` or the typed views below), so none is spelled twice.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

DATA = resources.files("voice_assistant.language").joinpath("data")


def _load() -> dict[str, Any]:
    return tomllib.loads(DATA.joinpath("lexicon.toml").read_text(encoding="utf-8"))


LEXICON: dict[str, Any] = _load()


def expand(value: Any) -> Any:
    """A pattern with its ``"@section.key"`` lists replaced by the lexicon's lists."""
    if _ref(value):
        section, key = value[1:].split(".")
        return list(LEXICON[section][key])
    if isinstance(value, dict):
        return {k: expand(v) for k, v in value.items()}
    if isinstance(value, list):  # in a list, "@section.key" stands for that list's words
        return [
            w
            for v in value
            for w in (LEXICON[v[1:].split(".")[0]][v[1:].split(".")[1]] if _ref(v) else [expand(v)])
        ]
    return value


def _ref(value: Any) -> bool:
    return isinstance(value, str) and value.startswith("@")


def words(section: str, key: str) -> frozenset[str]:
    """One list of the lexicon as a set (``words("calendar", "months")``)."""
    return frozenset(LEXICON[section][key])


@dataclass(frozen=True)
class Qualifier:
    """Words that tell two (or more) things of one kind apart: one set per side."""

    sides: tuple[frozenset[str], ...]
    default: int | None

    def side(self, word: str) -> int | None:
        for number, side in enumerate(self.sides):
            if word in side:
                return number
        return None


@cache
def qualifiers() -> tuple[Qualifier, ...]:
    return tuple(
        Qualifier(tuple(frozenset(s) for s in q["sides"]), q.get("default"))
        for q in LEXICON["qualifiers"]
    )


@cache
def qualifier_words() -> frozenset[str]:
    return frozenset(w for q in qualifiers() for side in q.sides for w in side)


MONTHS = words("calendar", "months")
WEEKDAYS = words("calendar", "weekdays")
WEEK: tuple[str, ...] = tuple(LEXICON["calendar"]["weekdays"])
"""The weekdays in order, Monday first."""
SMALL_NUMBERS: dict[str, int] = {w: n for n, w in enumerate(LEXICON["numbers"]["units"])}
""""zero" … "nineteen" by their value."""
TENS: dict[str, int] = {w: 10 * n for n, w in enumerate(LEXICON["numbers"]["tens"]) if w}
""""twenty" … "ninety" by their value."""


def _ordinals() -> dict[str, int]:
    numbers = LEXICON["numbers"]
    below_twenty = len(numbers["units"]) - 1  # "first" … "nineteenth"
    tens = [*numbers["ordinals"][below_twenty:], *numbers["ordinals_past_days"]]
    return {w: n for n, w in enumerate(numbers["ordinals"][:below_twenty], 1)} | {
        w: 10 * n for n, w in enumerate(tens, 2)
    }


ORDINALS: dict[str, int] = _ordinals()
""""first" … "nineteenth", and the tens' ordinals "twentieth" … "ninetieth", by value."""
