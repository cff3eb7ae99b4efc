"""``voice-assistant bench --suite research``: the research core's figures.

- replay: one long stored research (five searches with repeated hits) answered the old
  way (the whole research transcript in the final request, as before decision 0002) and from
  notes (decision 0002), side by side on the same model: prompt tokens and time to the answer;
- search latency over generated stores of 1k, 10k and 100k memories;
- recall@5 of full-text search on a labelled set (tests/data/recall).
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from bench.corpus import RECALL
from voice_assistant.config import Settings
from voice_assistant.engines import Engines
from voice_assistant.llm.base import LanguageModel, Message
from voice_assistant.memory.sqlite import connect
from voice_assistant.memory.store import Embedder, MemoryStore
from voice_assistant.research.base import Mode
from voice_assistant.research.final import SYSTEM, final_request
from voice_assistant.research.loop import STRATEGY
from voice_assistant.research.notes import Exchange, build_notes, digest
from voice_assistant.research.passages import focus
from voice_assistant.research.support import spoken_grammar, written_schema
from voice_assistant.research.tools import ToolCall, Tools, render

LONG_RESEARCH = [
    "transaction gateway",
    "gateway decision retries queue",
    "gateway March release",
    "failed settlements alerting finance",
    "who decides about the gateway",
]
QUESTION = "What can you tell me about the transaction gateway?"


def load_labelled(store: MemoryStore) -> list[tuple[str, str]]:
    """Add the labelled memories; return (query, expected title) pairs."""
    title, body = "", list[str]()
    for line in [*(RECALL / "memories.md").read_text().splitlines(), "# "]:
        if line.startswith("# "):
            if title:
                store.add("\n".join(body).strip(), title=title, kind="markdown", project="recall")
            title, body = line[2:].strip(), list[str]()
        else:
            body.append(line)
    pairs = []
    for line in (RECALL / "queries.tsv").read_text().splitlines():
        if line and not line.startswith("#"):
            query, expected = line.split("\t")
            pairs.append((query, expected))
    return pairs


def recall_at(embedder: Embedder | None, k: int = 5) -> dict[str, tuple[float, list[str]]]:
    """recall@k of BM25, semantic similarity and their fusion on the labelled set."""
    with tempfile.TemporaryDirectory() as tmp:
        store = MemoryStore(connect(Path(tmp) / "m.sqlite3"), embedder=embedder)
        pairs = load_labelled(store)
        ways: dict[str, Callable[[str], list[int]]] = {
            "full text (BM25)": lambda q: [i for i, _ in store.lexical(q, k)],
        }
        if embedder is not None:
            ways["semantic (MiniLM)"] = lambda q: store.semantic_ids(q, k)
            ways["BM25 + semantic, rank fusion"] = lambda q: [
                h.memory.id for h in store.search(q, k)
            ]
        titles = {m.id: m.title for m in store.recent(1000)}
        out = {}
        for name, rank in ways.items():
            misses = [q for q, want in pairs if want not in {titles[i] for i in rank(q)}]
            out[name] = (1 - len(misses) / len(pairs), misses)
    return out


_SYLLABLES = "ka lo mi re su ta ne vo pa li du ge ro fi ba sen tor mal vin dra"
SYLLABLES = _SYLLABLES.split()


def generated_text(rng: random.Random, words: int) -> str:
    vocab = [a + b + c for a in SYLLABLES for b in SYLLABLES for c in SYLLABLES[:8]]
    return " ".join(rng.choice(vocab) for _ in range(words))


def search_latency(
    sizes: list[int], embedder: Embedder | None, queries: int = 30
) -> dict[int, tuple[float, float]]:
    """Median ms per search (limit 5) for each store size: BM25 alone, and fused.

    Generated memories get random unit vectors (embedding 100k texts would take minutes
    and the vectors' content does not change the cost); the query is embedded for real.
    """
    rng = random.Random(7)
    vectors = np.random.default_rng(7)
    out: dict[int, tuple[float, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        store = MemoryStore(connect(Path(tmp) / "m.sqlite3"))
        have = 0
        for size in sorted(sizes):
            store.embedder = None  # generated memories get random vectors, not embeddings
            with store.transaction():
                for _ in range(size - have):
                    memory_id = store.add(generated_text(rng, 60), title=generated_text(rng, 3))
                    v = vectors.standard_normal(384).astype(np.float32)
                    store.db.execute(
                        "INSERT OR REPLACE INTO memory_vectors(memory_id, vector) VALUES (?, ?)",
                        (memory_id, (v / np.linalg.norm(v)).tobytes()),
                    )
            have = size
            timings = []
            for use in (None, embedder):
                store.embedder, store._vectors = use, None
                if use is not None:
                    store.search("warm up", 5)  # loads the vector matrix once
                times = []
                for _ in range(queries):
                    query = generated_text(rng, 4)
                    started = time.perf_counter()
                    store.search(query, 5)
                    times.append((time.perf_counter() - started) * 1000)
                timings.append(statistics.median(times))
            out[size] = (timings[0], timings[1] if embedder else float("nan"))
    return out


def old_request(question: str, exchanges: list[Exchange], mode: Mode) -> list[Message]:
    """The reserved answer before decision 0002: the whole research transcript, tool
    strategy included."""
    from voice_assistant.research.final import INSTRUCTION

    messages = [Message("system", f"{SYSTEM}\n\n{STRATEGY}"), Message("user", question)]
    for exchange in exchanges:
        messages.append(Message("assistant", exchange.call.model_dump_json()))
        if exchange.result is not None:
            messages.append(Message("user", f"Tool result:\n{render(exchange.result)}"))
    messages.append(Message("user", f"Now answer the question: {question}\n{INSTRUCTION[mode]}"))
    return messages


def replay_comparison(engines: Engines, runs: int) -> list[tuple[str, str, float, float, str]]:
    settings = engines.settings
    llm: LanguageModel = engines.llm()
    with tempfile.TemporaryDirectory() as tmp:
        store = MemoryStore(connect(Path(tmp) / "m.sqlite3"), embedder=engines.embedder())
        load_labelled(store)
        tools = Tools(store)
        exchanges = [
            Exchange(c, tools.run(c))
            for c in (ToolCall(tool="search_memories", argument=q) for q in LONG_RESEARCH)
        ]
    notes = build_notes(exchanges)
    rows: list[tuple[str, str, float, float, str]] = []
    for mode in ("written", "spoken"):
        chosen = focus(notes, QUESTION) if mode == "spoken" else notes
        kept = digest(chosen, settings.research.digest_chars(mode))
        profile = (
            settings.tasks.answer_written if mode == "written" else settings.tasks.answer_spoken
        )
        schema = written_schema(len(kept)) if mode == "written" else None
        grammar = spoken_grammar(len(kept)) if mode == "spoken" else None
        for way, request in (
            ("transcript (before 0002)", old_request(QUESTION, exchanges, mode)),
            ("notes (decision 0002)", final_request(QUESTION, kept, [], mode)),
        ):
            tokens, seconds, text = 0, [], ""
            for _ in range(runs):
                reset = [Message("system", "reset")]  # no KV prefix hit
                llm.complete(reset, task=f"answer_{mode}", max_tokens=1, deadline_s=30)
                out = llm.complete(
                    request,
                    task=f"answer_{mode}",
                    max_tokens=profile.max_tokens,
                    deadline_s=profile.deadline_s,
                    json_schema=schema,
                    grammar=grammar,
                )
                tokens, text = out.prompt_tokens, out.text
                seconds.append(out.seconds)
            rows.append((mode, way, tokens, statistics.median(seconds), text))
    return rows


def run_research_bench(settings: Settings, runs: int) -> int:
    engines = Engines(settings)
    embedder = engines.embedder()
    print(f"recall@5 on the labelled set ({RECALL}):")
    for name, (recall, misses) in recall_at(embedder).items():
        print(f"  {name:<30} {recall:.3f}  missed: {misses or '-'}")
    print("search latency, median ms per search (limit 5): BM25 alone / fused with MiniLM")
    for size, (lexical_ms, fused_ms) in search_latency([1_000, 10_000, 100_000], embedder).items():
        print(f"  {size:>7} memories: {lexical_ms:8.2f} ms / {fused_ms:8.2f} ms")
    print(f"replay of a five-search research ({len(LONG_RESEARCH)} searches), {runs} run(s):")
    for mode, way, tokens, seconds, text in replay_comparison(engines, runs):
        print(f"  {mode:<8} {way:<22} {tokens:>6} prompt tokens  {seconds:6.2f} s to the answer")
        print(f"           -> {' '.join(text.split())[:150]}")
    return 0
