"""The kind condition: the values of a note's part that are of the kind a question asks
("what colour": a kind of colour; "which garage": a place), and what is said with them (a
day's time, a place said in two steps). The focus is ``focus``, the qualifiers ``sides``,
the owner ``ownership``."""

from __future__ import annotations

from voice_assistant.language.arguments import objects, subjects
from voice_assistant.language.changes import was_before
from voice_assistant.language.days import RELATIVE, names_a_day
from voice_assistant.language.deeds import another_deeds
from voice_assistant.language.lexicon import LEXICON, words
from voice_assistant.language.question import KIND_NOUNS, Question
from voice_assistant.language.reading import USER, NoteReading, Part, Token, Unit, Value
from voice_assistant.language.tokens import CONTENT, clause_of
from voice_assistant.language.values import street_address
from voice_assistant.language.wordnet import wordnet

GENERIC = words("kinds", "generic_heads")
ARTICLES = words("grammar", "articles")
ACCEPTS: dict[str, list[str]] = LEXICON["kinds"]["accepts"]

CLASS_KINDS = {
    "noun.person": ("person", "organisation"),
    "noun.location": ("place",),
    "noun.time": ("date", "time"),
}
"""What a value of "which X" is when X's WordNet class says ("which vet": a person)."""
KINDS_OF = {"organization": ("organisation",), "structure": ("place",)}
"""What a value of "which X" is when X is a kind of these ("which company": a firm's
name; "which garage": where, or the firm). Not any building's: the firm a note names at an
airport is an airline."""


def answers(question: Question, note: NoteReading, unit: Unit, part: Part) -> list[Value]:
    """The part's values of the kind asked ("what colour": a kind of colour)."""
    asked = {t.lemma for t in question.tokens} | {t.text.lower() for t in question.tokens}
    found: list[Value] = []
    if question.asked:
        if _named_kind(question.asked, unit.label | note.title):
            # under "Paint colours", "Downstairs: Setting Plaster" gives a colour
            found = [v for v in part.values if v.kind == "attribute"]
        if not found:  # under "Barge mooring", "berth 12" gives the berth
            found = _kinds_of(question.asked, unit, part, question)
    elif "object" in question.kinds:
        verb, via = question.governor
        found = [v for v in objects(unit.tokens, verb, via) if part.start <= v.start < part.end]
        if not found and not any(t.lemma == verb for t in unit.tokens):
            found = _what_it_is(question, unit, part)  # "This month's book is …"
    else:
        found = _typed(question, unit, part)
        verb, via = question.governor
        if via not in ("", "nsubj", "dobj") and any(t.lemma == verb for t in unit.tokens):
            said = {(v.start, v.end) for v in objects(unit.tokens, verb, via)}
            found = [v for v in found if (v.start, v.end) in said or _inside(v, said)]
        elif via == "nsubj":
            # "Who's got me?" is not answered by "I've got Sam": the one done to is no doer
            done_to = {(v.start, v.end) for v in objects(unit.tokens, verb, "dobj")}
            found = [v for v in found if not _inside(v, done_to)]
    if question.governor[1] == "nsubj":  # "Who owns the gateway?": whoever the note says
        verb = question.governor[0]
        focus = question.focus | {question.head}
        found += [
            v
            for v in subjects(unit.tokens, verb)
            if part.start <= v.start < part.end
            and not {t.lemma for t in unit.tokens[v.start : v.end]} & focus
        ]
    if question.head == "address" and any(
        street_address(unit.tokens, v) for p in unit.parts for v in p.values
    ):  # "Otter Pond cabin, …; 12 Fernwood Trl": the address is the street's
        found = [v for v in found if v.kind != "place" or street_address(unit.tokens, v)]
    return [
        v
        for v in found
        if not _said_by_question(unit, v, asked) and not another_deeds(unit, v, asked)
    ]


def _inside(value: Value, spans: set[tuple[int, int]]) -> bool:
    return any(start <= value.start and value.end <= end for start, end in spans)


def _what_it_is(question: Question, unit: Unit, part: Part) -> list[Value]:
    """What a note says the thing asked is, when it does not use the question's verb
    ("What are we reading for book club?": "This month's book is …")."""
    tokens = unit.tokens
    subjects = [
        k
        for k in range(part.start, part.end)
        if tokens[k].dep == "nsubj"
        and tokens[k].lemma in question.focus - {question.head}  # the tyre pumped is
        and 0 <= tokens[k].head < len(tokens)  # no answer to what it is pumped to
        and tokens[tokens[k].head].lemma == "be"
    ]
    if not subjects:
        return []
    be = tokens[subjects[0]].head
    return [v for v in part.values if v.kind == "attribute" and v.start > be]


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
        if value.kind not in accepted and not ("brand" in accepted and _named(unit, value)):
            continue
        said = {t.lemma for t in unit.tokens[value.start : value.end]}
        if value.kind == "attribute" and (
            said <= focus | ARTICLES
            or not _said_of(value, question.head)
            or not question.extra <= unit.words
        ):
            continue  # "What is X?" and nothing else: every word of it in the sentence
        if (
            value.kind in ("date", "frequency")
            and "day" in question.kinds
            and not names_a_day(unit.tokens, value.start, value.end)
        ):
            continue  # "Which dates?": "in April" names no day
        if (
            value.kind == "code"
            and "code" not in question.kinds
            and not _said_of(value, question.head)
        ):
            continue  # "What is the asset tag?": a code only when its own words say so
        if value.kind == "code" and _another_kind_of_code(question, unit, value):
            continue  # "account number" asked of "Joint account sort code 20-45-77"
        if value.kind == "code" and question.owner is None and _someones_number(unit, value):
            continue  # "the serial number on the fridge": not "sweep Ivo Lane 07700 900111"
        if value.kind in ("person", "organisation") and said & focus:
            continue  # "Dentist: Dr Mireille" asked "Who is my dentist?": not "Dentist"
        out.append(value)
    return out


