"""A flight a note says only by its parts ("Out Sat 4 May, KT2291 dep 06:55"): its
number and its leaving or landing, so that "my flight" finds it."""

from __future__ import annotations

import re

from voice_assistant.language.lexicon import LEXICON, words
from voice_assistant.language.reading import Token, Value
from voice_assistant.language.wordnet import wordnet

FLIGHT_CODE = re.compile(LEXICON["notes"]["flight_code"])
FLIGHT_WORDS = words("notes", "flight_words")


def a_flight(tokens: tuple[Token, ...], found: list[Value]) -> frozenset[str]:
    """ "Out Sat 4 May, KT2291 dep 06:55": a flight, said by its number and its leaving;
    not a code a common word names ("ferry ref AB1234, dep 08:30")."""
    code = any(
        v.kind == "code" and FLIGHT_CODE.match(v.text) and not _named_by_a_word(tokens, v.start)
        for v in found
    )
    said = any(t.lemma in FLIGHT_WORDS or t.text.lower() in FLIGHT_WORDS for t in tokens)
    return frozenset({"flight"}) if code and said else frozenset()


def _named_by_a_word(tokens: tuple[Token, ...], start: int) -> bool:
    """The word before the code is a common noun other than "flight" ("ref AB1234")."""
    before = tokens[start - 1] if start else None
    return (
        before is not None
        and before.lemma != "flight"
        and before.pos in ("NOUN", "PROPN", "X")
        and bool(wordnet().synsets(before.lemma))
    )
