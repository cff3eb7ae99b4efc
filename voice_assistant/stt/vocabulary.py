"""The user's own words, for whisper: names, places and project words from the memories.

Whisper can hear "Urquhart" as "Erkart" unless it has seen the word. faster-whisper takes
``hotwords``: a text placed before the transcript (after ``<|startofprev|>``) that biases
decoding toward its words. We give it the words of the memories that speech is least
likely to spell right on its own: capitalised names and title words, most frequent first,
within a small budget (every word is evaluated by the decoder on every utterance).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from voice_assistant.language.lexicon import MONTHS, WEEKDAYS, words

MAX_WORDS = 60
"""About 110 decoder tokens (whisper keeps at most half its 448-token context for a prompt)."""
ORDINARY = words("sentences", "common_start") | MONTHS | WEEKDAYS
"""Capitalised words whisper spells right anyway."""


_ABBREVIATED = re.compile(r"\b(?:Dr|Mr|Mrs|Ms|St)\.$")


def names(text: str, lowercase: set[str] | None = None) -> list[tuple[str, bool]]:
    """Words capitalised inside a sentence: names, places, brands. A sentence's first word
    is capitalised whatever it is: it counts only when ``lowercase`` (the words written in
    lower case anywhere) never holds it ("Tobin is …", not "Training for …"). Each name
    comes with whether it opened a sentence (a weaker sign that it is one)."""
    found = []
    for match in re.finditer(r"\b[A-Z][\w'’-]*\w", text):
        word = re.split(r"['’]", match.group(0))[0]
        if word.lower() in ORDINARY or word.lower().rstrip("s") in ORDINARY or len(word) < 3:
            continue
        before = text[: match.start()].rstrip()
        opens = not before or (before[-1] in ".!?:\n#" and not _ABBREVIATED.search(before))
        if opens and (lowercase is None or word.lower() in lowercase):
            continue
        found.append((word, bool(opens)))
    return found


def vocabulary(memories: Iterable[tuple[str, str]], limit: int = MAX_WORDS) -> str:
    """The hotwords for a store's ``(title, text)`` pairs: its names, most frequent first."""
    texts = [text for _title, text in memories]
    lowercase = {w for text in texts for w in re.findall(r"\b[a-z][\w'-]*", text)}
    counts: Counter[str] = Counter()
    for text in texts:
        for word, opened in names(text, lowercase):
            counts[word] += 1 if opened else 2
    words = [word for word, _ in counts.most_common(limit)]
    return " ".join(words)
