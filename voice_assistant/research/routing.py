"""Personal or general: from what the question says and how close the memories come.

Word rules alone miss a question whisper misheard ("What the password for the get
wifi?") or one about the user's pet without "my" ("How much does biscuit weigh?"), and a
general answer to either is an invented one. So a question is general only when nothing
points at the user: no "my"/"I", none of the user's names (the people, pets, places and
projects the memories name), no memory comes close by meaning (the nearest memory's
MiniLM cosine similarity, calibrated on the labelled answer set: BENCHMARKS.md), and the
recogniser was sure of the words. Anything else takes the personal path, which answers
only from notes and otherwise declines saying what it heard. Pure functions; the
evidence is gathered by the research core.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from voice_assistant.memory.schema import STOPWORDS
from voice_assistant.research.fold import fold
from voice_assistant.research.notes import Note
from voice_assistant.research.questions import (
    FIRST_PERSON,
    POSSESSIVE,
    PROCEDURE,
    QUESTION_WORDS,
    is_personal,
    names_noted,
)

_CALENDAR = """january february march april may june july august september october
    november december monday tuesday wednesday thursday friday saturday sunday mondays
    tuesdays wednesdays thursdays fridays saturdays sundays christmas easter"""
CALENDAR = frozenset(_CALENDAR.split())
"""Capitalised, but everyone's: a date is no sign of a personal question."""
_ABBREVIATED = re.compile(r"\b(?:Dr|Mr|Mrs|Ms|St)\.$")
HEARD_IN_DOUBT = -0.45
"""Whisper's mean log probability per token below which the words may not be the ones
said: such a question is never answered from general knowledge ("Who's a mouse, Perky?"
for "Who has our spare key?"). Calibrated on the answer set spoken by two voices."""
GENERAL_BELOW = 0.35
"""A memory at least this close (cosine) makes the question personal. On the answer set
personal questions without "my" score 0.40 and more against their note, general ones
0.14-0.31 against the nearest memory (``bench --suite answers`` prints each)."""


@dataclass(frozen=True)
class Evidence:
    """What the memories say about a question before any model call."""

    closeness: float | None = None
    """The nearest memory's cosine similarity to the question (None without vectors)."""
    names: frozenset[str] = frozenset()
    """The user's names (lower case) that the question holds."""
    sureness: float = 0.0
    """How sure the recogniser was of the words (mean log probability per token)."""


def user_names(memories: Iterable[tuple[str, str]]) -> frozenset[str]:
    """Names in the memories (people, pets, places, projects), lower case: a word written
    capitalised inside a sentence, or a note's whole title ("Biscuit"). A word also written
    in lower case anywhere ("Garden" the network, "a garden party") is left out: a question
    may use it in its everyday sense; so are months and days."""
    memories = list(memories)
    texts = [f"{title}. {text}" for title, text in memories]
    lowercase = {w for text in texts for w in re.findall(r"\b[a-z][\w'-]*", text)}
    inside: set[str] = set()
    opening: set[str] = set()
    for text in texts:
        for match in re.finditer(r"\b[A-Z][\w-]*[a-z][\w-]*", text):
            word = match.group(0).lower()
            before = text[: match.start()].rstrip()
            if not before or (before[-1] in ".!?:\n#" and not _ABBREVIATED.search(before)):
                opening.add(word)
            else:
                inside.add(word)
    titles = {title.strip().lower() for title, _text in memories}
    found = inside | {word for word in opening if word in titles}
    common = lowercase | QUESTION_WORDS | STOPWORDS | CALENDAR
    return frozenset(w for w in found if len(w) > 2 and w not in common)


def names_asked(question: str, names: frozenset[str]) -> frozenset[str]:
    """The user's names in a question, whatever case whisper wrote them in."""
    return frozenset(set(fold(question)) & names)


def route(question: str, notes: list[Note], evidence: Evidence) -> str:
    """``personal`` (answered only from notes) or ``general`` (the world's knowledge). With
    no vectors to measure closeness, the word rules decide alone (``is_personal``: words
    of the question in one note); with them, closeness replaces that rule, which common
    words fool ("How many hours are there in a week?" over a note of weekly hours)."""
    if POSSESSIVE.search(question) or evidence.names or evidence.sureness < HEARD_IN_DOUBT:
        return "personal"
    if FIRST_PERSON.search(question) and not PROCEDURE.match(question):
        return "personal"
    if evidence.closeness is None:
        return "personal" if is_personal(question, notes) else "general"
    if evidence.closeness >= GENERAL_BELOW or names_noted(question, notes):
        return "personal"
    return "general"
