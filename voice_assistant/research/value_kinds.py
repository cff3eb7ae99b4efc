"""The kind of value a question asks for, and whether words give it.

"When" wants a day beyond the question's own ("until the March release" is none), "what
time" a time of day, "how much" money or a number, "how many" a count (no date), "how
long"/"how often" a number or a period ("about a week", "every other week"), "who" a
name or a team, "where" a named place or somewhere in something, "which colour" a
colour, "what does X do for a living" a job, "address" a street and number. Used by the
review (``answer_review``) and by code's choice of a note's own sentence
(``answer_sentence``). Pure functions over words.
"""

from __future__ import annotations

import re

from voice_assistant.research.fact_checks import MONEY, NEGATION, PLACE, WHEN_WORDS
from voice_assistant.research.fold import UNITS, fold, stem, stems
from voice_assistant.research.questions import names_in
from voice_assistant.research.quotes import colours, names

HOW = frozenset(
    ["old", "long", "far", "big", "tall", "heavy", "hot", "cold", "many", "much", "often"]
)
"""Words of "how old", "how long": the kind of value asked, said by the value itself."""


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
_MONTHS = (
    "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    "sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
DATED = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?(?:\s*(?:to|-|–|and)\s*\d{{1,2}}(?:st|nd|rd|th)?)?\s+"
    rf"(?:of\s+)?{_MONTHS}\b|\b{_MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?\b|\d{{1,2}}[:.]\d\d\b",
    re.I,
)
"""A date or a time of day: no count of anything."""
YEAR = re.compile(r"\b(?:19|20)\d\d\b")
PERIOD = re.compile(
    r"\b(?:every|each|once|twice|daily|weekly|monthly|yearly|annually|fortnightly|hourly|"
    r"overnight)\b|\b(?:a|an|per|half an?|a few|several)\s+"
    r"(?:second|minute|hour|day|night|week|fortnight|month|year|season)s?\b",
    re.I,
)
"""How long or how often without a number: "about a week", "every other week"."""
AGE = re.compile(r"\b[\w-]+[ -](?:years?|months?|weeks?|days?)[ -]old\b", re.I)
"""An age ("twelve years old", "a 4-year-old"): how old, never when."""
TITLED = re.compile(r"\b(?:Mr|Mrs|Ms|Miss|Dr|Prof)\.?\s+[A-Z][\w'’-]*\b(?!\s+[A-Z])")
"""A title and a surname alone after it: no first name ("Mr. Chinedu Okafor" has one)."""
PLACE_NAME = re.compile(r"\b(?:in|at|from|near|by|to|on|through|via)\s+(?:the\s+)?([A-Z][\w'’-]*)")
"""A named place: "in Porto", "through Helsinki", "at the Corn Exchange" (not "Sundays",
nor who a thing is "with": "The kitchen renovation is with Baxter and Sons")."""


def has_kind(kind: str, said: str, question: str) -> bool:
    tokens = set(fold(said))
    negated = bool(tokens & NEGATION) or "no one" in said.lower()
    if kind == "when":  # "on Sundays", "in six months"; not only the "March" of the question
        said = AGE.sub(" ", said)  # "twelve years old" is no time
        dated = (stems(said) - stems(question)) & WHEN_WORDS
        dated |= set(YEAR.findall(said)) - set(YEAR.findall(question))  # "a MacBook from 2021"
        return bool(dated) or bool(re.search(r"\d[:.]\d\d\b", said))
    if kind == "time":
        return bool(CLOCK.search(said)) or negated
    if kind == "money":
        return bool(tokens & MONEY) or bool(re.search(r"[€$£]\s?\d", said)) or negated
    if kind == "amount":  # "how many people": not the 9 and 11 of "9 to 11 October"
        said = DATED.sub(" ", said) if re.match(r"\s*how (?:many|much)\b", question, re.I) else said
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
