"""A day said of another deed than the one asked: "Refills: order by the 25th of the
month" asked when the GP appointment is. (The day of any other verb than the question's
was tried and not kept: "departs 07:10" is when "we fly out", in other words.)"""

from __future__ import annotations

from voice_assistant.language.lexicon import words
from voice_assistant.language.reading import Unit, Value
from voice_assistant.language.wordnet import wordnet

ARTICLES = words("grammar", "articles")
LIGHT = words("questions", "light")
WHEN_KINDS = frozenset({"date", "time", "frequency"})


def another_deeds(unit: Unit, value: Value, asked: set[str]) -> bool:
    """The day or time is another deed's: the day by which something is done is that
    deed's, unless the question (``asked``: its words) says the deed ("When do I order it
    by?"). A deadline of a light verb ("has to be done by 28 May", "due by") or of a
    thing ("check-out by 10") is the thing's own."""
    if value.kind not in WHEN_KINDS:
        return False
    tokens = unit.tokens
    k = value.start - 1
    while k >= 0 and tokens[k].lemma in ARTICLES:
        k -= 1
    if k < 0 or tokens[k].lemma != "by":
        return False
    deed = tokens[k].head
    if not 0 <= deed < len(tokens) or tokens[deed].lemma in LIGHT | asked:
        return False
    verb = tokens[deed].pos == "VERB"  # the tagger may call "order" in "- order by" a noun
    said_as_verb = tokens[deed].dep == "appos" and bool(wordnet().synsets(tokens[deed].lemma, "v"))
    return verb or said_as_verb
