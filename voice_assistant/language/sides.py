"""The qualifier condition: a note's value is on the side of each qualifier the question
says (main/guest, out/back, wholesale/retail), or on the usual side when it says none."""

from __future__ import annotations

from collections.abc import Iterable

from voice_assistant.language.changes import change_of
from voice_assistant.language.lexicon import Qualifier, qualifiers
from voice_assistant.language.question import Question
from voice_assistant.language.reading import NoteReading, Part, Token, Unit, Value
from voice_assistant.language.tokens import aside, clause_of, hyphened, list_item, negated

RANGE_ENDS = frozenset({"start", "end"})
"""What ``values`` marks the two days or times of a range with."""


def qualified(
    question: Question,
    unit: Unit,
    part: Part,
    note: NoteReading,
    value: Value,
    picked: bool = False,
) -> float | None:
    """None when the part is about the other side of a qualifier the question says;
    else how plainly it picks the value: a side asked and said counts 2, one meant by
    default 1. Of two things a question does not tell apart, the usual one is meant: a
    time said without "lands" is when it leaves, a password without "guest" the main. A
    part saying both sides ("Two scoops in the morning, one in the evening") gives each
    value the side said nearest to it. A part the question ``picked`` by its words ("…
    wholesale to the farm shop" for what the farm shop pays) needs no usual side."""
    change = change_of(unit.tokens, value)
    said = (
        _in_clause(unit, part, value)
        | unit.label
        | note.title
        | (set(value.about) - RANGE_ENDS if change else set(value.about))
        | ({change} if change else set())
    )
    # ("moved from 19 January to 21 January": the from and to of a change, no range's)
    elsewhere = {
        w
        for p in unit.parts
        if p is not part and not aside(unit.tokens, p.start, value.start)
        for w in p.words
    } | part.words
    # (the unit's other parts, and this part outside the value's clause: "The production
    # key is not in the vault: only the on-call lead has it")
    earlier = _said_before(unit, value)
    stray = _of_another(question, unit, part, value)
    lead = _lead(unit, part, value)
    verdicts: dict[int, float | None] = {}
    for number, group in enumerate(qualifiers()):
        asked = {side for w in question.qualifiers if (side := group.side(w)) is not None}
        here = _sides(group, said) or _sides(group, lead)
        if change and (side := group.side(change)) is not None:
            here = {side}  # "moved from Sat 5 May to …": the from is the old day, "moved" or not
        elif len(here) > 1:
            here = _nearest(group, unit, part, value) or here
        if not asked:
            own = here if here.isdisjoint(_sides(group, stray)) else _sides(group, said - stray)
            if group.default is not None and own and group.default not in own and not picked:
                return None  # "lands 13:05" is no answer to when a flight is
            continue
        verdicts[number] = _verdict(
            group, asked, here, _sides(group, elsewhere), _sides(group, earlier)
        )
    score = 0.0
    for word in question.qualifiers:  # "back": the back tyres, or the flight back
        mine = [v for n, v in verdicts.items() if qualifiers()[n].side(word) is not None]
        passing = [v for v in mine if v is not None]
        if mine and not passing:
            return None
        score += max(passing, default=0.0)
    return score


def _said_before(unit: Unit, value: Value) -> set[str]:
    """The words before the value in its run of the list: "the winter lecture series is
    £6 for members and £9 for …" says winter of £9; "… £3.10 for C; we sell to members
    at …" says nothing of members for £3.10."""
    return {
        w
        for t in unit.tokens[list_item(unit.tokens, value.start)[0] : value.start]
        for w in (t.lemma, t.text.lower())
    }


def _lead(unit: Unit, part: Part, value: Value) -> set[str]:
    """The words that open a list before its first value, which hold for each item up to
    the first semicolon: "Trade £2.40/m for A and B, £3.10/m for C; we sell …" says that
    £3.10 is the trade price too."""
    tokens = unit.tokens
    first = min((v.start for p in unit.parts for v in p.values), default=0)
    if part.start <= first or list_item(unit.tokens, value.start)[0] > 0:
        return set()
    opening = tokens[:first]
    if any(t.pos in ("VERB", "AUX") for t in opening):
        return set()  # "The members pay £2 …": a clause of its own, no heading
    return {w for t in opening for w in (t.lemma, t.text.lower())}


def _of_another(question: Question, unit: Unit, part: Part, value: Value) -> set[str]:
    """Words that describe another noun of the part ("after the last frost"): they say
    nothing of the thing asked, so they leave its default side alone."""
    tokens = unit.tokens
    about = question.focus | {question.head}
    return {
        tokens[k].lemma
        for k in range(part.start, part.end)
        if tokens[k].dep == "amod"
        and 0 <= tokens[k].head < len(tokens)
        and tokens[tokens[k].head].pos == "NOUN"
        and tokens[tokens[k].head].lemma not in about
        and not value.start <= tokens[k].head < value.end
    }


def _verdict(
    group: Qualifier, asked: set[int], here: set[int], around: set[int], earlier: set[int]
) -> float | None:
    """How a part stands to a qualifier group the question says: 2 its side said, 1 its
    side said before it in its run of the list or meant by default, None another side.
    A side said only after it ("£3.10 for C; we sell to members at …") is not its."""
    if here - asked and not here & asked:
        return None
    if here & asked:
        return 2.0
    if around - asked:
        return None  # its neighbours are told apart, and it is not the one asked
    if around & earlier:  # "the winter lecture series is £6 for members and £9 for …"
        return 1.0
    return 1.0 if group.default in asked else None


def _in_clause(unit: Unit, part: Part, value: Value) -> set[str]:
    """The part's words in the value's own clause: "the spare bulbs" of "The car is a
    blue estate; the spare bulbs are in the boot" say nothing of the car's colour."""
    tokens = unit.tokens
    own = clause_of(tokens, value.start)
    written = {k: w for k, w in hyphened(tokens).items() if part.start < k < part.end - 1}
    joined = {k + d for k in written for d in (-1, 0, 1)}
    return {
        w
        for k in range(part.start, part.end)
        if clause_of(tokens, k) == own
        and not negated(tokens, k)
        and k not in joined
        and not _in_a_value(part, k)  # "six years old", "last year": no "old", no "last"
        for w in (tokens[k].lemma, tokens[k].text.lower())
    } | set(written.values())


def _in_a_value(part: Part, k: int) -> bool:
    """Token ``k`` is part of a day or an age of the part ("last year", "six years old"),
    whose words are no qualifier; a time of day ("in the evening") keeps its own."""
    return any(v.start <= k < v.end for v in part.values if v.kind in ("date", "age", "duration"))


def _nearest(group: Qualifier, unit: Unit, part: Part, value: Value) -> set[int]:
    """The side of ``group`` said closest to the value within its part, and not past a
    semicolon ("downstairs 20°C from 6:30 to 22:00; upstairs 18°C": the times are
    downstairs')."""
    tokens = unit.tokens
    found = [
        (min(abs(k - value.start), abs(k - (value.end - 1))), side)
        for k in range(part.start, part.end)
        if (side := _side(group, tokens[k])) is not None
        and not _in_a_value(part, k)
        and not any(tokens[j].text == ";" for j in range(min(k, value.start), max(k, value.end)))
    ]
    return {min(found)[1]} if found else set()


def _side(group: Qualifier, token: Token) -> int | None:
    """A word's side by its lemma or as written ("downstairs", lemmatised "downstair")."""
    side = group.side(token.lemma)
    return side if side is not None else group.side(token.text.lower())


def _sides(group: Qualifier, said: Iterable[str]) -> set[int]:
    return {s for w in said if (s := group.side(w)) is not None}
