"""A line's label ("Dentist: …", "At Ashby: …"): what it lends the line, and when it
names the line's own place or person."""

from __future__ import annotations

from voice_assistant.language.question import Question
from voice_assistant.language.reading import Token, Unit
from voice_assistant.language.tokens import content_words, label_end


def own_name(question: Question, unit: Unit) -> bool:
    """The line's label names its own place or person ("At Ashby: vets race 11:20"), and
    the question another by name: it borrows no name from the sentence before."""
    colon = label_end(unit.tokens)
    named = {t.lemma for t in question.tokens if t.pos == "PROPN"} & question.focus
    return (
        colon is not None
        and bool(named)
        and any(t.pos == "PROPN" and t.lemma not in named for t in unit.tokens[:colon])
    )


def label_lends(question: Question, unit: Unit) -> bool:
    """A line's label lends its words to the line when the label is about the thing
    asked ("Dentist: check-up on Thursday"); "Training for the half marathon: long run on
    Sundays" is about training, and the run's day is no day of the marathon."""
    colon = label_end(unit.tokens)
    if colon is None:
        return True
    tokens = unit.tokens
    if tokens[0].pos == "ADP":
        return True  # "At Ashby: …": the whole label is where the line is
    said = [k for k in range(colon) if tokens[k].lemma in question.focus]
    return not said or any(not _in_phrase(tokens, k, colon) for k in said)


def _in_phrase(tokens: tuple[Token, ...], k: int, end: int) -> bool:
    """Token ``k`` stands in a prepositional phrase of the first ``end`` tokens ("for the
    half marathon")."""
    seen = set()
    while 0 <= k < end and k not in seen:
        seen.add(k)
        if tokens[k].dep == "prep":
            return True
        k = tokens[k].head
    return False


def words_past_label(unit: Unit) -> frozenset[str]:
    colon = label_end(unit.tokens) or 0
    return frozenset(content_words(unit.tokens, colon))