def _someones_number(unit: Unit, value: Value) -> bool:
    """The code follows a person's name ("Ivo Lane 07700 900111"): it is theirs, and no
    answer to a question asked of a thing. A line's first word is capitalised anyway
    ("Alarm 7319" is the alarm's)."""
    tokens = unit.tokens
    return any(
        m.end == value.start
        and m.start > 0
        and tokens[m.end - 1].pos == "PROPN"
        and tokens[m.end - 1].entity == "person"  # not "on Fir Road 5120"
        and USER not in m.names
        for m in unit.mentions
    )


def _another_kind_of_code(question: Question, unit: Unit, value: Value) -> bool:
    """The code is named as another kind than the one asked: the question's word for it
    ("account number") and the note's ("sort code") are each made by a word the other
    does not say. "Front door code" answers "door code"; any code answers "the code"."""
    tokens = unit.tokens
    k = value.start - 1
    if k < 1 or tokens[k].lemma not in KIND_NOUNS or tokens[k - 1].pos not in ("NOUN", "ADJ"):
        return False
    asked = {t.lemma for t in question.tokens}
    named = [  # the question's own word on its kind noun ("account" of "account number")
        t.lemma
        for t in question.tokens
        if t.dep in ("compound", "amod")
        and 0 <= t.head < len(question.tokens)
        and question.tokens[t.head].lemma in KIND_NOUNS
    ]
    return bool(named) and tokens[k - 1].lemma not in asked


def _named(unit: Unit, value: Value) -> bool:
    """An attribute that holds a proper name: what "what make" asks ("a Vexa estate", not
    "a blue estate")."""
    return (
        value.kind == "attribute"
        and any(
            t.pos == "PROPN" and t.entity in ("", "organisation")  # no month, place or person
            for t in unit.tokens[value.start : value.end]
        )
    )


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
        if t.lemma == noun and (named := _named_as(tokens, k, part)) is not None:
            out.append(named)  # "which room": "the Birch room"; "which hotel": "Hotel Miramar"
            continue
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
            continue
        out += [  # "a grey tabby": the tabby is no colour, its grey is
            Value("attribute", tokens[j].text, j, j + 1)
            for j in range(start, k)
            if tokens[j].dep in ("compound", "amod")
            and tokens[j].lemma != noun
            and wordnet().is_a(tokens[j].lemma, noun)
        ]
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
        if wordnet().is_a(noun, ancestor, senses=2):
            kinds |= set(these)
    accepted = {a for k in kinds for a in ACCEPTS.get(k, [k])}
    return [
        v
        for v in part.values
        if v.kind in accepted and not _another_building(tokens[v.end - 1].lemma, noun)
    ]


def _another_building(head: str, noun: str) -> bool:
    """ "Which hotel?" (a kind of building) is not answered by "the Drill Hall": the
    place is named as a building of another kind ("Lindqvist Motors" names none)."""
    return (
        head != noun
        and wordnet().is_a(noun, "building")
        and wordnet().is_a(head, "building")
        and not wordnet().is_a(head, noun)
    )


def _named_as(tokens: tuple[Token, ...], k: int, part: Part) -> Value | None:
    """The asked noun with the name it is given: "the Birch room", "Hotel Miramar"."""
    t = tokens[k]
    if t.dep == "compound" and 0 <= t.head < len(tokens) and tokens[t.head].pos == "PROPN":
        end = t.head + 1
        if end <= part.end:
            return Value("attribute", " ".join(x.text for x in tokens[k:end]), k, end)
        return None
    names = [
        j
        for j in range(part.start, k)
        if tokens[j].head == k and tokens[j].dep == "compound" and tokens[j].pos == "PROPN"
    ]
    if not names:
        return None
    start = min(names)
    if start > part.start and tokens[start - 1].dep == "det" and tokens[start - 1].head == k:
        start -= 1
    return Value("attribute", " ".join(x.text for x in tokens[start : k + 1]), start, k + 1)


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
    more: list[Value] = []
    end = value.end
    for part in unit.parts:
        for v in part.values:
            if v.kind == "place" and end <= v.start <= end + 2:
                if was_before(unit.tokens, v.start):
                    return tuple(more)  # "12 Elm Row - was 5 Oak Lane": not one place
                more.append(v)
                end = v.end
    return tuple(more)


def fit(question: Question, value: Value) -> float:
    """A value of the very kind asked ("six years old" for "how old") is picked over one
    that only may be (a count): half a point; a relative day ("last year") a quarter."""
    exact = {ACCEPTS.get(kind, [kind])[0] for kind in question.kinds}
    if value.kind not in exact:
        return 0.0
    return (
        0.25 if value.kind == "date" and not value.text[:1].isupper() and _relative(value) else 0.5
    )


def _relative(value: Value) -> bool:
    """ "last year", "this week": a day said by when it is from now, weaker than a date."""
    return not any(c.isdigit() for c in value.text) and value.text.split()[0].lower() in RELATIVE
