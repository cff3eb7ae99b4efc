"""Code's review of every final answer: structure, checked against the notes it cites.

Models judge language; code checks structure. Per fact: its quote occurs in the note it
cites (folded: case, punctuation, number words); every number it states is in the quoted
words, the question or the conversation, and every name and colour is in the quoted
sentence, the note's title, the question or the conversation; it adds little its quote
does not say;
of two values side by side it states the one beside what was asked; no newer note on the
same subject gives other numbers; nothing spoken is metadata. Facts that say nothing
about what was asked are dropped. The answer as a whole must be about the right person or
thing (and about what a possessive asks, "my brother's birthday", when the note speaks of
it). Then code checks each value it states by the matching of its own answers
(``language.grounding``), and the kind of value a one-value question asks.
Pure functions: a failed fact is dropped, an answer with no fact left is rewritten once,
then code's reply stands.
The per-fact checks are in ``fact_checks``; this module weighs the answer as a whole.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from voice_assistant.research.fact_checks import (
    LABELS,
    Finding,
    check_fact,
    title_words,
)
from voice_assistant.research.fold import fold, held, stems
from voice_assistant.research.notes import Note
from voice_assistant.research.questions import (
    names_in,
    noun_phrases,
    possessed,
    role_words,
    subject_words,
)
from voice_assistant.research.quotes import locate, values
from voice_assistant.research.support import Draft, Fact


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


def relevance(fact: Fact, notes: list[Note], question: str) -> int:
    """How much of what the question is about the fact's note touches (not what the fact
    says: a sentence can repeat the question's words about anything)."""
    note = notes[fact.note - 1]
    return len(held(set(subject_words(question)), f"{note.subject} {note.excerpt}"))


def relevant(facts: list[Fact], notes: list[Note], question: str) -> list[bool]:
    """Which facts are about what was asked: the most relevant ones, and those that lead
    on from them (a fact from the same note, or from a note the first ones name: "the
    payments team owns the gateway" -> "Tobin leads the payments team"); none when the
    notes they cite hold less than half of it and another note found holds more."""
    scores = [relevance(f, notes, question) for f in facts]
    best = max(scores, default=0)
    asked = set(subject_words(question))
    if not asked:
        return [True] * len(facts)
    closer = [n for n in notes if n.day and len(held(asked, f"{n.subject} {n.excerpt}")) > best]
    cited = {f.note for f in facts}
    led = any(
        (title := title_words(notes[number - 1])) and held(title, n.excerpt) == title
        for number in cited
        for n in closer
    )  # "Who leads the team that owns the gateway?": the gateway's note names the team
    if 2 * best < len(asked) and closer and not led:
        # "What are we reading for book club?": not Mum's note that says "book the
        # restaurant" while the book club's own note was found
        return [False] * len(facts)
    leading = [f for f, s in zip(facts, scores, strict=True) if s == best and s > 0]
    reach = {f.note for f in leading}
    words = stems(" ".join(f"{f.quote} {f.say}" for f in leading))
    keep = []
    for fact, score in zip(facts, scores, strict=True):
        title = title_words(notes[fact.note - 1])
        follows = fact.note in reach or (bool(title) and title <= words)
        keep.append((score == best and score > 0) or (score > 0 and follows))
    return keep


def reach(facts: list[Fact], notes: list[Note]) -> list[Note]:
    """The notes the facts cite, and the notes that lead to them by naming the whole title
    of one whose quoted sentence names it too: "Who leads the team that owns the
    transaction gateway?" is answered by "Tobin is the tech lead of the payments team"
    (note "Payments team") because the gateway's note says the payments team owns it; not
    by "Dana runs their on-call rota", which names no team."""
    cited = list(dict.fromkeys(notes[f.note - 1] for f in facts))
    titles = [
        words
        for f in facts
        if (words := set(subject_words(notes[f.note - 1].subject)))
        and held(words, f.quote) == words
    ]
    return cited + [
        note
        for note in notes
        if note.day and note not in cited and any(held(t, note.excerpt) == t for t in titles)
    ]


def check_answer(
    question: str, facts: list[Fact], notes: list[Note], lead: str = ""
) -> list[Finding]:
    """Checks on the facts that stand (and a written answer's ``lead``, its direct answer),
    as one answer to the question."""
    findings: list[Finding] = []
    said = " ".join([lead, *(f.say for f in facts)])
    quoted = " ".join(f.quote for f in facts)
    titles = " ".join(notes[f.note - 1].subject for f in facts)
    cited = " ".join(f"{n.subject} {n.excerpt}" for n in reach(facts, notes))
    subject = subject_words(question)
    if subject and not held(set(subject), f"{said} {quoted} {titles}"):  # "insured": insurance
        findings.append(Finding("addresses_question", "the answer is not about what was asked"))
    owned = held(set(possessed(question)), cited)  # the notes speak of it, elsewhere
    if owned and not findings and not held(owned, f"{said} {quoted} {titles}"):
        detail = f"the answer is not about the {' '.join(sorted(owned))} asked"
        findings.append(Finding("addresses_question", detail))
    topics = set(noun_phrases(question)) & set().union(*(title_words(n) for n in notes if n.day))
    named = [w for w in role_words(question) if not held({w}, cited)]  # "Dr." a doctor
    named += sorted(topics - stems(cited))
    named += [n for n in names_in(question) if not held(stems(n), cited)]  # "Fernwicks"
    if named:
        detail = f"the notes it cites say nothing about {named[0]!r}"
        findings.append(Finding("addresses_question", detail))
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
