"""Code's check of the model's answers by the same matching as code's own.

Every value an answer states (a day, a time, an amount, a number, a name, a place, a
code) must be held by a unit of the notes research gave the model: a unit about what was
asked (its focus), of whose it is (the question's owner, with the aliases the notes
give), and on the side of any qualifier the question says. A value the question itself
says is no claim. A one-value question the model answered must get a value of the kind
asked. Pure functions over readings: the model's account stands only where code finds
each value it states.
"""

from __future__ import annotations

from dataclasses import dataclass

from voice_assistant.language.conditions import ACCEPTS
from voice_assistant.language.days import date_key, same_day
from voice_assistant.language.focus import focus_found
from voice_assistant.language.lexicon import LEXICON
from voice_assistant.language.match import aliases
from voice_assistant.language.question import Question
from voice_assistant.language.reading import USER, NoteReading, Token, Unit, Value
from voice_assistant.language.sides import qualified
from voice_assistant.language.tokens import CONTENT
from voice_assistant.language.values import values

CLAIMS = frozenset(
    {
        "date",
        "time",
        "money",
        "count",
        "quantity",
        "age",
        "duration",
        "person",
        "organisation",
        "place",
        "code",
    }
)
"""The kinds of value an answer claims: a day, a number, a name. Attributes ("a blue
estate") and the model's own wording are not checked here."""
NUMBERS: dict[str, int] = {
    **{w: n for n, w in enumerate(LEXICON["numbers"]["units"])},
    **{w: 10 * n for n, w in enumerate(LEXICON["numbers"]["tens"]) if w},
    **{w: n for n, w in enumerate(LEXICON["numbers"]["ordinals"], 1) if n <= 19},
}
"""Number words as digits: "seven" and "7" state the same number."""


@dataclass(frozen=True)
class Ungrounded:
    value: str
    kind: str
    why: str

    def text(self) -> str:
        return f"{self.value!r} ({self.kind}): {self.why}" if self.value else self.why


def ungrounded(
    question: Question, said: list[tuple[Token, ...]], notes: list[NoteReading]
) -> list[Ungrounded]:
    """What the answer (``said``: its sentences as tokens) states that no note about the
    question holds, and a missing value of the kind asked."""
    known = aliases(notes)
    asked = {t.text.lower() for t in question.tokens} | {t.lemma for t in question.tokens}
    stated = [
        (tokens, v)
        for tokens in said
        for v in values(tokens)
        if v.kind in CLAIMS and not _cited(tokens, v)
    ]
    out: list[Ungrounded] = []
    if question.single and not question.sides:
        accepted = {a for k in question.kinds for a in ACCEPTS.get(k, [k])}
        dated = "date" in accepted and any(  # "on the 14th of February"
            any(k.startswith("m:") for k in date_key(tokens, 0, len(tokens))) for tokens in said
        )
        if not dated and not any(v.kind in accepted for _, v in stated):
            out.append(Ungrounded("", "", f"it does not give the {question.kinds[0]} asked"))
    for tokens, v in stated:
        words = _words(tokens, v.start, v.end)
        if not words or words <= asked:
            continue  # "Wilhelmina's birthday" said back: the question's own words
        if not any(
            _held(question, note, unit, words, tokens, v, known)
            for note in notes
            for unit in note.units
        ):
            out.append(Ungrounded(v.text, v.kind, "no note about what was asked holds it"))
    return out


def _held(
    question: Question,
    note: NoteReading,
    unit: Unit,
    words: frozenset[str],
    tokens: tuple[Token, ...],
    value: Value,
    known: dict[str, frozenset[str]],
) -> bool:
    """The unit states the value: its note is about what was asked (an account may
    gather a note's sentences), the unit is of the question's owner, every word and
    number of the value is in it (or it says the same day), on the side asked."""
    about = note.title.union(*(u.words for u in note.units))
    if question.focus and focus_found(question, about) is None:
        return False
    if question.owner and question.owner != {USER}:
        people = {n for m in unit.mentions for n in m.names} | set(unit.owner) | set(note.owner)
        people |= {a for n in people for a in known.get(n, frozenset())}
        if not people & question.owner:
            return False
    at = _where(words, tokens, value, unit)
    if at is None:
        return False
    if not question.qualifiers:
        return True  # an account states what the notes say, of whichever side
    part = next((p for p in unit.parts if p.start <= at.start < p.end), None)
    return part is None or qualified(question, unit, part, note, at) is not None


def _where(
    words: frozenset[str], tokens: tuple[Token, ...], value: Value, unit: Unit
) -> Value | None:
    """Where in the unit the stated value stands: the same day, or all its words."""
    if value.kind == "date":
        said = date_key(tokens, value.start, value.end)
        for part in unit.parts:
            for own in part.values:
                held = date_key(unit.tokens, own.start, own.end) if own.kind == "date" else None
                if said and held and same_day(said, held) and same_day(held, said):
                    return own
    found = [k for k in range(len(unit.tokens)) if _words(unit.tokens, k, k + 1) & words]
    if not found or not words <= _words(unit.tokens, 0, len(unit.tokens)):
        return None
    return Value(value.kind, value.text, min(found), max(found) + 1)


def _words(tokens: tuple[Token, ...], start: int, end: int) -> frozenset[str]:
    """A value's words, folded: lower case, numbers as digits ("seven", "7th": "7")."""
    out = set()
    for t in tokens[start:end]:
        if t.pos not in CONTENT and not t.text[:1].isdigit():
            continue
        for word in t.text.lower().strip(".,;:!?'\"()").split("-"):  # "Skylark-Guest"
            if word[:1].isdigit():
                word = word.rstrip("stndrh") if word.rstrip("stndrh").isdigit() else word
            elif word in NUMBERS:
                word = str(NUMBERS[word])
            if word:
                out.add(word)
    return frozenset(out)


def _cited(tokens: tuple[Token, ...], value: Value) -> bool:
    """ "[1]": a written answer's citation, not a number it states."""
    before = tokens[value.start - 1].text if value.start else ""
    after = tokens[value.end].text if value.end < len(tokens) else ""
    return before == "[" and after == "]"
