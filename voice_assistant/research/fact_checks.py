"""The checks code runs on each fact of an answer, against the note it cites.

Pure functions over words: the quote occurs in its note (folded), it is no instruction
written to the assistant, it adds little its quote does not say, it does not only say the
question back, no newer note on the same subject says otherwise, nothing spoken is
metadata. ``answer_review`` runs them and weighs the answer as a whole. The values a fact
states are checked by the matching of code's own answers (``language.grounding``, from
``answering``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from voice_assistant.language.lexicon import words
from voice_assistant.memory.schema import STOPWORDS
from voice_assistant.research.fold import IRREGULAR, fold, is_number, stem, stems
from voice_assistant.research.notes import Note
from voice_assistant.research.questions import (
    QUESTION_WORDS,
    content_words,
    noun_phrases,
)
from voice_assistant.research.quotes import (
    is_instruction,
    locate,
    numbers,
)
from voice_assistant.research.support import Fact

METADATA = re.compile(
    r"\b(?:source|kind|project|written|updated|memory_id|hash|device|path|score)\s*[:=]"
    r"|\s\|\s|^\s*-{3}|\b[\w-]+\.(?:md|markdown|txt)\b|(?:^|\s)[~.]?/\w[\w.-]*/"
    r"|\[\d+\]|\bnote\s+(?:number\s+)?\d+\b|\(file,|\bmarkdown\b",
    re.I | re.M,
)
"""What is never spoken: note labels and numbers, metadata lines, front matter, file
names, paths."""
NEGATION = words("answers", "negating")
NEUTRAL = words("answers", "neutral")
"""Words a plain sentence may add to its quote without claiming anything new."""
LABELS = words("answers", "labels")
"""What a question asks for by its name ("my passport number"): an answer whose quotes
never name it (say when the passport expires) answers something else."""
NEW_WORDS_ALLOWED = 1
"""Content words a sentence may add beyond its quoted sentence, the note's title and the
question (a paraphrase); more is a claim beyond its material."""


@dataclass(frozen=True)
class Finding:
    check: str
    detail: str
    fact: int | None = None
    """The 0-based fact it concerns; None when it concerns the whole answer."""

    def text(self) -> str:
        """For the record, and for the model's rewrite: plain words, no check names."""
        where = f"fact {self.fact + 1}: " if self.fact is not None else ""
        return f"{where}{self.detail}"


def title_words(note: Note) -> set[str]:
    return set(content_words(note.subject))


def newer_note(fact: Fact, notes: list[Note]) -> str | None:
    """A newer note on the same subject (its title holds the cited note's title, or the
    other way round) that gives other numbers than the fact states: it may have replaced
    them ("Dentist" on 12 March, then "Dentist moved" to 20 March)."""
    cited = notes[fact.note - 1]
    words = title_words(cited)
    stated = set(numbers(fact.say))
    if not cited.day or not words or not stated:
        return None
    for number, other in enumerate(notes, 1):
        if other is cited or not other.day or other.day <= cited.day:
            continue
        if not (words <= title_words(other) or title_words(other) <= words):
            continue
        if set(numbers(other.excerpt)) - stated:
            return f"note {number} ({other.subject}, {other.day}) is newer and says otherwise"
    return None


def other_topic(fact: Fact, notes: list[Note], question: str) -> str | None:
    """A fact that names what another note is about ("oatmeal mugs", asked about) while
    citing a note that never mentions it: it lends one note's words to another's subject."""
    cited = notes[fact.note - 1]
    titles = set().union(*(title_words(n) for n in notes if n is not cited and n.day))
    named = set(noun_phrases(question)) & titles & stems(fact.say)
    missing = sorted(named - stems(f"{cited.subject} {cited.excerpt}"))
    return f"note {fact.note} says nothing about {missing[0]!r}" if missing else None


