"""Which sentence of a note answers the question: the one code may say when the model's fails.

A sentence answers when it holds the kind of value asked for (a day for "when", a number
for "how much") and what the question is about: its own words, or for a "when"/"where"/
"who" question its note's title ("Dentist moved: … moved to Friday 20 March") or the
sentence before it ("Training for the half marathon: … Race day is 26 April."). Sharing a
single word is not enough ("How old is Felix's son?" is not answered by "The kitchen
renovation is with Baxter and Sons."), nor is a note's first sentence by being first.
Pure functions over words.
"""

from __future__ import annotations

import re

from voice_assistant.research.fact_checks import LABELS
from voice_assistant.research.final import claims_a_change
from voice_assistant.research.fold import fold, held, stems
from voice_assistant.research.notes import Note
from voice_assistant.research.qualifiers import wrong_qualifier
from voice_assistant.research.questions import names_in, possessed, subject_words
from voice_assistant.research.quotes import is_instruction, split_sentences
from voice_assistant.research.value_kinds import HOW, asked_kind, has_kind

DATE = re.compile(
    r"\b(?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december|(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?|today|tomorrow|"
    r"tonight|midnight|noon)\b|\d[:.]\d\d|\bin (?:a |an |\w+ )?(?:days?|weeks?|months?|years?)\b",
    re.I,
)
"""A day, a time or a time from now ("in six months"): what a sentence answering "when"
holds ("three runs a week" does not)."""
THEN = re.compile(r"\b(?:then|that day|the same day)\b", re.I)
"""A sentence's time said as the one before's ("… on 4 April. The tyres come off then.")."""
TOPIC_KINDS = ("when", "time", "where", "who", "name")
"""Kinds whose answer may leave its topic to the title or the sentence before."""
NAMED = ("who", "name")
"""Kinds answered by a name: the topic only from the same sentence (";", ":") before."""


def one_sentence(before: str) -> bool:
    """The clause before ends in ";" or ":": it and the next are one sentence ("The renewal
    form needs two photos; the town hall takes three weeks.")."""
    return before.rstrip().endswith((";", ":"))


def _topic_beside(
    question: str, asked: set[str], title: set[str], before: str, carried: bool
) -> bool:
    """A sentence without the question's words takes its topic from its note's title or
    the sentence before; a title that is only whose thing it is ("Pepperpot") says not
    which of her things: her flea treatment is no vet appointment."""
    if 2 * len(title) < len(asked) and not (carried and held(asked, before)):
        return False
    named = {word for name in names_in(question) for word in stems(name)}
    return not (title and title <= named and asked - title - held(asked, before))


def answers(question: str, sentence: str, before: str, note: Note) -> int | None:
    """How well ``sentence`` (``before`` it in ``note``) answers ``question``: the number of
    the question's words it, its topic and its note's title hold; None when it does not
    answer."""
    asked = set(subject_words(question)) - HOW
    kind = asked_kind(question)
    then = kind == "when" and bool(THEN.search(sentence) and DATE.search(before))
    if then and not DATE.search(sentence):  # "The winter tyres come off then too.": the day
        sentence, before = f"{before} {sentence}", ""  # is the sentence before's
    else:
        then = False
    if not asked or claims_a_change(sentence) or is_instruction(sentence):
        return None  # heard aloud, a sentence saying something was done sounds like ours
    own = held(asked, f"{before} {sentence}" if one_sentence(before) else sentence)
    title = held(asked, note.subject)
    # a name after a whole sentence about someone starts a new topic: "His son Oskar is
    # mad about dinosaurs. Felix lent me his camping stove." names no dinosaur
    carried = kind in TOPIC_KINDS and (kind not in NAMED or one_sentence(before))
    topic = own | title | (held(asked, before) if carried else set())
    if 2 * len(topic) < len(asked):
        return None
    owned = held(set(possessed(question)), note.text or note.excerpt)
    if owned and not held(owned, f"{note.subject} {sentence}"):
        return None  # "My brother Tomás lives in Porto." is not about his birthday
    if kind in TOPIC_KINDS:
        if not own and not _topic_beside(question, asked, title, before, carried):
            return None
    elif asked - title - own or not (own or (not kind and asked <= title)):
        # "How much does Biscuit weigh?" needs "weigh"; "How old is Felix?" is not answered
        # by "His son is seven." (no word asked); "What's on my shopping list?" by its note
        return None
    if kind and not has_kind(kind, sentence, question):
        return None
    parts = split_sentences(sentence)
    if (
        kind
        and not then
        and len(parts) > 1
        and not any(has_kind(kind, p, question) and held(asked, p) for p in parts)
    ):
        return None  # "Which dinosaur does Oskar like best?": not the Felix of the sentence before
    around = f"{note.subject} {before} {sentence}"
    if any(not held(stems(name), around) for name in names_in(question)):
        return None  # "… with Dr. Alvarez?" is not answered by a sentence about Dr. Brandt
    if kind == "when" and not DATE.search(sentence):
        return None
    labels = set(fold(question)) & LABELS
    if labels and not labels & set(fold(sentence)):  # "number": the number's sentence
        return None
    if wrong_qualifier(question, sentence, note.subject, note.text or note.excerpt):
        return None  # the retail price for the wholesale one
    return len(own) + len(topic) + len(title)  # the note about it first: "Guest wifi"


def answering_sentences(question: str, notes: list[Note]) -> list[tuple[int, str]]:
    """Every (note number, sentence) that answers, the best first."""
    found: list[tuple[int, int, str]] = []
    for number, note in enumerate(notes, 1):
        if not note.day:  # a tool's result, not a memory
            continue
        sentences = split_sentences(note.text or note.excerpt)
        for at, sentence in enumerate(sentences):
            score = answers(question, sentence, sentences[at - 1] if at else "", note)
            if score is not None:
                found.append((-score, number, sentence))
    return [(number, sentence) for _score, number, sentence in sorted(found, key=lambda f: f[0])]


WHERE = re.compile(r"^(\s*)where(?=(?:'s| is| are| was| were)\b)", re.I)
"""Where a thing *is*: "Where does he live?" asks a place whatever the notes hold."""
PLACED = re.compile(
    r"\b(?:living|staying|going|coming|heading|working|moving|sitting|hiding|flying|"
    r"travell?ing|based|located|kept|stored|parked)\b",
    re.I,
)
""""Where's Mum living these days?" asks a place, whatever it sounds like."""


def when_heard_as_where(question: str, notes: list[Note]) -> str:
    """A spoken "Where is my brother's birthday?" read as the "When" it sounds like, when no
    note says where it is and one says when: whisper hears a synthetic "When" as "Where"."""
    if not WHERE.match(question) or PLACED.search(question) or answering_sentences(question, notes):
        return question
    when = WHERE.sub(lambda m: f"{m.group(1)}When", question, count=1)
    return when if answering_sentences(when, notes) else question
