"""Code's review of every final answer: structure, checked against the notes it cites.

Models judge language; code checks structure. Per fact: its quote occurs in the note it
cites (folded: case, punctuation, number words); every number it states is in the quoted
words, the question or the conversation, and every name and colour is in the quoted
sentence, the note's title, the question or the conversation; it adds little its quote
does not say;
of two values side by side it states the one beside what was asked; no newer note on the
same subject gives other numbers; nothing spoken is metadata. Facts that say nothing
about what was asked are dropped. The answer as a whole must give the kind of value
asked for (a date for "when", a place for "where"), about the right person or thing
(and about what a possessive asks, "my brother's birthday", when the note speaks of it).
Pure functions: a failed fact is dropped, an answer with no fact left is rewritten once,
then code's reply stands.
The per-fact checks are in ``fact_checks``; this module weighs the answer as a whole.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from voice_assistant.research.fact_checks import (
    LABELS,
    MONEY,
    NEGATION,
    PLACE,
    WHEN_WORDS,
    Finding,
    check_fact,
    title_words,
)
from voice_assistant.research.fold import UNITS, fold, held, stem, stems
from voice_assistant.research.notes import Note
from voice_assistant.research.questions import (
    names_in,
    noun_phrases,
    possessed,
    role_words,
    subject_words,
)
from voice_assistant.research.quotes import colours, locate, names, values
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


HOW = frozenset(
    ["old", "long", "far", "big", "tall", "heavy", "hot", "cold", "many", "much", "often"]
)
"""Words of "how old", "how long": the kind of value asked, said by the value itself."""


def relevance(fact: Fact, notes: list[Note], question: str) -> int:
    """How much of what the question is about the fact's note touches (not what the fact
    says: a sentence can repeat the question's words about anything)."""
    note = notes[fact.note - 1]
    return len(held(set(subject_words(question)), f"{note.subject} {note.excerpt}"))