def spoken_form(say: str, notes: list[Note]) -> str | None:
    match = METADATA.search(say)
    if match:
        return f"{match.group(0).strip()!r} is not for speaking"
    for note in notes:
        if note.label and note.label in say:
            return "it speaks a note's label"
    return None


def _says_something(word: str, shortest: int = 3) -> bool:
    """A word that claims something: no stop word, question word or neutral filler."""
    return (
        len(word) >= shortest
        and word not in STOPWORDS
        and word not in QUESTION_WORDS
        and word not in NEUTRAL
    )


def new_words(say: str, material: str, question: str) -> list[str]:
    """Content words of ``say`` that neither its material nor the question holds."""
    known = stems(material) | stems(question)
    content = [
        stem(t)
        for t in fold(say)
        if _says_something(t if t in IRREGULAR else stem(t))  # "went up" is no "go"
    ]
    return [t for t in dict.fromkeys(content) if t not in known and not is_number(t)]


def says_back(say: str, sentences: str, question: str) -> bool:
    """Whether a fact only says the question back: nothing it adds to the question's words
    comes from its quoted sentences ("Am I okay to take a moxie cillin?" -> "You are okay
    to take a moxie cillin.", citing the note that says you are allergic to penicillin;
    "What is the rest of the riverside clinic?" -> "… is the Dentist's clinic.", from the
    note's title alone)."""
    asked = stems(question)
    said = stems(say)
    added = {w for w in said - asked if _says_something(w, shortest=2)}
    added |= (said & NEGATION) - asked  # "The kiln is not ready." answers "Is it ready?"
    options = either_or(question)
    if len(said & options) == 1:  # "Cash or card?" -> "in cash": one of them, chosen
        added |= said & options
    return not added & stems(sentences)


EITHER_OR = re.compile(
    r"\b([\w'’-]+)\s+or\s+(?:(?:by|in|with|on|at|for|a|an|the)\s+)?([\w'’-]+)", re.I
)


def either_or(question: str) -> set[str]:
    """The options a question offers ("cash or by card": cash, card)."""
    return {stem(w) for m in EITHER_OR.finditer(question) for w in fold(" ".join(m.groups()))}


def without_header(quote: str, note: Note) -> str:
    """A quote that copies the note's rendered header ("Dentist (file, health; written
    2026-03-04): Check-up …") quotes the text after it."""
    for header in (f"{note.subject} ({note.label}):", f"({note.label}):", f"{note.subject}:"):
        at = quote.find(header)
        if at != -1 and at <= 6:  # allow a leading "[1] "
            return quote[at + len(header) :].strip()
    return quote


def check_fact(
    index: int, fact: Fact, notes: list[Note], question: str, context: str, spoken: bool
) -> list[Finding]:
    note = notes[fact.note - 1]
    findings: list[Finding] = []
    found = locate(without_header(fact.quote, note), note.excerpt)
    if found is None:
        findings.append(Finding("quote_in_note", f"its quote is not in note {fact.note}", index))
    sentences = " ".join(found.sentences) if found else ""
    if found and any(is_instruction(sentence) for sentence in found.sentences):
        detail = "its quote is an instruction written to the assistant, not an answer"
        findings.append(Finding("instruction", detail, index))
    elsewhere = other_topic(fact, notes, question)
    if elsewhere:
        findings.append(Finding("about_its_note", elsewhere, index))
    if found and says_back(fact.say, sentences, question):  # its title adds no answer
        findings.append(Finding("answers", "it only says the question back", index))
    added = new_words(fact.say, f"{sentences} {note.subject} {context}", question)
    if found and len(added) > NEW_WORDS_ALLOWED:
        detail = f"it says more than its quote ({', '.join(added)})"
        findings.append(Finding("grounded", detail, index))
    newer = newer_note(fact, notes)
    if newer:
        findings.append(Finding("newer_note", newer, index))
    if spoken:
        form = spoken_form(fact.say, notes)
        if form:
            findings.append(Finding("spoken_form", form, index))
    return findings
