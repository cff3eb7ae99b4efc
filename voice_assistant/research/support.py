"""Answers that carry their support: each fact names its note and quotes its words.

The final answer is constrained JSON. A spoken answer is a list of facts, each with the
note it comes from (the note numbers are an enum: only a real note can be cited), the
words of that note it rests on, and the plain sentence the user hears. A written answer
keeps its layout (direct answer, key points, what is open) and each point carries a
quote. The support is for code's review; only the sentences are spoken.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

MAX_FACTS = 3
SPOKEN_FACTS = 2
"""A spoken answer is two or three sentences: two facts (the small models fill every slot
they are given, with less relevant facts last)."""


@dataclass(frozen=True)
class Fact:
    note: int
    """The 1-based number of the note it comes from."""
    quote: str
    """The words of that note the fact rests on."""
    say: str
    """The sentence for the user (spoken), or the point (written)."""


@dataclass(frozen=True)
class Draft:
    """A parsed final answer: its facts, and for written answers the direct answer and
    what the notes leave open."""

    facts: tuple[Fact, ...]
    answer: str = ""
    open: str = ""


def _note_enum(count: int) -> dict[str, Any]:
    return {"type": "integer", "enum": list(range(1, count + 1))}


def spoken_schema(count: int) -> dict[str, Any]:
    fact = {
        "type": "object",
        "properties": {
            "note": _note_enum(count),
            "quote": {"type": "string"},
            "say": {"type": "string"},
        },
        "required": ["note", "quote", "say"],
        "additionalProperties": False,
    }
    facts: dict[str, Any] = {
        "type": "array",
        "items": fact,
        "maxItems": SPOKEN_FACTS if count else 0,
    }
    return {
        "type": "object",
        "properties": {"facts": facts},
        "required": ["facts"],
        "additionalProperties": False,
    }


def written_schema(count: int) -> dict[str, Any]:
    """The written answer: code writes the layout; a point can only cite a real note."""
    point = {
        "type": "object",
        "properties": {
            "note": _note_enum(count),
            "quote": {"type": "string"},
            "fact": {"type": "string"},
        },
        "required": ["note", "quote", "fact"],
        "additionalProperties": False,
    }
    points: dict[str, Any] = {"type": "array", "items": point, "maxItems": MAX_FACTS}
    if count:
        points["minItems"] = 1  # a direct answer with no point quotes nothing: unusable
    else:
        points["maxItems"] = 0
    return {
        "type": "object",
        "properties": {"answer": {"type": "string"}, "points": points, "open": {"type": "string"}},
        "required": ["answer", "points", "open"],
        "additionalProperties": False,
    }


def _fact(item: Any, text_key: str, count: int) -> Fact | None:
    if not isinstance(item, dict):
        return None
    try:
        note = int(item["note"])
    except (KeyError, TypeError, ValueError):
        return None
    quote, say = str(item.get("quote", "")).strip(), str(item.get(text_key, "")).strip()
    if not (1 <= note <= count) or not say:
        return None
    return Fact(note, quote, say)


def parse(text: str, count: int, written: bool = False) -> Draft | None:
    """The draft in ``text`` (facts citing notes 1..count), or None if it is not one."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    items = data.get("points" if written else "facts")
    if not isinstance(items, list):
        return None
    facts = [_fact(item, "fact" if written else "say", count) for item in items[:MAX_FACTS]]
    kept = tuple(f for f in facts if f is not None)
    if written:
        return Draft(kept, str(data.get("answer", "")).strip(), str(data.get("open", "")).strip())
    return Draft(kept)


def as_json(draft: Draft, written: bool = False) -> str:
    """The draft as the model would have written it (for a rewrite request)."""
    key = "fact" if written else "say"
    items = [{"note": f.note, "quote": f.quote, key: f.say} for f in draft.facts]
    if written:
        return json.dumps({"answer": draft.answer, "points": items, "open": draft.open})
    return json.dumps({"facts": items})


_STRING = r'"((?:[^"\\]|\\.)*)"'
_WHOLE_FACT = re.compile(
    rf'\{{\s*"note"\s*:\s*(\d+)\s*,\s*"quote"\s*:\s*{_STRING}\s*,\s*"(?:say|fact)"\s*:\s*{_STRING}\s*\}}'
)
_ANSWER = re.compile(rf'"answer"\s*:\s*{_STRING}')


def _unescape(text: str) -> str:
    try:
        return str(json.loads(f'"{text}"'))
    except ValueError:
        return text


def salvage(text: str, count: int, written: bool = False) -> Draft:
    """The whole facts of an answer cut off mid-JSON (a deadline or the output allowance)."""
    facts = []
    for match in _WHOLE_FACT.finditer(text):
        fact = _fact(
            {
                "note": match.group(1),
                "quote": _unescape(match.group(2)),
                "say": _unescape(match.group(3)),
            },
            "say",
            count,
        )
        if fact is not None:
            facts.append(fact)
    answer = _ANSWER.search(text) if written else None
    whole = answer is not None and text[answer.end() :].lstrip().startswith(",")
    return Draft(tuple(facts[:MAX_FACTS]), _unescape(answer.group(1)) if answer and whole else "")
