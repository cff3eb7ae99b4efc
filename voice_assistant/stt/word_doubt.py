"""The word whisper was least sure of: one unknown name hides in a sentence's mean.

A name whisper has not seen, heard amiss ("Who is Mr. Erkart?", said: Urquhart), can score
a mean log probability per token as sure as many clearly heard questions (-0.42 in one such
question), because the sure words around the name lift the mean. The name itself scores
far lower. A word's log probability is the sum of its tokens' (a token opening with a space
opens a word), from the logits whisper decoded by.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def token_log_probs(logits: Sequence[object], ids: Sequence[int]) -> list[float]:
    """Each chosen token's log probability, from the logits of its step."""
    chosen = []
    for step, token in zip(logits, ids, strict=False):
        row = np.asarray(step, dtype=np.float64)
        top = row.max()
        chosen.append(float(row[token] - top - np.log(np.exp(row - top).sum())))
    return chosen


def least_sure_word(pieces: Sequence[str], log_probs: Sequence[float]) -> tuple[int, str, float]:
    """The word (of the decoded ``pieces``, one per token) with the lowest log probability:
    its place among the transcript's words split at spaces, the word, and its log
    probability; (-1, "", 0.0) for no words. Punctuation alone is no word."""
    words: list[tuple[str, float]] = []
    for piece, log_prob in zip(pieces, log_probs, strict=True):
        if words and not piece.startswith(" ") and piece.strip():
            word, total = words[-1]
            words[-1] = (word + piece, total + log_prob)
        elif piece.strip():
            words.append((piece.strip(), log_prob))
    spoken = [
        (at, w.strip(".,;:!?\"'"), p)
        for at, (w, p) in enumerate(words)
        if any(c.isalnum() for c in w)
    ]
    return min(spoken, key=lambda w: w[2], default=(-1, "", 0.0))
