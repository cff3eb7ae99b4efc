"""The word-level tests a question's reading makes: which days it is asked of, whether a
word stands as a thing named or only describes one, what "the name of …" asks for, and
whether "me" is the user asking rather than an owner."""

from __future__ import annotations

from voice_assistant.language.asking import WRAPPING
from voice_assistant.language.days import FRACTIONS, date_key
from voice_assistant.language.lexicon import LEXICON, qualifier_words, words
from voice_assistant.language.reading import USER, Mention, Token
from voice_assistant.language.tokens import hyphened
from voice_assistant.language.wordnet import wordnet

RECKONED_FROM = words("questions", "reckoned_from")
WHEN_SAID = words("questions", "when_said")
PERIODS = words("questions", "periods")
QUALIFIERS = qualifier_words()
VERB_QUALIFIERS = frozenset(
    w for q in LEXICON["qualifiers"] if q.get("verbs") for side in q["sides"] for w in side
)
"""Verbs that pick one of two values ("leaves" at 9:10, "lands" at 12:30)."""


def days_asked(tokens: tuple[Token, ...], wh_start: int, wh_end: int) -> tuple[frozenset[str], ...]:
    """The days the question is asked of ("on Boxing Day"); not one it reckons from
    ("back to school after Christmas")."""
    out = []
    i = 0
    while i < len(tokens):
        if tokens[i].entity != "date" or wh_start <= i < wh_end:
            i += 1
            continue
        if i and tokens[i - 1].lemma in RECKONED_FROM:
            while i < len(tokens) and tokens[i].entity == "date":
                i += 1
            continue
        j = i
        while j < len(tokens) and tokens[j].entity == "date":
            j += 1
        key = date_key(tokens, i, j)
        if key:
            out.append(key)
        i = j
    return tuple(out)


def nominal(t: Token) -> bool:
    """ "my half marathon": a word tagged an adjective in a noun's role, that English has
    as a noun, is a thing the question names."""
    return (
        t.pos == "ADJ"
        and t.dep in ("nsubj", "nsubjpass", "dobj", "pobj")
        and bool(wordnet().synsets(t.lemma))
    )


def gerund(tokens: tuple[Token, ...], i: int, wh: tuple[int, int]) -> bool:
    """ "What night is bowling?": a verb in "-ing" whose only subject is the question's
    own words, with nothing after it, is the thing asked about (a noun English has)."""
    t = tokens[i]
    if t.pos != "VERB" or not t.text.lower().endswith("ing") or t.dep != "ROOT":
        return False
    after = [k for k, d in enumerate(tokens) if d.head == i and k != i and d.pos != "PUNCT"]
    return all(wh[0] <= k < wh[1] or tokens[k].lemma == "be" for k in after) and bool(
        wordnet().synsets(t.text.lower(), "n")
    )


def adjective(t: Token) -> bool:
    """ "the dodgy battery": a word the tagger made a noun that English has only as an
    adjective describes the thing; it is no thing the note must name."""
    return (
        t.pos == "NOUN" and not wordnet().synsets(t.lemma) and bool(wordnet().synsets(t.lemma, "a"))
    )


def name_of(tokens: tuple[Token, ...], head: int | None) -> tuple[str, ...]:
    """ "the name of the place …": the kinds of value that name a thing of that class."""
    if head is None or tokens[head].lemma != "name":
        return ()
    of = [k for k, t in enumerate(tokens) if t.head == head and t.lemma == "of"]
    things = [k for k, t in enumerate(tokens) if of and t.head == of[0] and t.dep == "pobj"]
    if not things:
        return ()
    classes = wordnet().lexnames(tokens[things[0]].lemma, senses=2)
    if "noun.location" in classes:
        return ("place", "organisation")
    if "noun.person" in classes:
        return ("person",)
    return ()


def asked_of(tokens: tuple[Token, ...], mention: Mention) -> bool:
    """ "Remind me …", "tell me …": the user asking, not whose the thing asked is."""
    if USER not in mention.names or mention.end - mention.start != 1:
        return False
    t = tokens[mention.start]
    head = tokens[t.head] if 0 <= t.head < len(tokens) else t
    return t.dep in ("dobj", "dative", "iobj") and head.lemma in WRAPPING


def said_as_when(tokens: tuple[Token, ...], i: int) -> bool:
    """A noun of time said as when the question is asked of, not what it asks about
    ("the price of a fringe trim these days", "the premium this time")."""
    t = tokens[i]
    return (
        t.dep == "npadvmod"
        and (t.lemma in PERIODS or "noun.time" in wordnet().lexnames(t.lemma))
        and any(c.head == i and c.lemma in WHEN_SAID for c in tokens)
    )


def qualifiers_of(tokens: tuple[Token, ...], skip: set[int]) -> frozenset[str]:
    """The words that pick one of two ("guest", "back", "wholesale")."""
    written = hyphened(tokens)
    joined = {k + d for k in written for d in (-1, 0, 1)}
    return frozenset(
        t.lemma
        for i, t in enumerate(tokens)
        if i not in skip | joined
        and t.lemma in QUALIFIERS
        and t.dep != "prt"
        and (t.entity != "date" or _of_a_period(tokens, i))
        and (t.pos != "VERB" or t.dep == "compound" or t.lemma in VERB_QUALIFIERS)
    ) | frozenset(w for w in written.values() if w in QUALIFIERS)


def _of_a_period(tokens: tuple[Token, ...], i: int) -> bool:
    """ "last year", "next season", "the second half": a side said of a period (the old
    fee, the new one), not a day named ("last Tuesday")."""
    return i + 1 < len(tokens) and tokens[i + 1].lemma in PERIODS | FRACTIONS  # "second half"
