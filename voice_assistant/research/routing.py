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
from itertools import pairwise

from voice_assistant.memory.schema import STOPWORDS
from voice_assistant.research.fold import fold, held
from voice_assistant.research.notes import Note
from voice_assistant.research.questions import (
    CALENDAR,
    FIRST_PERSON,
    POSSESSIVE,
    PROCEDURE,
    QUESTION_WORDS,
    is_personal,
    names_noted,
    subject_words,
)

_ABBREVIATED = re.compile(r"\b(?:Dr|Mr|Mrs|Ms|St)\.$")
TITLED = re.compile(r"\b(?:Mr|Mrs|Ms|Dr)\.?\s+[A-Z]")
"""A person named with a title: how people speak of their landlord or their dentist."""
PRIVATE = re.compile(
    r"\b(?:code|password|passcode|pin|combination|phone number|account number|"
    r"registration|number plate|asset tag|appointment|booking|booked|reservation|check-?up|"
    r"for a living)\b",
    re.I,
)
"""What only the user's notes can hold: no general answer to "the code for the Mac door",
to when "this kit's vet appointment" is, or to what "Merrick" does for a living (names
misheard)."""
_UNIT = (
    r"(?:leap )?(?:second|minute|hour|day|week|fortnight|month|year|decade|century|centuries|"
    r"teaspoon|tablespoon|cup|pint|quart|gallon|lit(?:re|er)|millilit(?:re|er)|ml|ounce|pound|"
    r"stone|ton|tonne|kilo(?:gram)?|gram|mile|kilomet(?:re|er)|met(?:re|er)|centimet(?:re|er)|"
    r"millimet(?:re|er)|inch|inche|foot|feet|yard|acre|hectare|dozen|byte|kilobyte|megabyte|"
    r"gigabyte)s?"
)
MEASURE = re.compile(
    rf"^\s*how many {_UNIT} (?:are |is )?(?:there )?in (?:a|an|one) {_UNIT}\W*$", re.I
)
"""How many of one unit make another ("How many pounds are there in a stone?"): the
world's measures, however close a note with weights in it comes (0.46)."""
AGAIN = re.compile(r"\bagain\W*$", re.I)
""""How hot does the bisque go again?": asked to be reminded of what the user was told."""
_TRAILING = re.compile(r"\b[A-Z][\w-]*[a-z][\w-]*$")
"""A capitalised word just before: the word after it is the rest of one name."""
HEARD_IN_DOUBT = -0.45
"""Whisper's mean log probability per token below which the words may not be the ones
said: such a question is never answered from general knowledge ("Who's a mouse, Perky?"
for "Who has our spare key?"). Calibrated on the answer set spoken by two voices."""
WORD_IN_DOUBT = -2.0
"""A word with a log probability below this may not be the word said. On the answer set
spoken by two voices (228 transcripts), 31 of the 96 with a word wrong have a word below
it; no clearly heard general question has (the least sure of them: -1.65)."""
GENERAL_BELOW = 0.35
"""No memory this close (cosine): nothing in the memories is about the question. On the
answer set general questions score 0.11-0.38 against the nearest memory, personal ones
without "my" 0.39 and more against their note (``bench --suite answers`` prints each)."""
PERSONAL_FROM = 0.45
"""A memory this close makes the question personal whatever its words. Between the two,
the words decide (``route``)."""


@dataclass(frozen=True)
class Evidence:
    """What the memories say about a question before any model call."""

    closeness: float | None = None
    """The nearest memory's cosine similarity to the question (None without vectors)."""
    names: frozenset[str] = frozenset()
    """The user's names (lower case) that the question holds."""
    sureness: float = 0.0
    """How sure the recogniser was of the words (mean log probability per token)."""
    least_sure: float = 0.0
    """The log probability of the word it was least sure of."""
    read_again: bool = False
    """The words were read as the memories' own (``hearing``): they are about the notes."""


def user_names(memories: Iterable[tuple[str, str]]) -> frozenset[str]:
    """Names in the memories (people, pets, places, projects), lower case: a word written
    capitalised inside a sentence, or a note's whole title ("Biscuit"). A word also written
    in lower case anywhere ("Garden" the network, "a garden party") is left out: a question
    may use it in its everyday sense; so are months and days, and the words that only end
    a longer name ("MacBook Air": "Which gas do plants take in from the air?")."""
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
            elif _ABBREVIATED.search(before) or not _TRAILING.search(before):
                inside.add(word)  # not the end of a longer name: "MacBook Air" has no "air"
    titles = {title.strip().lower() for title, _text in memories}
    found = inside | {word for word in opening if word in titles}
    common = lowercase | QUESTION_WORDS | STOPWORDS | CALENDAR
    return frozenset(w for w in found if len(w) > 2 and w not in common)


