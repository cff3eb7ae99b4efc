"""The four conditions a note's value must meet to answer a question, as pure functions
over readings: the focus (``focus_found``, ``another``), the owner (``owned``), the
qualifiers (``qualified``) and the kind of value (``answers``), and the day a question
names (``on_the_day``)."""

from __future__ import annotations

from collections.abc import Iterable

from voice_assistant.language.days import date_key, same_day
from voice_assistant.language.lexicon import LEXICON, Qualifier, qualifiers, words
from voice_assistant.language.notes import change_of
from voice_assistant.language.question import Question
from voice_assistant.language.reading import NoteReading, Part, Unit, Value
from voice_assistant.language.tokens import CONTENT, clause_of, hyphened, negated
from voice_assistant.language.values import objects, subjects
from voice_assistant.language.wordnet import wordnet

GENERIC = words("kinds", "generic_heads")
IMPLIED: dict[str, set[str]] = {k: set(v) for k, v in LEXICON["implied"].items()}
ACCEPTS: dict[str, list[str]] = LEXICON["kinds"]["accepts"]

CLASS_KINDS = {
    "noun.person": ("person", "organisation"),
    "noun.location": ("place",),
    "noun.time": ("date", "time"),
}
"""What a value of "which X" is when X's WordNet class says ("which vet": a person)."""
KINDS_OF = {"organization": ("organisation",)}
"""What a value of "which X" is when X is a kind of these ("which company": a firm's
name). Not a building's: the firm a note names at an airport is an airline."""


def focus_found(question: Question, context: frozenset[str]) -> float | None:
    """None when a focus word is missing from the unit and its title; else a score: words
    found as written count more than synonyms."""
    needed = {w for w in question.focus if " " not in w}
    if needed - GENERIC:
        needed -= GENERIC  # "dentist appointment": the note says dentist, not appointment
    score = 0.0
    for word in needed:
        if word in context:
            score += 1.0
        elif wordnet().synonyms(word) & context or IMPLIED.get(word, set()) & context:
            score += 0.5  # a synonym, or a verb that says it ("Mum turns 70 on 18 May")
        else:
            return None
    return score


def another(question: Question, unit: Unit, part: Part) -> bool:
    """A part about another thing of the unit: it names less of what is asked than
    another part does ("Bisque firing goes to 1000 degrees; glaze firing to 1240 degrees"
    asked about the glaze firing), or names a thing of its own where another part names
    the thing asked ("Warm-up at 18:15, the concert starts at 19:00"). A part naming
    nothing ("Ama's is 9 June") is the same thing, said again."""
    focus = {w for w in question.focus if " " not in w}
    counts = [len(focus & (p.words - unit.label)) for p in unit.parts]
    said = len(focus & (part.words - unit.label))
    if said >= max(counts):
        return False
    if said:
        return True
    tokens = unit.tokens
    continues = any(  # "… went in on 1 September and came out on 27 October": the same
        t.pos == "VERB"
        and t.dep == "conj"
        and not any(c.head == k and c.dep == "nsubj" for c in tokens)
        for k, t in enumerate(tokens[part.start : part.end], part.start)
    )
    if continues:
        return False
    if max(counts) >= 2:
        return True
    own = [
        t
        for k, t in enumerate(unit.tokens[part.start : part.end], part.start)
        if t.pos == "NOUN"
        and t.dep in ("nsubj", "nsubjpass", "ROOT")
        and not any(m.start <= k < m.end for m in unit.mentions)
        and not any(v.start <= k < v.end for v in part.values if v.kind != "attribute")
        and t.lemma not in unit.label
    ]
    return bool(own)


def on_the_day(question: Question, unit: Unit) -> bool:
    """A question naming a day ("on Saturday") is answered from that day's row: a unit
    that names other days only is another day's."""
    if not question.days:
        return True
    days = [
        date_key(unit.tokens, v.start, v.end)
        for part in unit.parts
        for v in part.values
        if v.kind == "date"
    ]
    days = [d for d in days if d]
    if not days:
        return True
    return all(any(same_day(asked, said) for said in days) for asked in question.days)


