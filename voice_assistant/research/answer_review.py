"""Code's review of every final answer: structure, checked against the notes it cites.

Models judge language; code checks structure. Per fact: its quote occurs in the note it
cites (folded: case, punctuation, number words); every number it states is in the quoted
words, the question or the conversation, and every name is in the quoted sentence, the
note's title, the question or the conversation; it adds little its quote does not say;
of two values side by side it states the one beside what was asked; no newer note on the
same subject gives other numbers; nothing spoken is metadata. Facts that say nothing
about what was asked are dropped. The answer as a whole must give the kind of value
asked for (a date for "when"), about the right person or thing. Pure functions: a failed
fact is dropped, an answer with no fact left is rewritten once, then code's reply stands.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from voice_assistant.memory.store import STOPWORDS
from voice_assistant.research.fold import UNITS, fold, is_number, stem, stems
from voice_assistant.research.notes import Note
from voice_assistant.research.questions import (
    QUESTION_WORDS,
    content_words,
    names_in,
    noun_phrases,
    role_words,
    subject_words,
)
from voice_assistant.research.quotes import is_instruction, locate, names, numbers, values
from voice_assistant.research.support import Draft, Fact

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


@dataclass
class Review:
    """The verdict on one draft: which facts stand and what failed."""

    kept: list[Fact] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """At least one fact stands and nothing failed on the answer as a whole (a written
        answer's unquoted direct answer is left out, not failed)."""
        return bool(self.kept) and not any(
            f.fact is None and f.check != "lead_values" for f in self.findings
        )

    @property
    def lead_ok(self) -> bool:
        return not any(f.check == "lead_values" for f in self.findings)


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
    for said in clauses(say):
        claimed = said & (tied | heads)
        for value in (t for t in said if is_number(t)):
            homes = [p for p in parts if value in p]
            if not homes:
                continue  # not the note's number: the values check says so
            if claimed and not any(claimed <= home for home in homes):
                word = sorted(claimed - set().union(*homes))[0]
                return f"the note does not give {value} for {word!r}"
            for word in sorted(tied - set().union(*homes) - mentioned):
                if any(word in p and value not in p for p, _ in valued):
                    return f"the note gives something else for {word!r}, not {value}"
    return None


def _title_words(note: Note) -> set[str]:
    return set(content_words(note.subject))


def newer_note(fact: Fact, notes: list[Note]) -> str | None:
    """A newer note on the same subject (its title holds the cited note's title, or the
    other way round) that gives other numbers than the fact states: it may have replaced
    them ("Dentist" on 12 March, then "Dentist moved" to 20 March)."""
    cited = notes[fact.note - 1]
    words = _title_words(cited)
    stated = set(numbers(fact.say))
    if not cited.day or not words or not stated:
        return None
    for number, other in enumerate(notes, 1):
        if other is cited or not other.day or other.day <= cited.day:
            continue
        if not (words <= _title_words(other) or _title_words(other) <= words):
            continue
        if set(numbers(other.excerpt)) - stated:
            return f"note {number} ({other.subject}, {other.day}) is newer and says otherwise"
    return None


def other_topic(fact: Fact, notes: list[Note], question: str) -> str | None:
    """A fact that names what another note is about ("oatmeal mugs", asked about) while
    citing a note that never mentions it: it lends one note's words to another's subject."""
    cited = notes[fact.note - 1]
    titles = set().union(*(_title_words(n) for n in notes if n is not cited and n.day))
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


def new_words(say: str, material: str, question: str) -> list[str]:
    """Content words of ``say`` that neither its material nor the question holds."""
    known = stems(material) | stems(question)
    said = [stem(t) for t in fold(say)]
    content = [
        t
        for t in said
        if t not in STOPWORDS and t not in QUESTION_WORDS and t not in NEUTRAL and len(t) > 2
    ]
    return [t for t in dict.fromkeys(content) if t not in known and not is_number(t)]


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
    span = found.span if found else []
    sentences = " ".join(found.sentences) if found else ""
    if found and any(is_instruction(sentence) for sentence in found.sentences):
        detail = "its quote is an instruction written to the assistant, not an answer"
        findings.append(Finding("instruction", detail, index))
    asked = set(fold(question)) | set(fold(context))
    missing = [n for n in numbers(fact.say) if n not in set(span) | asked]
    around = set(fold(sentences)) | set(fold(note.subject)) | asked
    missing += [n for n in names(fact.say) if n not in around]
    if missing:
        detail = ", ".join(dict.fromkeys(missing)) + " is not in its quote"
        findings.append(Finding("values_supported", detail, index))
    elsewhere = other_topic(fact, notes, question)
    if elsewhere:
        findings.append(Finding("about_its_note", elsewhere, index))
    added = new_words(fact.say, f"{sentences} {note.subject} {context}", question)
    if found and len(added) > NEW_WORDS_ALLOWED:
        detail = f"it says more than its quote ({', '.join(added)})"
        findings.append(Finding("grounded", detail, index))
    beside = value_beside(fact.say, note, question, fact.quote)
    if beside:
        findings.append(Finding("value_beside", beside, index))
    newer = newer_note(fact, notes)
    if newer:
        findings.append(Finding("newer_note", newer, index))
    if spoken:
        form = spoken_form(fact.say, notes)
        if form:
            findings.append(Finding("spoken_form", form, index))
    return findings


def relevance(fact: Fact, notes: list[Note], question: str) -> int:
    """How much of what the question is about the fact's note touches (not what the fact
    says: a sentence can repeat the question's words about anything)."""
    note = notes[fact.note - 1]
    words = stems(f"{note.subject} {note.excerpt}")
    prefixes = {w[:6] for w in words if len(w) >= 6}
    return sum(
        w in words or (len(w) >= 6 and w[:6] in prefixes)  # "serviced" and "service"
        for w in set(subject_words(question))
    )


def relevant(facts: list[Fact], notes: list[Note], question: str) -> list[bool]:
    """Which facts are about what was asked: the most relevant ones, and those that lead
    on from them (a fact from the same note, or from a note the first ones name: "the
    payments team owns the gateway" -> "Marek leads the payments team")."""
    scores = [relevance(f, notes, question) for f in facts]
    best = max(scores, default=0)
    if not subject_words(question):
        return [True] * len(facts)
    leading = [f for f, s in zip(facts, scores, strict=True) if s == best and s > 0]
    reach = {f.note for f in leading}
    words = stems(" ".join(f"{f.quote} {f.say}" for f in leading))
    keep = []
    for fact, score in zip(facts, scores, strict=True):
        title = _title_words(notes[fact.note - 1])
        follows = fact.note in reach or (bool(title) and title <= words)
        keep.append((score == best and score > 0) or (score > 0 and follows))
    return keep


def asked_kind(question: str) -> str:
    """The kind of value a question asks for: a time, money, an amount or a name."""
    q = " ".join(question.lower().split())
    if re.match(r"(?:when|what (?:day|date|time)|which day)\b", q):
        return "when"
    money = re.search(r"\b(?:price|cost|costs|fee|rent|pay|paid|sell|sells|charge)\b", q)
    if (re.match(r"how much\b", q) and money) or re.search(r"\b(?:price|cost|fee)\b", q):
        return "money"
    if re.match(r"how (?:many|long|old|far)\b", q) or re.search(
        r"\b(?:number|code|pin|phone|temperature)\b", q
    ):
        return "amount"
    if re.match(r"\s*(?i:who(?:'s| is| are| was| were))\s+[A-Z]", question):
        return ""  # "Who is Priya?" asks what she is, not for a name
    if re.match(r"(?:who|whose|which \w+)\b", q) or re.search(r"\bname\b", q):
        return "who" if q.startswith("who") else "name"
    if re.match(r"where\b", q):
        return "where"
    return ""


def has_kind(kind: str, said: str, question: str) -> bool:
    tokens = set(fold(said))
    negated = bool(tokens & NEGATION) or "no one" in said.lower()
    if kind == "when":
        return bool(tokens & WHEN_WORDS) or bool(re.search(r"\d[:.]\d\d\b", said))
    if kind == "money":
        return bool(tokens & MONEY) or bool(re.search(r"[€$£]\s?\d", said)) or negated
    if kind == "amount":
        cardinal = any(w in UNITS for w in re.findall(r"[a-z]+", said.lower()))
        return bool(re.search(r"\d", said)) or cardinal or negated
    asked = set(fold(question))
    new_names = [n for n in names(said) if n not in asked and n not in WHEN_WORDS]
    if kind == "who":  # someone, or a team ("the payments team owns it")
        return bool(new_names) or negated or "team" in tokens
    if kind == "name":  # a name, not a date ("flying with the team on 9 October")
        return bool(new_names) or negated
    if kind == "where":  # a named place, or somewhere in/under/behind something
        return bool(new_names) or bool(PLACE.search(said)) or negated
    return True


def check_answer(
    question: str, facts: list[Fact], notes: list[Note], lead: str = ""
) -> list[Finding]:
    """Checks on the facts that stand (and a written answer's ``lead``, its direct answer),
    as one answer to the question."""
    findings: list[Finding] = []
    said = " ".join([lead, *(f.say for f in facts)])
    quoted = " ".join(f.quote for f in facts)
    titles = " ".join(notes[f.note - 1].subject for f in facts)
    cited = " ".join(f"{notes[f.note - 1].subject} {notes[f.note - 1].excerpt}" for f in facts)
    subject = subject_words(question)
    if subject and not set(subject) & stems(f"{said} {quoted} {titles}"):
        findings.append(Finding("addresses_question", "the answer is not about what was asked"))
    topics = set(noun_phrases(question)) & set().union(*(_title_words(n) for n in notes if n.day))
    named = [w for w in role_words(question) if w not in stems(cited)]
    named += sorted(topics - stems(cited))
    named += [n for n in names_in(question) if not set(fold(n)) & set(fold(cited))]
    if named:
        detail = f"the notes it cites say nothing about {named[0]!r}"
        findings.append(Finding("addresses_question", detail))
    kind = asked_kind(question)
    if kind and not findings and not has_kind(kind, said, question):
        findings.append(Finding("addresses_question", f"it does not give the {kind} asked for"))
    labels = set(fold(question)) & LABELS
    if labels and not findings and not labels & set(fold(f"{quoted} {titles}")):
        detail = f"it does not say which {sorted(labels)[0]} was asked for"
        findings.append(Finding("addresses_question", detail))
    return findings


def review(
    question: str, draft: Draft, notes: list[Note], context: str = "", spoken: bool = True
) -> Review:
    """Code's verdict on a draft: facts that fail any check, or say nothing about what was
    asked, are dropped; the answer fails when none stands or the ones that stand do not
    answer what was asked."""
    result = Review()
    passing: list[tuple[int, Fact]] = []
    seen: set[str] = set()
    for index, fact in enumerate(draft.facts):
        found = check_fact(index, fact, notes, question, context, spoken)
        key = " ".join(fold(fact.say))
        if found:
            result.findings += found
        elif key not in seen:
            seen.add(key)
            passing.append((index, fact))
    keep = relevant([f for _, f in passing], notes, question)
    for (index, fact), kept in zip(passing, keep, strict=True):
        if kept:
            result.kept.append(fact)
        else:
            result.findings.append(Finding("relevant", "it is not about what was asked", index))
    asked = set(subject_words(question))
    result.kept.sort(key=lambda f: -len(asked & stems(f"{f.say} {f.quote}")))  # stable
    if not draft.facts:
        result.findings.append(Finding("no_support", "the answer cites no note"))
    elif result.kept:
        result.findings += check_answer(question, result.kept, notes, draft.answer)
        if draft.answer:  # a written answer's direct answer rests on the points that stand
            support = set(fold(question)) | set(fold(context))
            for fact in result.kept:
                located = locate(fact.quote, notes[fact.note - 1].excerpt)
                support |= set(fold(" ".join(located.sentences) if located else fact.quote))
                support |= set(fold(notes[fact.note - 1].subject))
            missing = [v for v in values(draft.answer) if v not in support]
            if missing:
                detail = ", ".join(missing) + " in the direct answer is not quoted"
                result.findings.append(Finding("lead_values", detail))
    elif not result.findings:
        result.findings.append(Finding("no_support", "no fact stands"))
    return result
