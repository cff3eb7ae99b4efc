"""Code's check of the model's answers by the same matching as code's own.

Every value a fact of an answer states (a day, a time, an amount, a number, a name, a
place, a code, a colour) must be held by a unit of the note it cites: a note about what
was asked (its focus), a unit of whose it is (the question's owner, with the aliases the
notes give), on the side of any qualifier the question says. A value the question or the
conversation said is no claim. A one-value question the model answered must get a value
of the kind asked. Pure functions over readings: the model's account stands only where
code finds each value it states (``research.answering`` drops a fact that fails).
"""

from __future__ import annotations

from dataclasses import dataclass

from voice_assistant.language.conditions import ACCEPTS
from voice_assistant.language.days import date_key
from voice_assistant.language.focus import focus_found
from voice_assistant.language.lexicon import ORDINALS, SMALL_NUMBERS, TENS
from voice_assistant.language.match import aliases
from voice_assistant.language.question import Question
from voice_assistant.language.reading import USER, NoteReading, Token, Unit, Value
from voice_assistant.language.sides import qualified
from voice_assistant.language.tokens import CONTENT
from voice_assistant.language.values import values
from voice_assistant.language.wordnet import wordnet

CLAIMS = frozenset(
    {
        "date",
        "time",
        "money",
        "count",
        "quantity",
        "rate",
        "age",
        "duration",
        "person",
        "organisation",
        "place",
        "code",
        "colour",
    }
)
"""The kinds of value an answer claims: a day, a number, a name, a colour. The model's
own wording is not checked here."""
NUMBERS: dict[str, int] = {
    **SMALL_NUMBERS,
    **TENS,
    **{w: n for w, n in ORDINALS.items() if n <= 19},
}
"""Number words as digits: "seven" and "7" state the same number."""


@dataclass(frozen=True)
class Ungrounded:
    value: str
    kind: str
    why: str

    def text(self) -> str:
        return f"{self.value!r} ({self.kind}): {self.why}" if self.value else self.why


def unheld(
    question: Question,
    said: list[tuple[Token, ...]],
    notes: list[NoteReading],
    context: frozenset[str] = frozenset(),
) -> list[Ungrounded]:
    """What an answer (``said``: its sentences as tokens) states that no note about the
    question holds. A value the question or the conversation (``context``, its words)
    said is no claim."""
    known = aliases(notes)
    asked = {t.text.lower() for t in question.tokens} | {t.lemma for t in question.tokens}
    asked |= context
    out: list[Ungrounded] = []
    for tokens, v in _stated(said):
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


def lacks_kind(question: Question, said: list[tuple[Token, ...]]) -> str | None:
    """A one-value question answered with no value of the kind it asks ("When is my
    10k?" answered "Your 10k needs long runs."): what is missing."""
    if not question.single or question.sides:
        return None
    accepted = {a for k in question.kinds for a in ACCEPTS.get(k, [k])}
    dated = "date" in accepted and any(  # "on the 14th of February"
        any(k.startswith("m:") for k in date_key(tokens, 0, len(tokens))) for tokens in said
    )
    if dated or any(v.kind in accepted for _, v in _stated(said)):
        return None
    return f"it does not give the {question.kinds[0]} asked"


def _stated(said: list[tuple[Token, ...]]) -> list[tuple[tuple[Token, ...], Value]]:
    """The values an answer claims, with the sentence each stands in."""
    return [
        (tokens, v)
        for tokens in said
        for v in [*values(tokens), *_colours(tokens)]
        if v.kind in CLAIMS and not _cited(tokens, v)
    ]


def _colours(tokens: tuple[Token, ...]) -> list[Value]:
    """ "The car is red": a colour is a claim as much as a number is."""
    return [
        Value("colour", t.text, k, k + 1)
        for k, t in enumerate(tokens)
        if t.pos in ("ADJ", "NOUN")
        and t.lemma.isalpha()
        and wordnet().is_a(t.lemma, "color", senses=2)
    ]


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
    """Where in the unit the stated value stands: the smallest of its values saying the
    same day or every word of it, else the rarest of its words when all are there."""
    said = date_key(tokens, value.start, value.end) if value.kind == "date" else frozenset()
    covering = []
    for part in unit.parts:
        for own in part.values:
            held = date_key(unit.tokens, own.start, own.end) if own.kind == "date" else None
            same = bool(said and held and _same_date(said, held))
            if same or words <= _words(unit.tokens, own.start, own.end):
                covering.append(own)
    if covering:  # the closest fit: "22 euros", not the whole list it stands in
        return min(covering, key=lambda v: v.end - v.start)
    if not words <= _words(unit.tokens, 0, len(unit.tokens)):
        return None
    at = [(k, _words(unit.tokens, k, k + 1) & words) for k in range(len(unit.tokens))]
    at = [(k, w) for k, w in at if w]
    count = {w: sum(1 for _, ws in at if w in ws) for w in words}
    rarest = min(words, key=lambda w: (count.get(w, 0), w))
    k = next(k for k, ws in at if rarest in ws)
    return Value(value.kind, value.text, k, k + 1)


def _same_date(said: frozenset[str], held: frozenset[str]) -> bool:
    """The same day: the parts both say (weekday, month, day of the month) agree, and
    they say one at least ("12 October" is not "Saturdays")."""
    shared = False
    for prefix in ("wd:", "m:", "d:"):
        a = {k for k in said if k.startswith(prefix)}
        b = {k for k in held if k.startswith(prefix)}
        if a and b:
            if a != b:
                return False
            shared = True
    return shared


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