def answers(question: Question, note: NoteReading, unit: Unit, part: Part) -> list[Value]:
    """The part's values of the kind asked ("what colour": a kind of colour)."""
    asked = {t.lemma for t in question.tokens} | {t.text.lower() for t in question.tokens}
    if question.asked and _named_kind(question.asked, unit.label | note.title):
        # under "Paint colours", "Downstairs: Setting Plaster" gives a colour
        found = [v for v in part.values if v.kind == "attribute"]
    elif question.asked:
        found = _kinds_of(question.asked, unit, part, question)
    elif "object" in question.kinds:
        verb, via = question.governor
        found = [v for v in objects(unit.tokens, verb, via) if part.start <= v.start < part.end]
    else:
        found = _typed(question, unit, part)
    if question.governor[1] == "nsubj":  # "Who owns the gateway?": whoever the note says
        verb = question.governor[0]
        focus = question.focus | {question.head}
        found += [
            v
            for v in subjects(unit.tokens, verb)
            if part.start <= v.start < part.end
            and not {t.lemma for t in unit.tokens[v.start : v.end]} & focus
        ]
    return [v for v in found if not _said_by_question(unit, v, asked)]


def _said_by_question(unit: Unit, value: Value, asked: set[str]) -> bool:
    """A value the question itself says is what it asks about, not the answer: "Where is
    the clinic?" is not answered "at the clinic"."""
    said = {t.lemma for t in unit.tokens[value.start : value.end] if t.pos in CONTENT}
    return value.text.lower() in asked or (bool(said) and said <= asked)


def _typed(question: Question, unit: Unit, part: Part) -> list[Value]:
    accepted = {k for kind in question.kinds for k in ACCEPTS.get(kind, [kind])}
    focus = question.focus | {question.head}
    out = []
    for value in part.values:
        if value.kind not in accepted:
            continue
        said = {t.lemma for t in unit.tokens[value.start : value.end]}
        if value.kind == "attribute" and (
            said <= focus | {"the", "a", "an"}
            or not _said_of(value, question.head)
            or not question.extra <= unit.words
        ):
            continue  # "What is X?" and nothing else: every word of it in the sentence
        if value.kind == "date" and "day" in question.kinds:
            key = date_key(unit.tokens, value.start, value.end)
            if not any(k.startswith(("d:", "wd:")) for k in key):
                continue  # "Which dates?": "in April" names no day
        if (
            value.kind == "code"
            and "code" not in question.kinds
            and not _said_of(value, question.head)
        ):
            continue  # "What is the asset tag?": a code only when its own words say so
        if value.kind in ("person", "organisation") and said & focus:
            continue  # "Dentist: Dr Mireille" asked "Who is my dentist?": not "Dentist"
        out.append(value)
    return out


def _named_kind(noun: str, context: frozenset[str]) -> bool:
    return noun in context or bool(wordnet().synonyms(noun) & context)


def _said_of(value: Value, head: str) -> bool:
    """An attribute answers only for what it is said of: "Blood test results were
    normal" says nothing of a blood type."""
    about = set(value.about)
    return bool(head) and (head in about or bool(wordnet().synonyms(head) & about))


def _kinds_of(noun: str, unit: Unit, part: Part, question: Question) -> list[Value]:
    """Words of the part that are a kind of ``noun`` ("sage green" of colour), or values
    of the kind its WordNet class names ("which airline": an organisation)."""
    out: list[Value] = []
    if noun in GENERIC:
        return out  # "what part": anything is a part of something
    tokens = unit.tokens
    focus = {w for w in question.focus if " " not in w}
    clauses = {clause_of(tokens, k) for k, t in enumerate(tokens) if t.lemma in focus}
    for k in range(part.start, part.end):
        t = tokens[k]
        if t.pos not in ("NOUN", "ADJ", "PROPN") or t.lemma in question.focus:
            continue
        if t.dep == "compound" or (focus and clause_of(tokens, k) not in clauses):
            continue  # "the utility room" is a room; a clause about another thing
        start = k
        while (
            start > part.start
            and tokens[start - 1].dep in ("compound", "npadvmod", "amod")
            and tokens[start - 1].head == k
        ):
            start -= 1
        phrase = " ".join(x.lemma for x in tokens[start : k + 1])
        if t.lemma == noun:
            continue
        if wordnet().is_a(phrase, noun) or wordnet().is_a(t.lemma, noun):
            out.append(
                Value("attribute", " ".join(x.text for x in tokens[start : k + 1]), start, k + 1)
            )
    if out:
        return out
    named_by = [  # "(cone 6)", "room 12": the value the asked noun names
        v
        for v in part.values
        if v.start and tokens[v.start - 1].lemma == noun and v.kind != "attribute"
    ]
    if named_by:
        return named_by
    classes = wordnet().lexnames(noun, senses=2)
    kinds = {k for c in classes for k in CLASS_KINDS.get(c, ())}
    for ancestor, these in KINDS_OF.items():  # "which company": an organisation
        if wordnet().is_a(noun, ancestor):
            kinds |= set(these)
    return [v for v in part.values if v.kind in kinds]


