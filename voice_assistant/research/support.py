"""Answers that carry their support: each fact names its note and the words it rests on.

The final answer is constrained output. A spoken answer is at most two facts, each the
plain sentence the user hears and the number of the note it comes from (a grammar allows
only real note numbers): "Your dentist appointment is on 20 March. (note 2)". The words it
rests on are that note's passage, which is short (``passages``), so the model does not
spend tokens copying it. A written answer is JSON that keeps its layout (direct answer,
key points, what is open), and each point quotes its note. The support is for code's
review; only the sentences are spoken.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from typing import Any

from voice_assistant.memory.schema import STOPWORDS
from voice_assistant.research.fold import fold, held, stems
from voice_assistant.research.quotes import split_sentences, values

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


def spoken_grammar(count: int) -> str:
    """GBNF: "none", or one or two facts "sentence (note n)" citing notes 1..count, each
    one sentence ("12.50" and "Dr. Hartwell" do not end it)."""
    if count == 0:
        return 'root ::= "none"\n'
    numbers = " | ".join(f'"{n}"' for n in range(1, count + 1))
    return (
        'root ::= "none" | fact (" " fact)?\n'
        'fact ::= say " (note " number ")"\n'
        f"number ::= {numbers}\n"
        "say ::= part+ [.!?]\n"
        'part ::= [^().!?\\n] | "." [0-9] | "Dr. " | "Mr. " | "Mrs. " | "Ms. " | "St. "\n'
    )


def resting_on(say: str, passage: str) -> str:
    """The words of ``passage`` a spoken sentence rests on: the sentences that hold its
    values (numbers, names), else the one sharing most of its words."""
    sentences = split_sentences(passage) or [passage]
    said = set(values(say))
    holding = [s for s in sentences if said & set(fold(s))]
    words = stems(say) - STOPWORDS
    if holding:  # and the sentence with the rest of what it says ("Hugo wants paying in
        rest = words - stems(" ".join(holding))  # cash.": Hugo's sentence and the cash one)
        best = max(sentences, key=lambda s: len(held(rest, s)))
        if best not in holding and len(held(rest, best)) >= 2:
            holding = [s for s in sentences if s in holding or s == best]
        return " ".join(holding)
    return max(sentences, key=lambda s: len(words & stems(s)))


_CITED = re.compile(r"([^()]+?)\s*\(note (\d+)\)")


def parse_spoken(text: str, passages: list[str]) -> Draft | None:
    """The facts of a spoken answer, each resting on its note's passage; a sentence cut off
    before its citation is left out. None if it is neither facts nor "none"."""
    text = text.strip()
    if text.lower().rstrip(".") == "none":
        return Draft(())
    facts = []
    for match in _CITED.finditer(text):
        say, note = match.group(1).strip(), int(match.group(2))
        if 1 <= note <= len(passages) and say:
            facts.append(Fact(note, resting_on(say, passages[note - 1]), say))
    return Draft(tuple(facts[:SPOKEN_FACTS])) if facts else None


def recited(draft: Draft, subjects: list[str], passages: list[str]) -> Draft | None:
    """The draft with each fact whose values (numbers, names) its note does not hold cited
    instead to the one other note that holds them all (a small model writes the right
    sentence and cites the wrong note: "Glaze goes to 1240 degrees. (note 2)" where note 1
    says it); None when no citation moves. Code's review then checks the new citations."""
    facts, moved = [], False
    for fact in draft.facts:
        said = set(values(fact.say))
        holds = [
            n
            for n, (subject, passage) in enumerate(zip(subjects, passages, strict=True), 1)
            if said and said <= set(fold(f"{subject} {passage}"))
        ]
        if said and fact.note not in holds and len(holds) == 1:
            facts.append(Fact(holds[0], resting_on(fact.say, passages[holds[0] - 1]), fact.say))
            moved = True
        else:
            facts.append(fact)
    return replace(draft, facts=tuple(facts)) if moved else None


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


def _fact(item: Any, count: int) -> Fact | None:
    if not isinstance(item, dict):
        return None
    try:
        note = int(item["note"])
    except (KeyError, TypeError, ValueError):
        return None
    quote, said = str(item.get("quote", "")).strip(), str(item.get("fact", "")).strip()
    if not (1 <= note <= count) or not said:
        return None
    return Fact(note, quote, said)


def parse_written(text: str, count: int) -> Draft | None:
    """The written draft in ``text`` (points citing notes 1..count), or None if it is not one."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    items = data.get("points")
    if not isinstance(items, list):
        return None
    facts = [_fact(item, count) for item in items[:MAX_FACTS]]
    kept = tuple(f for f in facts if f is not None)
    return Draft(kept, str(data.get("answer", "")).strip(), str(data.get("open", "")).strip())


_STRING = r'"((?:[^"\\]|\\.)*)"'
_WHOLE_FACT = re.compile(
    rf'\{{\s*"note"\s*:\s*(\d+)\s*,\s*"quote"\s*:\s*{_STRING}\s*,\s*"fact"\s*:\s*{_STRING}\s*\}}'
)
_ANSWER = re.compile(rf'"answer"\s*:\s*{_STRING}')


def _unescape(text: str) -> str:
    try:
        return str(json.loads(f'"{text}"'))
    except ValueError:
        return text


def salvage_written(text: str, count: int) -> Draft:
    """The whole points (and direct answer) of a written answer cut off mid-JSON (a
    deadline or the output allowance)."""
    facts = []
    for match in _WHOLE_FACT.finditer(text):
        item = {"note": match.group(1), "quote": _unescape(match.group(2))}
        fact = _fact({**item, "fact": _unescape(match.group(3))}, count)
        if fact is not None:
            facts.append(fact)
    answer = _ANSWER.search(text)
    whole = answer is not None and text[answer.end() :].lstrip().startswith(",")
    return Draft(tuple(facts[:MAX_FACTS]), _unescape(answer.group(1)) if answer and whole else "")
