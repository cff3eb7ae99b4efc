"""Which item of a list a part stands in, and when that makes it another thing's: a
semicolon list's items ("…; 20 May Hollin Crag, Ines leading; 4 June Skelbrae, …"),
values said together for items named before them, a fraction said of one item."""

from __future__ import annotations

from itertools import pairwise

from voice_assistant.language.lexicon import LEXICON, ORDINALS, SMALL_NUMBERS
from voice_assistant.language.question import Question
from voice_assistant.language.reading import Part, Token, Unit
from voice_assistant.language.tokens import list_item

JOINING = frozenset({"and", "or", ",", "/"})
NAMING_NOTHING = frozenset({"date", "time", "quantity", "money", "count", "duration"})
"""Values that name no thing: an item holding only these names nothing of its own."""
FRACTIONS = frozenset(LEXICON["numbers"]["fractions"])
SUFFIXES = frozenset(LEXICON["numbers"]["ordinal_suffixes"])


def a_fraction_of_it(question: Question, unit: Unit, part: Part, counts: list[int]) -> bool:
    """ "£3 half dozen, £5.50 a dozen" asked the price of a dozen: the part saying a
    fraction the question does not is another, smaller thing."""
    asked = {t.lemma for t in question.tokens}
    if not (part.words & FRACTIONS) - asked:
        return False
    return any(
        p is not part and c == max(counts) and not (p.words & FRACTIONS) - asked
        for c, p in zip(counts, unit.parts, strict=True)
    )


def numbered(question: Question, unit: Unit, part: Part) -> bool | None:
    """ "size 4 £2.10 a pack, size 6 £2.70" asked of size six: False for the part that
    numbers the noun the question numbers ("size", "gate", "plot") with another number,
    True for the one numbering it the same, None for a part numbering none of it."""
    # (the tagger may call a question's "size" in "What do size six … cost?" a verb)
    asked = _numbered(question.tokens, 0, len(question.tokens), ("NOUN", "PROPN", "VERB"))
    asked |= _ordered(question.tokens, 0, len(question.tokens))
    said = _numbered(unit.tokens, part.start, part.end, ("NOUN",))
    said |= _ordered(unit.tokens, part.start, part.end)
    both = [noun for noun in said if noun in asked]
    if not both:
        return None
    return all(asked[noun] == said[noun] for noun in both)


def _numbered(
    tokens: tuple[Token, ...], start: int, end: int, tags: tuple[str, ...]
) -> dict[str, int]:
    """Each noun with the number said right after it ("size 6", "size six")."""
    out = {}
    for k in range(start + 1, end):
        number = _number(tokens[k].text.lower())
        if number is not None and tokens[k - 1].pos in tags:
            out[tokens[k - 1].lemma] = number
    return out


def _ordered(tokens: tuple[Token, ...], start: int, end: int) -> dict[str, int]:
    """Each noun with the ordinal said right before it ("2nd half", "the second half")."""
    out = {}
    for k in range(start, end - 1):
        place = _ordinal(tokens[k].text.lower())
        if place is not None and tokens[k + 1].pos == "NOUN":
            out[tokens[k + 1].lemma] = place
    return out


def _ordinal(text: str) -> int | None:
    if text in ORDINALS:
        return ORDINALS[text]
    digits = text[:-2]
    if text[-2:] in SUFFIXES and digits.isdigit() and len(digits) <= 2:
        return int(digits)
    return None


def _number(text: str) -> int | None:
    if text.isdigit() and len(text) <= 3:
        return int(text)
    return SMALL_NUMBERS.get(text)


def opens_with_and(tokens: tuple[Token, ...], part: Part) -> bool:
    """The part goes on from the one before: its first word joins it ("and came out …")."""
    first = next((t for t in tokens[part.start : part.end] if t.pos != "PUNCT"), None)
    return first is not None and first.pos == "CCONJ"


def in_the_item_asked(unit: Unit, part: Part, counts: list[int]) -> bool:
    """The part names no thing, in the item of a semicolon list that names the thing
    asked ("…; 9 May Ash Knoll, 30 miles, Dev leading; …" asked who leads the Ash Knoll
    ride). A part naming a thing ("…, £1.85/kg for Pink Fir") is that thing's."""
    tokens = unit.tokens
    if not any(t.text == ";" for t in tokens) or any(
        tokens[k].pos in ("NOUN", "PROPN") and not any(v.start <= k < v.end for v in part.values)
        for k in range(part.start, part.end)
    ):
        return False
    item = item_of(unit, part)
    return any(
        c == max(counts) and item_of(unit, p) == item
        for c, p in zip(counts, unit.parts, strict=True)
    )


def in_another_item(question: Question, unit: Unit, part: Part) -> bool:
    """The question names its thing by a proper name that one item of a semicolon list
    says, and the part stands in another item, which names a thing of its own ("…; 20
    May Hollin Crag, Ines leading; 4 June Skelbrae, 7 miles" asked who leads the
    Skelbrae run). Common words ("weddings", "the vet") name no one item."""
    tokens = unit.tokens
    names = question.names & question.focus
    if not names or not any(t.text == ";" for t in tokens):
        return False
    item = item_of(unit, part)
    said = {(s, e) for s, e in (item_of(unit, p) for p in unit.parts) if names & _words(unit, s, e)}
    when = {
        k
        for p in unit.parts
        for v in p.values
        if v.kind in NAMING_NOTHING
        for k in range(v.start, v.end)
    }
    own = any(
        t.pos == "PROPN" and k not in when for k, t in enumerate(tokens[item[0] : item[1]], item[0])
    )
    return bool(said) and item not in said and own


def _words(unit: Unit, start: int, end: int) -> frozenset[str]:
    return frozenset(t.lemma for t in unit.tokens[start:end])


def item_of(unit: Unit, part: Part) -> tuple[int, int]:
    """The list item a part stands in (a part cut at a semicolon begins with it)."""
    tokens = unit.tokens
    opens = tokens[part.start].text == ";" and part.start + 1 < len(tokens)
    return list_item(tokens, part.start + 1 if opens else part.start)


def respectively(unit: Unit, part: Part, counts: list[int]) -> bool:
    """One of several values said together after a semicolon, for items named before it
    ("£2.40 for A and B, £3.10 for C; members pay £4 and £5.50"): which is whose is
    not said, so none is the thing asked."""
    tokens = unit.tokens
    first = min((v.start for v in part.values), default=part.start)
    semicolon = list_item(tokens, 0)[1]
    if semicolon >= first or not any(
        c == max(counts) and p.end <= semicolon + 1 for c, p in zip(counts, unit.parts, strict=True)
    ):
        return False
    values = [v for p in unit.parts if p.start >= semicolon for v in p.values]
    return any(
        a.kind == b.kind
        and (a in part.values or b in part.values)
        and all(
            t.text.lower() in JOINING or tokens[k - 1].text == "/"
            for k, t in enumerate(tokens[a.end : b.start], a.end)
        )
        for a, b in pairwise(values)
    )
