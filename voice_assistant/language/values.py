"""Values in a parsed span, by kind.

Entities come from spaCy (its recogniser, and the EntityRuler patterns of
``data/patterns.toml``); codes, places in prepositional phrases, a copula's complement
and a line's text after its label come from the parse. Word classes ("dentist" is a
person) come from WordNet. Nothing here knows one note from another.
"""

from __future__ import annotations

from voice_assistant.language.codes import codes, digit_groups, named_by, per_measure
from voice_assistant.language.days import CALENDAR, MONTH_INDEX
from voice_assistant.language.lexicon import SMALL_NUMBERS, TENS, words
from voice_assistant.language.people import TITLES, is_name
from voice_assistant.language.ranges import ranges
from voice_assistant.language.reading import Token, Value
from voice_assistant.language.tokens import content_words, label_end, subtree, text_of
from voice_assistant.language.wordnet import wordnet

PLACE_PREPOSITIONS = words("kinds", "place_prepositions")

MEASURES = words("measures", "units")
NUMBER_WORDS = frozenset(SMALL_NUMBERS) | frozenset(TENS)

DURATIONS = words("measures", "durations")
HOW_OFTEN = words("calendar", "every") | words("calendar", "times_a")
PERIOD_WORDS = words("calendar", "period_words")
STREETS = words("places", "streets")

NOT_VALUES = frozenset({"group", "ordinal"})
"""Entity labels kept on tokens for reading names, never said as values."""

BOUNDARY = frozenset({",", ";", "/", "–", "—", "|", "("})
"""Where the parts of a unit may be cut: an aside in brackets is a part of its own."""


def _kind_of_entity(tokens: tuple[Token, ...], start: int, end: int, kind: str) -> str:
    said = {t.lemma for t in tokens[start:end]}
    old = tokens[end - 1].lemma == "old" or (end < len(tokens) and tokens[end].lemma == "old")
    if said & DURATIONS and old:
        return "age"  # "six years old"
    if kind == "date" and all(t.pos == "ADJ" for t in tokens[start:end]):
        return "frequency"  # "its annual service": how often, not when
    if kind in ("date", "time") and (said & HOW_OFTEN or said <= PERIOD_WORDS):
        return "frequency"  # "every morning", "twice a week", "annually"
    counted = any(t.pos == "NUM" or t.lemma in ("a", "an") for t in tokens[start:end])
    if kind in ("date", "time") and said & DURATIONS and counted and not said & CALENDAR:
        return "duration"  # "about a week", "about 5 minutes"; not "Christmas Day"
    if kind == "count" and end < len(tokens) and tokens[end].lemma in MEASURES:
        return "quantity"
    return kind


def values(tokens: tuple[Token, ...]) -> list[Value]:
    """Every value of the unit: entities, codes, places, complements, a label's text."""
    found: list[Value] = []
    i = 0
    while i < len(tokens):  # entities, as runs of one kind
        kind = tokens[i].entity
        if not kind or kind in NOT_VALUES:
            i += 1
            continue
        j = i
        while j < len(tokens) and tokens[j].entity == kind:
            j += 1
        while kind == "date" and j < len(tokens) and tokens[j].lemma.rstrip(".") in MONTH_INDEX:
            j += 1  # "Tue 20 May", the recogniser's day without its month
        kind = _kind_of_entity(tokens, i, j, kind)
        if kind in ("person", "organisation") and not tokens[i].text[:1].isupper():
            i = j  # "buff stoneware": no one's name is written in lower case
            continue
        end = j + 1 if kind == "quantity" and tokens[i].entity == "count" else j
        if tokens[end - 1].text == "%":  # "Bond ISA 3.9%", as the recogniser runs it: the rate
            i = next((k for k in range(i, end) if tokens[k].pos == "NUM"), i)
        found.append(Value(kind, text_of(tokens, i, end), i, end))
        text = text_of(tokens, i, end)
        if kind in ("date", "count") and text.isdigit() and len(text) >= 3:
            found.append(Value("code", text, i, end, named_by(tokens, i)))  # "3958": a code too
        elif (
            end - i > 1
            and kind not in ("time", "money")  # "£540": no code
            and not (kind == "date" and _a_calendar_word(tokens, i, end))  # "due Jun 2030"
            and tokens[end - 1].text.isdigit()
            and len(tokens[end - 1].text) >= 3
        ):
            # "main gate on Mill Road 4471": the recogniser's name took the code after it
            found.append(Value("code", tokens[end - 1].text, end - 1, end))
        i = end
    written = codes(tokens, set())
    lettered = [
        c
        for c in written
        if any(ch.isalpha() for ch in c.text)
        and not all(  # "3pm", "4.15-5.45pm": its letters are a time's
            tokens[k].entity == "time"
            for k in range(c.start, c.end)
            if any(ch.isalpha() for ch in tokens[k].text)
        )
        and not per_measure(tokens, c)
    ]
    lettered += [c for c in written if digit_groups(tokens, c)]
    found = [v for v in found if not any(c.start < v.end and v.start < c.end for c in lettered)]
    found += lettered  # "KL 26 MRT" is a plate, not a time "26 MRT" and a name "KL"; and
    # "07831 402 196" a phone number, not a year "07831" and a code "402 196"
    covered = {k for v in found for k in range(v.start, v.end)}
    found += [c for c in codes(tokens, covered) if not any(ch.isalpha() for ch in c.text)]
    covered = {k for v in found for k in range(v.start, v.end)}
    found += [  # "one in the evening": a number the recogniser left out
        Value("count", t.text, k, k + 1)
        for k, t in enumerate(tokens)
        if k not in covered and t.pos == "NUM" and t.lemma in NUMBER_WORDS
    ]
    covered = {k for v in found for k in range(v.start, v.end)}
    found += _names(tokens, covered)
    found += _places(
        tokens,
        {k for v in found if v.kind in ("date", "time", "money") for k in range(v.start, v.end)},
    )
    found += _named_places(tokens, found)
    found += _overcodes(tokens, _attributes(tokens), found)
    return sorted(ranges(tokens, _titled(tokens, found)), key=lambda v: (v.start, -v.end))


