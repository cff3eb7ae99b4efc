"""Word error rate with light normalisation (case, punctuation, spacing), via jiwer."""

from __future__ import annotations

import re

import jiwer


def normalise(text: str) -> str:
    text = re.sub(r"(\d):(\d)", r"\1\2", text.lower())  # 9:30 and 930 are the same words
    text = text.replace("-", " ")
    text = re.sub(r"[^\w\s']", " ", text)
    return re.sub(r"\s+", " ", text).strip()


def word_error_rate(references: list[str], hypotheses: list[str]) -> float:
    """Corpus WER: errors over all reference words. Empty hypothesis -> every word deleted."""
    refs = [normalise(r) for r in references]
    hyps = [normalise(h) for h in hypotheses]
    pairs = [(r, h) for r, h in zip(refs, hyps, strict=True) if r]
    if not pairs:
        return 0.0
    return float(jiwer.wer([r for r, _ in pairs], [h if h else "<empty>" for _, h in pairs]))
