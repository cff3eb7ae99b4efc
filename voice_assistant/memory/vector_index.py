"""The memories' vectors in an approximate nearest-neighbour index (usearch's HNSW graph),
for stores too large to multiply every vector by each question.

At 50,000 notes one exact product of the question's vector with every memory's took 4.6
ms on two cores alone and 12-17 ms right after the question's embedding (77 MB of vectors
read), and a question takes one or two; the index
answers in under a millisecond and finds 99.9 % of the exact 20 nearest (BENCHMARKS.md
"Cost as memories grow"). A smaller store keeps the exact product: cheap there, and
exact. The index is built from the vectors the store holds and brought up to date after
every change (``sync``: the new and the gone by their ids, the rewritten as the store
names them), so it never says what the store does not.
"""

from __future__ import annotations

from collections.abc import Collection

import numpy as np
import numpy.typing as npt

INDEXED_FROM = 5_000
"""Stores with this many vectors or more are searched through the index."""


class VectorIndex:
    def __init__(self, ndim: int, threads: int = 2) -> None:
        from usearch.index import Index

        self.ndim = ndim
        self.threads = threads
        self.index = Index(
            ndim=ndim,
            metric="ip",  # the vectors are unit length: inner product = cosine
            dtype="f16",
            connectivity=16,
            expansion_add=128,
            expansion_search=64,
        )

    def __len__(self) -> int:
        return len(self.index)

    def sync(
        self,
        ids: npt.NDArray[np.int64],
        matrix: npt.NDArray[np.float32],
        changed: Collection[int] = (),
    ) -> int:
        """Hold exactly ``matrix``'s rows under ``ids``: the gone removed, the new added,
        the ``changed`` (rewritten since the last sync) replaced. Returns how many rows
        were (re)added."""
        held = np.asarray(self.index.keys, dtype=np.int64) if len(self.index) else ids[:0]
        gone = np.setdiff1d(held, ids)
        if len(gone):
            self.index.remove(gone)
        present = np.isin(ids, held)
        stale = present & np.isin(ids, np.fromiter(changed, np.int64, len(changed)))
        if stale.any():
            self.index.remove(ids[stale])
        fresh = ~present | stale
        if fresh.any():
            self.index.add(ids[fresh], matrix[fresh], threads=self.threads)
        return int(fresh.sum())

    def nearest(
        self, vector: npt.NDArray[np.float32], k: int
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        """Up to ``k`` ids, nearest first, with their cosine similarity to ``vector``."""
        if not len(self.index):
            return np.zeros(0, np.int64), np.zeros(0, np.float32)
        found = self.index.search(vector, k)
        keys = np.asarray(found.keys, dtype=np.int64)
        return keys, (1.0 - np.asarray(found.distances, dtype=np.float32))