def qualified(
    question: Question, unit: Unit, part: Part, note: NoteReading, value: Value
) -> float | None:
    """None when the part is about the other side of a qualifier the question says;
    else how plainly it picks the value: a side asked and said counts 2, one meant by
    default 1. Of two things a question does not tell apart, the usual one is meant: a
    time said without "lands" is when it leaves, a password without "guest" the main. A
    part saying both sides ("Two scoops in the morning, one in the evening") gives each
    value the side said nearest to it."""
    said = (
        _in_clause(unit, part, value)
        | unit.label
        | note.title
        | set(value.about)
        | ({change} if (change := change_of(unit.tokens, value)) else set())
    )
    elsewhere = {w for p in unit.parts if p is not part for w in p.words} | part.words
    # (the unit's other parts, and this part outside the value's clause: "The production
    # key is not in the vault: only the on-call lead has it")
    verdicts: dict[int, float | None] = {}
    for number, group in enumerate(qualifiers()):
        asked = {side for w in question.qualifiers if (side := group.side(w)) is not None}
        here = _sides(group, said)
        if len(here) > 1:
            here = _nearest(group, unit, part, value) or here
        if not asked:
            if group.default is not None and here and group.default not in here:
                return None  # "lands 13:05" is no answer to when a flight is
            continue
        verdicts[number] = _verdict(group, asked, here, _sides(group, elsewhere))
    score = 0.0
    for word in question.qualifiers:  # "back": the back tyres, or the flight back
        mine = [v for n, v in verdicts.items() if qualifiers()[n].side(word) is not None]
        passing = [v for v in mine if v is not None]
        if mine and not passing:
            return None
        score += max(passing, default=0.0)
    return score


def _verdict(group: Qualifier, asked: set[int], here: set[int], around: set[int]) -> float | None:
    """How a part stands to a qualifier group the question says: 2 its side said, 1 its
    side said around it or meant by default, None another side."""
    if here - asked and not here & asked:
        return None
    if here & asked:
        return 2.0
    if around - asked:
        return None  # its neighbours are told apart, and it is not the one asked
    if around:  # "the winter lecture series is £6 for members and £9 for …": all winter
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
    """The side of ``group`` said closest to the value within its part."""
    found = [
        (min(abs(k - value.start), abs(k - (value.end - 1))), side)
        for k in range(part.start, part.end)
        if (side := group.side(unit.tokens[k].lemma)) is not None and not _in_a_value(part, k)
    ]
    return {min(found)[1]} if found else set()


def _sides(group: Qualifier, said: Iterable[str]) -> set[int]:
    return {s for w in said if (s := group.side(w)) is not None}


def with_time(question: Question, unit: Unit, value: Value) -> tuple[Value, ...]:
    """ "When": a day and the time said right after it, together ("Thursday 14 January,
    09:00 to 12:30" is on Thursday 14 January at 09:00)."""
    if value.kind != "date" or "time" not in question.kinds:
        return (value,)
    times = [
        v
        for part in unit.parts
        for v in part.values
        if v.kind == "time" and value.end <= v.start <= value.end + 3
    ]
    return (value, min(times, key=lambda v: v.start)) if times else (value,)


def beside(unit: Unit, value: Value) -> tuple[Value, ...]:
    """A place said in two steps is one answer: "in the team vault, under Billing
    Sandbox"."""
    if value.kind != "place":
        return ()
    more = []
    end = value.end
    for part in unit.parts:
        for v in part.values:
            if v.kind == "place" and end <= v.start <= end + 2:
                more.append(v)
                end = v.end
    return tuple(more)