def _a_calendar_word(tokens: tuple[Token, ...], start: int, end: int) -> bool:
    return any(tokens[k].lemma.rstrip(".") in CALENDAR for k in range(start, end))


def _titled(tokens: tuple[Token, ...], found: list[Value]) -> list[Value]:
    """ "Dr. Mireille": a person's name as said, with the title before it."""
    out = []
    for v in found:
        if v.kind == "person" and v.start and tokens[v.start - 1].lemma.rstrip(".") in TITLES:
            start = v.start - 1
            v = Value(v.kind, text_of(tokens, start, v.end), start, v.end, v.about)
        out.append(v)
    return out


def _names(tokens: tuple[Token, ...], covered: set[int]) -> list[Value]:
    """Names the recogniser left out or misread ("Maria" as a nationality): people."""
    out = []
    i = 0
    while i < len(tokens):
        if i in covered or not is_name(tokens[i]):
            i += 1
            continue
        j = i + 1
        while j < len(tokens) and j not in covered and is_name(tokens[j]):
            j += 1
        while (  # "Harrow and Sons", "Bank of Ireland": one name
            j + 1 < len(tokens)
            and tokens[j].lemma in ("and", "&", "of")
            and tokens[j + 1].text[:1].isupper()
            and tokens[j + 1].pos in ("PROPN", "NOUN")
            and not is_name(tokens[j + 1])
        ):
            j += 2
        out.append(Value("person", text_of(tokens, i, j), i, j))
        i = j
    return out


def _places(tokens: tuple[Token, ...], temporal: set[int]) -> list[Value]:
    """A place preposition with its object ("under the mat", "in Gdansk", "next to the
    boiler"), unless the object is a day or a time."""
    out = []
    for i, t in enumerate(tokens):
        if t.pos != "ADP" or t.lemma not in PLACE_PREPOSITIONS:
            continue
        span = subtree(tokens, i)
        if len(span) < 2 or temporal & set(span):
            continue
        objects = [k for k in span if tokens[k].dep == "pobj" and tokens[k].head in span]
        if not objects or any(
            tokens[k].pos not in ("NOUN", "PROPN") and not _short_number(tokens, k)
            for k in objects[:1]
        ):
            continue
        if tokens[objects[0]].pos == "NOUN" and _is_time_word(tokens[objects[0]].lemma):
            continue  # "in the morning", "on weekdays": when, not where
        stops = [
            k
            for k in span
            if k > i and tokens[k].text in BOUNDARY | {",", "."} and not _short_number(tokens, k)
        ]
        start, end = i, (stops[0] if stops else max(span) + 1)
        if end < len(tokens) and _short_number(tokens, end - 1) and tokens[end].pos == "NUM":
            end += 1  # "at no. 14": the parser hangs the 14 elsewhere
        if end - start > 6 or end - start < 2:
            continue  # a parse that hangs a whole list on "on"
        out.append(Value("place", text_of(tokens, start, end), start, end))
    return out


