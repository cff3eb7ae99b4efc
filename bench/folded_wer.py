"""Word error rate as a listener hears it, for the spoken benchmarks."""

from __future__ import annotations

from voice_assistant.research.fold import fold
from voice_assistant.wer import word_error_rate


def folded_wer(references: list[str], heard: list[str]) -> float:
    """Word error rate once number words and digits, case and punctuation are folded:
    "ten of clubs" and "10 of Clubs" are the same words to a listener."""
    return word_error_rate(
        [" ".join(fold(r)) for r in references], [" ".join(fold(h)) for h in heard]
    )
