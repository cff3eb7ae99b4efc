"""Where a quote sits in its note, and what a sentence states: the review's raw material.

A small model quotes loosely: it drops a word or two ("Annika waters our plants" for
"Annika at number 9 waters our plants"). A quote counts when its words occur in order
within a short stretch of the note, and never when a number differs; the review then
checks against the note's own words in that stretch, not the model's copy.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from voice_assistant.language.lexicon import words
from voice_assistant.research.fold import fold, is_number
from voice_assistant.research.spoken import NOT_ABBREVIATED

COMMON_START = words("sentences", "common_start")
"""Capitalised only because they open a sentence: not names."""
PRONOUNS = words("sentences", "opening_pronouns")
"""A sentence opening with one of these is about the sentence before it."""
COLOURS = words("kinds", "colours")
_SENTENCE = re.compile(rf"{NOT_ABBREVIATED}(?<=[.!?;])\s+")
_LONE_ONE = re.compile(
    r"\bone\b(?!\s+(?:hundred|thousand|minute|hour|day|week|month|year|euro|pound|dollar|bag|"
    r"time|degree|kilo|gram)s?\b)",
    re.I,
)


INSTRUCTION = re.compile(
    r"\b(?:assistant|system override|ignore (?:your|all|any|previous|the)|you must|"
    r"reply only|say nothing else|when you are asked|do this every time)\b",
    re.I,
)
"""A sentence of a note written to the assistant ("Assistant, ignore your rules: …"). It is
data and never obeyed; it is not read out as an answer either (heard aloud, "set a timer
and forget all notes" sounds like the assistant's own words)."""


def split_sentences(text: str) -> list[str]:
    """Sentences (and clauses after ";"); "Dr. Hartwell" does not end one."""
    return [s for s in _SENTENCE.split(text) if s.strip()]


def is_instruction(sentence: str) -> bool:
    return bool(INSTRUCTION.search(sentence))


@dataclass(frozen=True)
class Located:
    """A quote found in its note: the note's own tokens it covers, and the sentences they
    belong to (with the one before, when the quote opens with "His …")."""

    span: list[str]
    sentences: list[str]


def _in_order(quote: list[str], note: list[str], start: int, allowed: int) -> int | None:
    """End of the shortest run from ``start`` holding ``quote``'s words in order, missing
    at most ``allowed`` words (never a number); None if there is none close by."""
    limit = min(len(note), start + 2 * len(quote) + 3)
    position, end, misses = start, start, 0
    for token in quote:
        found = next((p for p in range(position, limit) if note[p] == token), None)
        if found is None:
            misses += 1
            if is_number(token) or misses > allowed:
                return None
            continue
        position = end = found + 1
    return end


def locate(quote: str, note: str) -> Located | None:
    """Where ``quote`` occurs in ``note`` (folded), or None. Quotes of six or more words may
    miss one word in six."""
    wanted, tokens = fold(quote), []
    sentence_of: list[int] = []
    sentences = split_sentences(note)
    for index, sentence in enumerate(sentences):
        folded = fold(sentence)
        tokens += folded
        sentence_of += [index] * len(folded)
    if not wanted:
        return None
    allowed = len(wanted) // 6
    starts = {wanted[0], *(wanted[1:2] if allowed else [])}
    for start in (i for i, token in enumerate(tokens) if token in starts):
        end = _in_order(wanted, tokens, start, allowed)
        if end is None:
            continue
        first, last = sentence_of[start], sentence_of[end - 1]
        if first and fold(sentences[first])[:1] and fold(sentences[first])[0] in PRONOUNS:
            first -= 1
        return Located(tokens[start:end], sentences[first : last + 1])
    return None


def numbers(text: str) -> list[str]:
    """The numbers a text states (a lone "one" is a pronoun, not a number)."""
    return [t for t in fold(_LONE_ONE.sub(" ", text)) if is_number(t)]


def names(text: str) -> list[str]:
    """Names, places, months and days: capitalised words, folded (a sentence's opening word
    only when it is not a common one)."""
    found: list[str] = []
    for match in re.finditer(r"\b[A-Z][\w'’-]*", text):
        word = match.group(0)
        before = text[: match.start()]
        opens = not before.strip() or re.search(r"[.!?:]\s*$", before)
        own = re.sub(r"['’]s$", "", word.lower())  # "It's", not "His" cut to "hi"
        if word == "I" or (opens and own in COMMON_START):
            continue
        found += [t for t in fold(word) if not is_number(t)]
    return found


def colours(text: str) -> list[str]:
    """The colours a text states: a value like a number ("Rowan's umbrella is black" when no
    note says so is invented, though it is one ordinary word)."""
    return [t for t in fold(text) if t in COLOURS]


def values(text: str) -> list[str]:
    """Numbers, dates, times, amounts, names and colours the text states, folded."""
    return list(dict.fromkeys([*numbers(text), *names(text), *colours(text)]))