def street_address(tokens: tuple[Token, ...], value: Value) -> bool:
    """ "12 Fernwood Trl": a place said by its number and its street, as an address is."""
    said = [t for t in tokens[value.start : value.end] if t.pos != "ADP"]
    return (
        len(said) >= 2
        and said[0].text.isdigit()
        and any(t.lemma.rstrip(".") in STREETS for t in said[1:])
    )


def _short_number(tokens: tuple[Token, ...], k: int) -> bool:
    """The full stop of "no." (the number a house or a room has), or its "no"."""
    if tokens[k].lemma == "number" and tokens[k].text.lower().startswith("no"):
        return True
    return tokens[k].text == "." and k > 0 and tokens[k - 1].lemma == "number"


def _is_time_word(word: str) -> bool:
    return "noun.time" in wordnet().lexnames(word)


def _named_places(tokens: tuple[Token, ...], found: list[Value]) -> list[Value]:
    """A one-word "place" no preposition leads to may be a name the model misread
    ("second on call Idris"): a person too."""
    out = []
    for v in found:
        before = tokens[v.start - 1].lemma if v.start else ""
        if (  # noqa: SIM102 - the conditions, then the name test
            v.kind == "place"
            and v.end - v.start == 1
            and before
            not in PLACE_PREPOSITIONS
            | {
                "from",
                "to",
            }
        ):
            if is_name(Token(**{**tokens[v.start].__dict__, "entity": ""})):
                out.append(Value("person", v.text, v.start, v.end))
    return out


def _overcodes(
    tokens: tuple[Token, ...], attributes: list[Value], found: list[Value]
) -> list[Value]:
    """An attribute that ends inside a code ends where the code does ("KL 26" of "The new
    registration is KL 26 MRT")."""
    out = []
    for a in attributes:
        end = max([a.end] + [v.end for v in found if v.kind == "code" and v.start < a.end <= v.end])
        text = text_of(tokens, a.start, end)
        out.append(a if end == a.end else Value(a.kind, text, a.start, end, a.about))
    return out


def _attributes(tokens: tuple[Token, ...]) -> list[Value]:
    """What a copula says a thing is ("The tiles are sage green"), and a line's text after
    its label ("Wifi password: blue-otter-22"), each with the words of what it is said of."""
    out = []
    for i, t in enumerate(tokens):
        if (
            t.dep in ("attr", "acomp")
            and 0 <= t.head < len(tokens)
            and tokens[t.head].lemma == "be"
        ):
            span = subtree(tokens, i)
            subject = [
                k
                for k, s in enumerate(tokens)
                if s.head == t.head and s.dep in ("nsubj", "nsubjpass")
            ]
            about = (
                content_words(
                    tokens, min(subtree(tokens, subject[0])), max(subtree(tokens, subject[0])) + 1
                )
                if subject
                else set()
            )
            start, end = min(span), max(span) + 1
            out.append(
                Value("attribute", text_of(tokens, start, end), start, end, tuple(sorted(about)))
            )
    colon = label_end(tokens)
    if colon is not None:
        end = next(
            (k for k in range(colon + 1, len(tokens)) if tokens[k].text in (";", ".")), len(tokens)
        )
        label = tuple(sorted(content_words(tokens, 0, colon)))
        for start, stop in _named_items(tokens, colon + 1, end) or [(colon + 1, end)]:
            if stop > start:
                out.append(Value("attribute", text_of(tokens, start, stop), start, stop, label))
    return out


def _named_items(tokens: tuple[Token, ...], start: int, end: int) -> list[tuple[int, int]]:
    """A label's text that lists each person's own ("Glove sizes: Ann 7, Bo 9"): the
    value of each item after its name. Empty when the text is one value."""
    commas = [k for k in range(start, end) if tokens[k].text == ","]
    bounds = list(zip([start, *(k + 1 for k in commas)], [*commas, end], strict=True))
    if len(bounds) < 2 or any(a >= b or tokens[a].pos != "PROPN" for a, b in bounds):
        return []
    items = []
    for a, b in bounds:
        k = a
        while k < b and tokens[k].pos == "PROPN":
            k += 1
        items.append((k, b))
    return items if all(k < b for k, b in items) else []  # "Dr Ng, Mill Lane": names only