def names_asked(question: str, names: frozenset[str]) -> frozenset[str]:
    """The user's names in a question, whatever case whisper wrote them in."""
    return frozenset(set(fold(question)) & names)


LIFT = 0.10
"""How much closer the nearest memory must come for a near-miss reading of a question that
was general as heard to be read as personal (on top of reaching ``GENERAL_BELOW``)."""


def lifts(heard: Evidence, reading: Evidence) -> bool:
    """Whether a near-miss reading turns a general question personal: it names the user's
    own, or the nearest memory comes ``LIFT`` closer and past ``GENERAL_BELOW``."""
    if reading.names - heard.names:
        return True
    if heard.closeness is None or reading.closeness is None:
        return False
    return reading.closeness >= max(GENERAL_BELOW, heard.closeness + LIFT)


def in_doubt(evidence: Evidence) -> bool:
    """The recogniser may have heard other words than were said: a low mean, or one word
    far less sure than a word whisper knows ("Mr. Erkart" for "Mr. Urquhart")."""
    return evidence.sureness < HEARD_IN_DOUBT or evidence.least_sure < WORD_IN_DOUBT


def titled(question: str, notes: Iterable[Note]) -> bool:
    """A note's whole title is in the question ("How much will the plumber charge?" holds
    the note "Plumber"): the user's own thing, though an everyday word."""
    for note in notes:
        words = set(subject_words(note.subject))
        if words and held(words, question) == words:
            return True
    return False


_UNSAID = STOPWORDS | QUESTION_WORDS


def _said_of(word: str) -> bool:
    return len(word) > 2 and not word.isdigit() and word not in _UNSAID


def phrase_noted(question: str, notes: Iterable[Note]) -> bool:
    """Two words of the question side by side as a note writes them ("What date's the
    March release going out?"): the user's own thing, however little of the note's
    meaning the question shares (the nearest memory 0.33 away)."""
    words = fold(question)
    pairs = {(a, b) for a, b in pairwise(words) if _said_of(a) and _said_of(b)}
    for note in notes:
        said = fold(f"{note.subject}. {note.text or note.excerpt}") if note.day else []
        if pairs & set(pairwise(said)):
            return True
    return False


_PHRASE_END = (
    r"(?:['’]s\b|(?=\s+(?:is|are|was|were|on|in|at|for|of|to|with|from|and|or|do|does|did|"
    r"get|gets|got|have|has|need|needs)\b|\s*[?.!,]|\s*$))"
)
"""Where a noun phrase ends: "the car?" and "the car's" are the car, "the car radio" is
something else."""


def the_titled(question: str, notes: Iterable[Note]) -> bool:
    """ "The" and a note's whole title ("How many miles are on the car?" over the note
    "Car"): the user's own thing, however far the note's meaning (0.30 away); the world's
    is "a car", and "the car radio" is no car."""
    for note in notes:
        title = re.escape(note.subject.strip())
        if note.day and title and re.search(rf"\bthe {title}{_PHRASE_END}", question, re.I):
            return True
    return False


def route(question: str, notes: list[Note] | None, evidence: Evidence) -> str:
    """``personal`` (answered only from notes) or ``general`` (the world's knowledge).

    With no vectors to measure closeness, the word rules decide alone (``is_personal``:
    words of the question in one note); with them, closeness decides, and the word rules
    only between ``GENERAL_BELOW`` and ``PERSONAL_FROM``, over the notes the first search
    found (``None``: not searched yet, so personal): there a general question shares a word
    or two with a note ("350 degrees Fahrenheit" with the kiln's "1240 degrees") and a
    personal one names a note ("the plumber")."""
    if POSSESSIVE.search(question) or evidence.names or in_doubt(evidence):
        return "personal"
    if TITLED.search(question) or PRIVATE.search(question) or AGAIN.search(question):
        return "personal"  # "Who is Mr. Akeffer?", "What's the code for the Mac door?"
    if evidence.read_again:
        return "personal"
    if FIRST_PERSON.search(question) and not PROCEDURE.match(question):
        return "personal"
    if MEASURE.match(question):
        return "general"
    if evidence.closeness is None:
        return "personal" if is_personal(question, notes or []) else "general"
    if evidence.closeness >= PERSONAL_FROM or (notes and names_noted(question, notes)):
        return "personal"
    if notes and (phrase_noted(question, notes) or the_titled(question, notes)):
        return "personal"
    if evidence.closeness < GENERAL_BELOW:
        return "general"
    if notes is None or is_personal(question, notes) or titled(question, notes):
        return "personal"
    return "general"