def relevant(facts: list[Fact], notes: list[Note], question: str) -> list[bool]:
    """Which facts are about what was asked: the most relevant ones, and those that lead
    on from them (a fact from the same note, or from a note the first ones name: "the
    payments team owns the gateway" -> "Marek leads the payments team"); none when the
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


TIME_NOUNS = r"(?:day|date|evening|morning|afternoon|night|week|weekend|month|year|weekday)s?"
"""What "which …" asks for when it asks for a day: "which evening", "what week"."""


def asked_kind(question: str) -> str:
    """The kind of value a question asks for: a day, a time of day, money, an amount, a
    job, a colour or a name."""
    q = " ".join(question.lower().split())
    if re.match(r"(?:at )?what time\b", q):
        return "time"  # "What time does Kofi's wedding start?": a day is no answer
    if re.match(rf"(?:when|(?:what|which) {TIME_NOUNS})\b", q):
        return "when"  # "Which evening does the recycling go out?": a day, not a name
    if re.search(r"\baddress\b", q):
        return "address"  # a street and a number, not where a club meets
    if re.search(r"\bfirst name\b", q):
        return "first name"  # "Mr. Okafor" gives none
    if re.search(r"\b(?:last|family) name\b|\bsurname\b", q):
        return "last name"  # a name after a name, not "Spanish lessons with Lucía"
    money = re.search(r"\b(?:price|cost|costs|fee|rent|pay|paid|sell|sells|charge)\b", q)
    if (re.match(r"how much\b", q) and money) or re.search(r"\b(?:price|cost|fee)\b", q):
        return "money"
    if re.search(r"\bset (?:me|us|you|him|her|them) back\b", q):
        return "money"  # "What did the boiler service set us back?": no company's name
    if re.match(r"how (?:many|much|long|old|far|big|tall|heavy|hot|cold|often)\b", q) or re.search(
        r"\b(?:number|code|pin|phone|temperature)\b", q
    ):
        return "amount"
    if re.search(r"\bdo(?:es)? (?:\w+ ){1,3}do for (?:a living|work)\b|\bjob\b", q):
        return "job"  # "What does Tomás do for a living?": not where he lives
    if re.match(r"(?:what|which) colou?rs?\b", q):  # "What colors Felix's stove?", as heard
        return "colour"
    if re.match(r"what(?:'s| is| are| was)\b.*\b(?:called|named)\W*$", q):
        return "name"  # "What is the guest wifi called?"
    if re.match(r"which (?:one|of)\b", q):
        return ""  # "Which one is the back door key?" asks which thing, by its look
    if re.match(r"\s*(?i:who(?:'s| is| are| was| were))\s+[A-Z]", question):
        return ""  # "Who is Priya?" asks what she is, not for a name
    if re.match(r"(?:who|whose|which \w+)\b", q) or re.search(r"\bname\b", q):
        return "who" if q.startswith("who") else "name"
    if re.match(r"where\b", q):
        return "where"
    return ""


CLOCK = re.compile(
    r"\d[:.]\d\d\b|\b\d{1,2} ?(?:am|pm|a\.m\.|p\.m\.)|o'?clock|\b(?:noon|midday|midnight|"
    r"morning|afternoon|evening|night|tonight)\b",
    re.I,
)
"""A time of day: what "what time" asks for ("in the morning" will do, a date will not)."""
JOB = re.compile(
    r"\b(?:works? (?:as|at|for|in|on)|is (?:a|an|the)|runs|leads|manages|teaches|owns|job|"
    r"retired|studies)\b",
    re.I,
)
"""What someone does: "works as an engineer", "is the tech lead", "runs the rota"."""
STREETS = (
    "Street|Road|Lane|Avenue|Close|Way|Drive|Place|Square|Crescent|Terrace|Gardens|Court|Row|"
    "Hill|Rise|Grove|Park|Walk|Mews"
)
ADDRESS = re.compile(
    rf"\b\d+[a-z]?,? (?:[A-Z][\w'’-]* ){{1,3}}(?:{STREETS})\b"
    r"|\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b|\b\d{4,5} [A-Z][a-z]+",
)
"""An address: "12 Mill Lane", a postcode ("SW1A 1AA"), "10115 Berlin"; not "at Ana's"."""
PERIOD = re.compile(
    r"\b(?:every|each|once|twice|daily|weekly|monthly|yearly|annually|fortnightly|hourly|"
    r"overnight)\b|\b(?:a|an|per|half an?|a few|several)\s+"
    r"(?:second|minute|hour|day|night|week|fortnight|month|year|season)s?\b",
    re.I,
)
"""How long or how often without a number: "about a week", "every other week"."""
TITLED = re.compile(r"\b(?:Mr|Mrs|Ms|Miss|Dr|Prof)\.?\s+[A-Z][\w'’-]*\b(?!\s+[A-Z])")
"""A title and a surname alone after it: no first name ("Mr. Chinedu Okafor" has one)."""
PLACE_NAME = re.compile(r"\b(?:in|at|from|near|by|to|on|through|via)\s+(?:the\s+)?([A-Z][\w'’-]*)")
"""A named place: "in Porto", "through Helsinki", "at the Corn Exchange" (not "Sundays",
nor who a thing is "with": "The kitchen renovation is with Baxter and Sons")."""


def has_kind(kind: str, said: str, question: str) -> bool:
    tokens = set(fold(said))
    negated = bool(tokens & NEGATION) or "no one" in said.lower()
    if kind == "when":  # "on Sundays", "in six months"; not only the "March" of the question
        dated = (stems(said) - stems(question)) & WHEN_WORDS
        return bool(dated) or bool(re.search(r"\d[:.]\d\d\b", said))
    if kind == "time":
        return bool(CLOCK.search(said)) or negated
    if kind == "money":
        return bool(tokens & MONEY) or bool(re.search(r"[€$£]\s?\d", said)) or negated
    if kind == "amount":
        cardinal = any(w in UNITS for w in re.findall(r"[a-z]+", said.lower()))
        period = bool(re.match(r"\s*how (?:long|often)\b", question, re.I) and PERIOD.search(said))
        return bool(re.search(r"\d", said)) or cardinal or period or negated
    if kind == "job":
        return bool(JOB.search(said)) or negated
    if kind == "colour":
        return bool(colours(said)) or negated
    if kind == "address":
        return bool(ADDRESS.search(said)) or negated
    asked = set(fold(question))
    new_names = [n for n in names(said) if n not in asked and stem(n) not in WHEN_WORDS]
    if kind == "first name":  # "Mr. Okafor" is a surname; "Rent" opening a sentence no name
        untitled = set(fold(" ".join(names_in(TITLED.sub("", said)))))
        return any(n in untitled for n in new_names) or negated
    if kind == "last name":  # "Lucía García", "Mr. Okafor"
        after = re.findall(  # not "The Riverside", nor "Mill Lane"
            rf"\b(?!(?:The|A|An|My|Our|Your)\b)[A-Z][\w'’.-]*\s+(?!(?:{STREETS})\b)([A-Z][\w'’-]*)",
            said,
        )
        return any(n in new_names for n in fold(" ".join(after))) or negated
    if kind == "who":  # someone, or a team ("the payments team owns it")
        return bool(new_names) or negated or "team" in tokens
    if kind == "name":  # a name, not a date ("flying with the team on 9 October")
        return bool(new_names) or negated
    if kind == "where":  # a named place, or somewhere in/under/behind something
        placed = [m.group(1) for m in PLACE_NAME.finditer(said)]
        return (
            bool(set(fold(" ".join(placed))) & set(new_names))
            or bool(PLACE.search(said))
            or negated
        )
    return True


def reach(facts: list[Fact], notes: list[Note]) -> list[Note]:
    """The notes the facts cite, and the notes that lead to them by naming the whole title
    of one whose quoted sentence names it too: "Who leads the team that owns the
    transaction gateway?" is answered by "Marek is the tech lead of the payments team"
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
    named += [n for n in names_in(question) if not held(stems(n), cited)]  # "Pepperpots"
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
