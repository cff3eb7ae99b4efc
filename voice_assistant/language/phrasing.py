"""How a value and a verb are said in code's reply: the preposition a value's kind takes
("on 3 May", "at 9:30"), the copula agreeing with its subject from the user's side, and
a verb as its question's "do" would have it ("does … leave" -> "leaves")."""

from __future__ import annotations

from voice_assistant.language.inflection import inflected
from voice_assistant.language.lexicon import LEXICON, MONTHS, words
from voice_assistant.language.reading import Token

FRAMES = LEXICON["frames"]
PREPOSITIONS: dict[str, str] = FRAMES["prepositions"]
DATES_WITHOUT_ON = frozenset(FRAMES["dates_without_on"])
TIMES_WITHOUT_AT = frozenset(FRAMES["times_without_at"])
MONEY_WITH_FOR = frozenset(FRAMES["money_with_for"])
PLACE_PREPOSITIONS = words("kinds", "place_prepositions")
GRAMMAR = LEXICON["grammar"]
BE_FORMS: dict[str, str] = GRAMMAR["be_short"]
BE_PLURAL: dict[str, str] = GRAMMAR["be_plural"]
PLURAL_BE_SUBJECTS = words("grammar", "plural_be_subjects")
PLAIN_VERB_SUBJECTS = words("grammar", "plain_verb_subjects")
PLACE_WITHOUT_AT = PLACE_PREPOSITIONS | words("frames", "place_without_at")


def agreeing_be(be: Token, subject: list[Token]) -> str:
    """The copula agreeing with the subject, from the user's side ("you are")."""
    text = BE_FORMS.get(be.text.lower(), be.text.lower())
    heads = [t for t in subject if t.pos in ("NOUN", "PROPN", "PRON")]
    if (heads and heads[-1].lemma in PLURAL_BE_SUBJECTS) or text == "am":
        return BE_PLURAL.get(text, text)
    return text


def as_do_has_it(verb: Token, do: Token, subject: list[Token]) -> str:
    """The verb as "do" would have it: "does … leave" -> "leaves", "did … lend" -> "lent"."""
    base = verb.lemma
    form = do.text.lower()
    if form == "did":
        return inflected(base, "VBD")
    pronoun = subject[-1].lemma if subject else ""
    if form == "does" and pronoun not in PLAIN_VERB_SUBJECTS:
        return inflected(base, "VBZ")
    return base


def with_preposition(value: str, kind: str, verb: str = "") -> str:
    """The value with the preposition its kind takes ("on 3 May", "at 9:30")."""
    first = value.split()[0].lower() if value.split() else ""
    if kind == "date":
        if first in DATES_WITHOUT_ON:
            return value
        if first in MONTHS and not any(c.isdigit() for c in value):
            return f"in {value}"
        return f"{PREPOSITIONS['date']} {value}"
    if kind == "time":
        return value if first in TIMES_WITHOUT_AT else f"{PREPOSITIONS['time']} {value}"
    if kind == "money" and verb in MONEY_WITH_FOR:
        return f"for {value}"
    if kind == "place" and first not in PLACE_WITHOUT_AT:
        return f"at {value}"  # "14 Linden Lane": at it
    return value
