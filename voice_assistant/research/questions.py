"""What kind of question this is, and what it asks about: decided by code, not a model.

A *personal* question (about the user's people, things, plans, work or notes) is answered
only from notes; a *general* one that the notes do not cover may be answered from general
knowledge, after saying the memories have nothing on it. Pure functions over the question
and the notes code's own first search found.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from voice_assistant.language.lexicon import MONTHS, WEEKDAYS, words
from voice_assistant.memory.schema import STOPWORDS
from voice_assistant.research.fold import fold, stem
from voice_assistant.research.notes import Note

POSSESSIVE = re.compile(r"\b(?:my|our|mine|ours|myself|ourselves)\b", re.I)
FIRST_PERSON = re.compile(r"\b(?:i|me|we|us|i'm|i've|i'd|we're|we've)\b", re.I)
PROCEDURE = re.compile(r"^\s*how\s+(?:\w+\s+){0,2}?(?:should|do|can|could|would|to)\b", re.I)
""""How long should I boil an egg?": first person, but asking how things are done."""
QUESTION_WORDS = words("questions", "not_about")
ASKED_FOR = words("questions", "asked_for")
"""Words that say what kind of value is asked for, not what it is about."""
ROLES = words("person", "roles")
"""People a personal question can be about: a note about a brother never answers about a sister."""


def content_words(text: str) -> list[str]:
    """Folded, singular content words, in order, without question and stop words."""
    words = []
    for token in fold(text):
        if token in STOPWORDS or token in QUESTION_WORDS or len(token) < 2:
            continue
        word = stem(token)
        if word not in words:
            words.append(word)
    return words


def subject_words(question: str) -> list[str]:
    """What the question is about ("sister" in "What is my sister's name?")."""
    return [w for w in content_words(question) if w not in ASKED_FOR]


_NOUN_PHRASE = re.compile(
    r"\b(?:my|our|the|your|his|her|their|its)\s+((?:[\w'’-]+\s+){0,3}?[\w'’-]+)"
    r"(?=\s+(?:that|which|who|is|are|was|were|on|in|at|for|of|to|with|from|and|or|do|does|"
    r"did|go|goes|being|been|have|has)\b|\s*[?.!,]|\s*$)",
    re.I,
)


def noun_phrases(question: str) -> list[str]:
    """The words of what the question names ("the excess on my car insurance" -> excess,
    car, insurance): the things it is about, not what it does with them."""
    words: list[str] = []
    for match in _NOUN_PHRASE.finditer(question):
        words += [w for w in content_words(match.group(1)) if w not in words]
    return words


_POSSESSED = re.compile(
    r"\b([\w-]+)['’]s\s+((?:[\w-]+\s+){0,2}?[\w-]+)"
    r"(?=\s+(?:is|are|was|were|on|in|at|for|of|to|with|from|and|or|do|does|did|go|goes|"
    r"called|named|kept|stored|made|booked|due|located|set|being)\b|\s*[?.!,]|\s*$)",
    re.I,
)
_NOT_OWNERS = words("person", "not_owners")


def possessed(question: str) -> list[str]:
    """What a possessive asks about ("my brother's birthday" -> birthday): an answer about
    the owner alone answers something else ("Tomás lives in Porto" is no answer to "Where
    is my brother's birthday?"); [] when what is owned says only what kind of value is
    asked ("Rowan's phone number")."""
    words: list[str] = []
    for match in _POSSESSED.finditer(question):
        owner = match.group(1).lower()
        if owner in QUESTION_WORDS or owner in _NOT_OWNERS:
            continue  # "what's the …", "it's …": a verb, not an owner
        words += [w for w in content_words(match.group(2)) if w not in ASKED_FOR]
    return words


def role_words(question: str) -> list[str]:
    return [w for w in content_words(question) if w in ROLES]


def names_in(text: str) -> list[str]:
    """Capitalised words inside a sentence: names, places, titles."""
    text = re.sub(r"\b(?:Dr|Mr|Mrs|Ms|St)\.\s+", "", text.strip())  # "Dr. Hartwell": a name
    found = re.findall(r"(?<![.!?]\s)(?<!^)(?<!\s\s)\b([A-Z][\w'’-]+)", text)
    return [  # "I'm", "I've": the speaker, not a name
        name
        for name in found
        if name.lower() not in QUESTION_WORDS | {"i"} and not re.match(r"I['’]", name)
    ]


def _note_words(note: Note) -> set[str]:
    return {stem(token) for token in fold(f"{note.subject} {note.excerpt}")}


MONTHS_AND_DAYS = MONTHS | WEEKDAYS | {f"{day}s" for day in WEEKDAYS}
"""Capitalised, but everyone's ("Mondays" too)."""
CALENDAR = MONTHS_AND_DAYS | words("calendar", "feasts")
"""Capitalised, but everyone's: a date is no sign of a personal question."""


def names_noted(question: str, notes: Iterable[Note]) -> bool:
    """The question names someone or something a note names (a name there too: "the
    Second World War" is no "second")."""
    notes = list(notes)
    for name in names_in(question):
        if name.lower() in MONTHS_AND_DAYS:
            continue  # "How many days has September got?": a month is nobody's
        name = re.sub(r"['’]s$", "", name)  # "Lucía's surname": the notes say "Lucía"
        written = re.compile(rf"\b{re.escape(name)}", re.I if name.isupper() else 0)
        if any(written.search(f"{note.subject} {note.excerpt}") for note in notes):
            return True
    return False


def is_personal(question: str, notes: Iterable[Note]) -> bool:
    """About the user (answered only from notes), or general knowledge, by words alone?

    Personal: the question says my/our; or I/we outside a how-to question; or it names
    someone or something a note names; or half or more of what it is about is in one note
    (“Who owns the alerting for failed settlements?”, and as heard, “Who wants to learn for
    failed settlements?”). General otherwise.
    """
    if POSSESSIVE.search(question):
        return True
    if FIRST_PERSON.search(question) and not PROCEDURE.match(question):
        return True
    notes = list(notes)
    if names_noted(question, notes):
        return True
    words_of = [_note_words(note) for note in notes]
    words = [w for w in subject_words(question) if not w.isdigit()]  # "15 times 12"
    return bool(words) and any(2 * sum(w in note for w in words) >= len(words) for note in words_of)
