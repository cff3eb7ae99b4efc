"""Rankings of memories merged into one: reciprocal rank fusion of the lexical (BM25) and
semantic (cosine) orders, so neither's scale has to be calibrated against the other's."""

from __future__ import annotations

RRF_K = 60
"""Reciprocal rank fusion constant (Cormack et al.): score = sum 1 / (RRF_K + rank)."""


def fuse(rankings: list[list[int]], limit: int) -> list[tuple[int, float]]:
    """Reciprocal rank fusion of id rankings, best first."""
    scores: dict[int, float] = {}
    for ranking in rankings:
        for rank, memory_id in enumerate(ranking, 1):
            scores[memory_id] = scores.get(memory_id, 0.0) + 1.0 / (RRF_K + rank)
    best = sorted(scores.items(), key=lambda item: -item[1])[:limit]
    return [(memory_id, round(score * 100, 3)) for memory_id, score in best]
