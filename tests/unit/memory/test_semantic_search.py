"""Semantic search fused with BM25, with a fake embedder (concepts instead of MiniLM)."""

import re

import numpy as np

from voice_assistant.memory.ranking import fuse
from voice_assistant.memory.sqlite import connect
from voice_assistant.memory.store import MemoryStore

CONCEPTS = {
    "tooth": "dentist",
    "teeth": "dentist",
    "dentist": "dentist",
    "bread": "bread",
    "loaf": "bread",
    "baker": "bread",
    "car": "car",
    "garage": "car",
}
AXES = sorted(set(CONCEPTS.values()))


class ConceptEmbedder:
    """Words map to a few concept axes: a paraphrase lands on the same axis."""

    def __init__(self):
        self.calls = 0

    def embed(self, texts):
        self.calls += len(texts)
        out = np.zeros((len(texts), len(AXES)), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in re.findall(r"\w+", text.lower()):
                if word in CONCEPTS:  # other words carry no meaning here
                    out[row, AXES.index(CONCEPTS[word])] += 1
        return out / np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-9)


def test_rank_fusion_rewards_agreement():
    fused = fuse([[1, 2, 3], [3, 1, 4]], limit=3)
    assert [i for i, _ in fused] == [1, 3, 2]
    assert fused[0][1] > fused[1][1] > fused[2][1]


def test_a_paraphrase_is_found_only_with_semantic_search(tmp_path):
    db = connect(tmp_path / "m.sqlite3")
    plain = MemoryStore(db)
    dentist = plain.add("Dentist on Thursday", title="Dentist")
    plain.add("Bread from the baker", title="Bread")
    assert plain.search("tooth doctor") == []
    semantic = MemoryStore(db, embedder=ConceptEmbedder())  # backfills the two vectors
    hits = semantic.search("tooth doctor")
    assert hits and hits[0].memory.id == dentist
    assert semantic.backfill_vectors() == 0  # nothing left to embed


def test_vectors_follow_adds_updates_and_forgets(tmp_path):
    embedder = ConceptEmbedder()
    store = MemoryStore(connect(tmp_path / "m.sqlite3"), embedder=embedder)
    memory_id = store.add("Car to the garage on Monday", title="Car")
    assert embedder.calls == 1
    assert store.search("garage")[0].memory.id == memory_id
    store.update(memory_id, "Bread", "Buy a loaf")
    assert store.semantic_ids("baker") == [memory_id]
    store.forget(memory_id)
    assert store.db.execute("SELECT count(*) FROM memory_vectors").fetchone()[0] == 0
    assert store.search("baker") == []


def test_unrelated_queries_find_nothing(tmp_path):
    store = MemoryStore(connect(tmp_path / "m.sqlite3"), embedder=ConceptEmbedder())
    store.add("Dentist on Thursday", title="Dentist")
    assert store.semantic_ids("bread loaf") == []
    assert store.search("what is it") == []
