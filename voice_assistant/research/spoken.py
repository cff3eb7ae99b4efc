"""Pure text rules for replies that will be spoken, or cut short."""

from __future__ import annotations

import re

NOT_ABBREVIATED = r"(?<!\bDr\.)(?<!\bMr\.)(?<!\bMrs\.)(?<!\bMs\.)(?<!\bSt\.)"
"""A full stop that ends a sentence follows no title: "Dr. Hartwell" is one sentence."""
_SENTENCE = re.compile(rf"{NOT_ABBREVIATED}(?<=[.!?])\s+(?=\S)")
_UNSPEAKABLE = [
    (re.compile(r"https?://\S+|www\.\S+"), ""),  # URLs
    (re.compile(r"\[\d+(?:\s*,\s*\d+)*\]"), ""),  # citations [1], [2, 3]
    (re.compile(r"`{1,3}([^`]*)`{1,3}"), r"\1"),  # code marks
    (re.compile(r"(?m)^\s*(?:[-*•]|\d+[.)])\s+"), ""),  # list bullets
    (re.compile(r"(?m)^#+\s*"), ""),  # headings
    (re.compile(r"\*\*?|__?"), ""),  # emphasis
    (re.compile(r"(?<!\w)(?:~|\.{0,2})/[\w.\-/]+"), ""),  # file paths, not "3/10"
]


def split_sentences(text: str) -> list[str]:
    """The sentences of a text, stripped ("Check-up with Dr. Hartwell …" stays whole)."""
    return [s.strip() for s in _SENTENCE.split(text.strip()) if s.strip()]


def speakable(text: str) -> str:
    """Strip what must never be spoken: URLs, citations, list marks, paths, markup."""
    for pattern, replacement in _UNSPEAKABLE:
        text = pattern.sub(replacement, text)
    text = re.sub(r"\s*\n\s*", " ", text)
    text = re.sub(r"\s+([,.!?;:])", r"\1", text)
    return re.sub(r"\s{2,}", " ", text).strip()
