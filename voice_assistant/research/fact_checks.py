"""The checks code runs on each fact of an answer, against the note it cites.

Pure functions over words: the quote occurs in its note (folded), the values it states are
in the quote, the question or the conversation, it adds little its quote does not say, of
two values side by side it states the one beside what was asked, no newer note on the same
subject says otherwise, nothing spoken is metadata. ``answer_review`` runs them and weighs
the answer as a whole.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from voice_assistant.memory.store import STOPWORDS
from voice_assistant.research.fold import IRREGULAR, fold, is_number, stem, stems
from voice_assistant.research.notes import Note
from voice_assistant.research.qualifiers import wrong_qualifier
from voice_assistant.research.questions import (
    QUESTION_WORDS,
    content_words,
    noun_phrases,
)
from voice_assistant.research.quotes import (
    Located,
    colours,
    is_instruction,
    locate,
    names,
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
_NEGATION = "no not none never nobody yet undecided unknown tbd"
NEGATION = frozenset(_NEGATION.split())
_WHEN_WORDS = """january february march april may june july august september october
    november december monday tuesday wednesday thursday friday saturday sunday today
    tomorrow tonight yesterday morning afternoon evening night week weekend month year
    spring summer autumn winter christmas midnight noon daily weekly every next last"""
WHEN_WORDS = frozenset(_WHEN_WORDS.split())
_NOBODY = "nobody no one none undecided"
NOBODY = frozenset(_NOBODY.split())
_MONEY = "euro euros pound pounds dollar dollars cent cents"
MONEY = frozenset(_MONEY.split())
_NEUTRAL = """now currently still also next scheduled planned located called named set kept
    held place takes take happen happens will going say says according note notes memory
    memories there here"""
NEUTRAL = frozenset(_NEUTRAL.split())
"""Words a plain sentence may add to its quote without claiming anything new."""
_CLAUSE = re.compile(r"(?<!\d)[.:]|[.:](?!\d)|[;,!?]|\band\b|\bbut\b|\bwhile\b|\bwhereas\b")
"""Clause joints; "9:30", "5.5" and "12.50" hold together."""
PLACE = re.compile(
    r"\b(?:in|at|under|behind|near|inside|beside|by|on top of|next to)\s+"
    r"(?:the|your|a|an|my|our)\b",
    re.I,
)
_LABELS = "code number pin phone password type"
LABELS = frozenset(_LABELS.split())
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


def clauses(text: str) -> list[set[str]]:
    """The text's clauses as sets of folded, singular tokens; a clause of a sentence that
    says "no"/"not" carries the negation (the value it gives is that there is none)."""
    parts: list[set[str]] = []
    for sentence in re.split(r"(?<=[.!?;])\s+", text):
        negated = stems(sentence) & NEGATION
        parts += [stems(p) | negated for p in _CLAUSE.split(sentence) if p.strip()]
    return parts


def _head(part: str) -> str | None:
    words = [stem(t) for t in fold(part) if t not in STOPWORDS and not is_number(t)]
    return words[0] if words else None


def value_beside(say: str, note: Note, question: str, quote: str = "") -> str | None:
    """A note with values side by side ("retail price 32 euros, wholesale price 18
    euros"): each number the answer states must sit, in the note, in a clause holding
    what the answer ties it to (the question's words the note ties to a value, and the
    words that set the note's valued clauses apart: "retail", "wholesale"). None when it
    does, else what is wrong."""
    raw = [p for s in re.split(r"(?<=[.!?;])\s+", note.excerpt) for p in _CLAUSE.split(s)]
    parts = clauses(note.excerpt)
    valued = [
        (part, text)
        for part, text in zip(parts, [p for p in raw if p.strip()], strict=False)
        if any(is_number(t) for t in part) or part & NEGATION
    ]
    if len(valued) < 2:
        return None  # nothing to mix up
    asked = set(content_words(question))
    tied = asked & set().union(*(p for p, _ in valued))
    heads = {h for _, text in valued if (h := _head(text))}
    mentioned = stems(say)
    topic = title_words(note)  # every clause is about the note's title ("Kofi's wedding")
    for said in clauses(say):
        claimed = said & (tied | heads) - topic
        for value in (t for t in said if is_number(t)):
            homes = [p for p in parts if value in p]
            if not homes:
                continue  # not the note's number: the values check says so
            if claimed and not any(claimed <= home for home in homes):
                word = sorted(claimed - set().union(*homes))[0]
                return f"the note does not give {value} for {word!r}"
            for word in sorted(tied - set().union(*homes) - mentioned - topic):
                if any(word in p and value not in p for p, _ in valued):
                    return f"the note gives something else for {word!r}, not {value}"
    return None


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


PRICE = re.compile(
    r"[€$£]\s?(\d[\d,.]*)|(\d[\d,.]*)\s?(?:euros?|pounds?|dollars?|quid|bucks)\b", re.I
)


def prices(text: str) -> set[str]:
    """The amounts of money a text states ("€32", "32 euros")."""
    return {(a or b).rstrip(".,").replace(",", "") for a, b in PRICE.findall(text)}


def _figures(text: str) -> set[str]:
    return {n.rstrip(".,").replace(",", "") for n in re.findall(r"\d[\d,.]*", text)}


def unpriced(say: str, note: str) -> set[str]:
    """Numbers its note gives only as money that a fact gives as something else: "45."
    for how many stalls there are, from "The stall fee of 45 euros is paid"."""
    money = prices(note) - _figures(PRICE.sub(" ", note))
    return (_figures(say) - prices(say)) & money


IDENTIFIER = re.compile(r"\b(?:number|no\.?|#)\s*(\d+)\b", re.I)


def uncounted(say: str, note: str, question: str) -> set[str]:
    """Numbers its note gives only to name a thing ("Our stall is number 41") that a fact
    gives for how many there are ("41 stalls.")."""
    if not re.match(r"\s*how many\b", question, re.I):
        return set()
    names = set(IDENTIFIER.findall(note)) - _figures(IDENTIFIER.sub(" ", note))
    return _figures(say) & names


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


def holding(fact: Fact, found: Located | None, question: str) -> str:
    """Of the quoted sentences, the one holding what the answer adds to the question (its
    value): "the long silver one" is the front door key's sentence, whatever else is quoted."""
    if found is None or len(found.sentences) < 2:
        return " ".join(found.sentences) if found else fact.quote
    added = stems(fact.say) - stems(question) - STOPWORDS
    value = set(numbers(fact.say)) | set(names(fact.say))  # the value weighs most

    def weight(sentence: str) -> int:
        said = stems(sentence)
        return len(added & said) + 3 * len(value & said)

    return max(found.sentences, key=weight)


def check_fact(
    index: int, fact: Fact, notes: list[Note], question: str, context: str, spoken: bool
) -> list[Finding]:
    note = notes[fact.note - 1]
    findings: list[Finding] = []
    found = locate(without_header(fact.quote, note), note.excerpt)
    if found is None:
        findings.append(Finding("quote_in_note", f"its quote is not in note {fact.note}", index))
    span = found.span if found else []
    sentences = " ".join(found.sentences) if found else ""
    if found and any(is_instruction(sentence) for sentence in found.sentences):
        detail = "its quote is an instruction written to the assistant, not an answer"
        findings.append(Finding("instruction", detail, index))
    asked = set(fold(question)) | set(fold(context))
    missing = [n for n in numbers(fact.say) if n not in set(span) | asked]
    around = set(fold(sentences)) | set(fold(note.subject)) | asked
    missing += [n for n in names(fact.say) if n not in around]
    missing += [c for c in colours(fact.say) if c not in around]
    if missing:
        detail = ", ".join(dict.fromkeys(missing)) + " is not in its quote"
        findings.append(Finding("values_supported", detail, index))
    whole = f"{note.excerpt} {note.text}"
    priced = prices(fact.say) - prices(whole)
    if priced:  # "Biscuit's booster will cost 10 euros." from his 10:20 appointment
        detail = f"{sorted(priced)[0]} is no price in note {fact.note}"
        findings.append(Finding("values_supported", detail, index))
    bare = unpriced(fact.say, whole)
    if bare:
        detail = f"{sorted(bare)[0]} is a price in note {fact.note}, said as something else"
        findings.append(Finding("values_supported", detail, index))
    named = uncounted(fact.say, whole, question)
    if named:
        detail = f"{sorted(named)[0]} names a thing in note {fact.note}, it counts nothing"
        findings.append(Finding("values_supported", detail, index))
    elsewhere = other_topic(fact, notes, question)
    if elsewhere:
        findings.append(Finding("about_its_note", elsewhere, index))
    if found and says_back(fact.say, sentences, question):  # its title adds no answer
        findings.append(Finding("answers", "it only says the question back", index))
    added = new_words(fact.say, f"{sentences} {note.subject} {context}", question)
    if found and len(added) > NEW_WORDS_ALLOWED:
        detail = f"it says more than its quote ({', '.join(added)})"
        findings.append(Finding("grounded", detail, index))
    beside = value_beside(fact.say, note, question, fact.quote)
    if beside:
        findings.append(Finding("value_beside", beside, index))
    qualifier = wrong_qualifier(
        question, holding(fact, found, question), note.subject, note.excerpt
    )
    if qualifier:
        findings.append(Finding("qualifier", qualifier, index))
    newer = newer_note(fact, notes)
    if newer:
        findings.append(Finding("newer_note", newer, index))
    if spoken:
        form = spoken_form(fact.say, notes)
        if form:
            findings.append(Finding("spoken_form", form, index))
    return findings
