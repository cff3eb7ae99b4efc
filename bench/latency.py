"""``voice-assistant bench --suite latency``: end of speech → first audio, against the floor.

The answerable memory questions of the answer set (``tests/data/answers``), spoken by
piper into 16 kHz clips, each run through the real pipeline (endpoint, whisper, the turn
with research, the final answer and its review, piper's first sentence) in a fresh
conversation over a store of the set's 40 memories.

The floor is the least work that answer needs, measured in the same run on the same
request: whisper on the utterance, one bare llama.cpp call (its own context, the system
prompt cached) over the question and only the supporting notes' text (``support`` in
``requests.toml``) writing the reply the pipeline spoke, token by token, and piper's first
sentence of it. The ratio is first audio over floor; p50 and p90 over the requests.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from bench.answers import ANSWER_SET, Request, load_requests, outcome_of, score
from voice_assistant.audio.wavfile import to_mono_16k
from voice_assistant.config import Settings
from voice_assistant.events import ModelCall
from voice_assistant.llm.base import Message
from voice_assistant.llm.contexts import LlamaCppContexts
from voice_assistant.llm.decoding import reuse_prefix
from voice_assistant.llm.llama import LlamaCppLLM
from voice_assistant.pipeline.stages import TurnResult
from voice_assistant.turn.session import Session

FLOOR_SYSTEM = "Answer the user's question from their note in one or two short sentences."
PAUSE_S = 0.4
"""Silence around each spoken request, so the endpoint detector finds its end."""


def notes_by_title(folder: Path | None = None) -> dict[str, str]:
    """Each memory's text by its title (``# Title`` headings), front matter left out."""
    found: dict[str, str] = {}
    for path in sorted((folder or ANSWER_SET / "memories").glob("*.md")):
        title = ""
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("# "):
                title = line[2:].strip()
                found[title] = ""
            elif title and line.strip() and not (":" in line and "|" in line):
                found[title] = f"{found[title]} {line.strip()}".strip()
    return found


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


@dataclass(frozen=True)
class Timing:
    request: str
    first_audio_s: float
    floor_s: float
    stt_s: float
    answer_s: float
    tts_first_s: float
    floor_llm_s: float
    floor_tts_s: float
    calls: tuple[ModelCall, ...]
    """The turn's model calls."""
    right: bool
    heard: str = ""
    reply: str = ""

    @property
    def described(self) -> str:
        """Each call: task, prompt tokens evaluated / in the prompt, seconds."""
        return " ".join(
            f"{c.task}:{c.prompt_tokens_evaluated}/{c.prompt_tokens}t,{c.seconds:.1f}s"
            for c in self.calls
        )

    @property
    def research_calls(self) -> int:
        return sum(c.task == "research" for c in self.calls)

    @property
    def prompt_evaluated(self) -> int:
        """Prompt tokens the turn's calls evaluated (after their cached prefixes)."""
        return sum(c.prompt_tokens_evaluated for c in self.calls)

    @property
    def model_s(self) -> float:
        """Seconds in model calls: the rest of the turn is search, review and composing."""
        return sum(c.seconds for c in self.calls)

    @property
    def ratio(self) -> float:
        return self.first_audio_s / self.floor_s


def floor_llm_s(llm: LlamaCppLLM, question: str, notes: list[str], reply: str) -> float:
    """One bare call over the question and the supporting notes, writing ``reply``: the
    prompt after the cached system prompt is evaluated, then the reply token by token, each
    step choosing its token from the logits as free decoding does."""
    llama = llm.llama
    messages = [
        Message("system", FLOOR_SYSTEM),
        Message("user", f"{question}\n\nNote: {' '.join(notes)}"),
    ]
    ids, _ = llm._prompt_tokens(messages)
    written = llama.tokenize(reply.encode("utf-8"), add_bos=False, special=False)
    started = time.monotonic()
    pending = reuse_prefix(llama, ids)
    n_vocab = llama.n_vocab()
    for token in [*written, llama.token_eos()]:
        llama.eval(pending)
        logits = np.ctypeslib.as_array(llama._ctx.get_logits_ith(-1), shape=(n_vocab,))
        int(np.argmax(logits))
        pending = [token]
    return time.monotonic() - started


def first_sentence_s(tts: Any, text: str) -> float:
    from voice_assistant.pipeline.speak import sentences_of

    started = time.monotonic()
    list(tts.synthesize(sentences_of(text)[0]))
    return time.monotonic() - started


def spoken(tts: Any, text: str) -> np.ndarray[Any, np.dtype[np.float32]]:
    """The request as piper says it, 16 kHz mono, with a pause either side."""
    audio = (np.concatenate(list(tts.synthesize(text))) / 32768).astype(np.float32)
    clip = to_mono_16k(audio, tts.sample_rate)
    pause = np.zeros(int(PAUSE_S * 16_000), dtype=np.float32)
    return np.concatenate([pause, clip, pause])


def timed_turn(
    pipeline: Any, floor: LlamaCppLLM, tts: Any, request: Request, clip: Any, notes: dict[str, str]
) -> Timing:
    result: TurnResult = pipeline.run(clip, Session.independent("bench"))
    if result.reply is None or result.speech is None or result.transcript is None:
        raise RuntimeError(f"{request.id}: no reply ({result.stop_reason}, {result.error})")
    text = result.reply.text
    llm_s = floor_llm_s(floor, result.transcript.text, [notes[t] for t in request.support], text)
    tts_s = first_sentence_s(tts, text)
    t = result.timings
    return Timing(
        request=request.id,
        first_audio_s=t["first_audio"],
        floor_s=t["stt"] + llm_s + tts_s,
        stt_s=t["stt"],
        answer_s=t["answer"],
        tts_first_s=result.speech.first_chunk_s,
        floor_llm_s=llm_s,
        floor_tts_s=tts_s,
        calls=result.reply.model_calls,
        right=not score(request, outcome_of(result.reply, 0.0)).problems,
        heard=result.transcript.text,
        reply=text,
    )


def summary(rows: list[Timing], silence_timeout_s: float) -> str:
    def line(name: str, values: list[float], unit: str = "s") -> str:
        return (
            f"  {name:<34} p50 {statistics.median(values):6.2f}{unit}  "
            f"p90 {percentile(values, 0.9):6.2f}{unit}"
        )

    calls = [len(r.calls) for r in rows]
    researched = sum(r.research_calls > 0 for r in rows)
    return "\n".join(
        [
            line("end of speech -> first audio", [r.first_audio_s for r in rows]),
            line("  whisper", [r.stt_s for r in rows]),
            line("  turn (search, model calls, review)", [r.answer_s for r in rows]),
            line("  piper, first sentence", [r.tts_first_s for r in rows]),
            line("floor", [r.floor_s for r in rows]),
            line("  floor: llama.cpp call", [r.floor_llm_s for r in rows]),
            line("  floor: piper, first sentence", [r.floor_tts_s for r in rows]),
            line("ratio (first audio / floor)", [r.ratio for r in rows], "x"),
            line(
                "turn alone / floor's llama.cpp call",
                [r.answer_s / r.floor_llm_s for r in rows],
                "x",
            ),
            line("  turn minus its model calls", [r.answer_s - r.model_s for r in rows]),
            f"  model calls per turn: median {statistics.median(calls)}, max {max(calls)}",
            f"  turns with a research call: {researched} of {len(rows)}",
            f"  prompt tokens evaluated per turn: median "
            f"{statistics.median(r.prompt_evaluated for r in rows):g}",
            f"  answers right: {sum(r.right for r in rows)}/{len(rows)}",
            f"  not in these figures: a live microphone's end-of-speech wait, "
            f"endpoint.silence_timeout_s = {silence_timeout_s:g} s",
        ]
    )


def run_latency_bench(settings: Settings, runs: int, only: str = "") -> int:
    from voice_assistant.assembly import assemble
    from voice_assistant.memory.importer import import_paths

    wanted = set(only.split(",")) if only else set()
    requests = [
        r
        for r in load_requests()
        if r.kind == "answerable" and r.support and (not wanted or r.id in wanted)
    ]
    notes = notes_by_title()
    with tempfile.TemporaryDirectory(prefix="va-latency-") as data:
        local = settings.model_copy(deep=True)
        local.paths.data_dir = Path(data)
        assistant = assemble(local)
        engines = assistant.engines
        engines.check_models(["stt", "llm", "tts"])
        report = import_paths(assistant.memories, [ANSWER_SET / "memories"])
        if report.skipped:
            raise RuntimeError(f"answer set memories not imported: {report.skipped}")
        assistant.preload(["stt", "llm", "tts"])
        tts = engines.tts()
        contexts = engines.llm()
        if not isinstance(contexts, LlamaCppContexts):
            raise SystemExit("the latency suite needs the llama.cpp backend")
        floor = contexts.context(family="latency-floor")  # a cache of its own
        floor.complete([Message("system", FLOOR_SYSTEM)], max_tokens=1, deadline_s=60)
        clips = {r.id: spoken(tts, r.text) for r in requests}
        pipeline = assistant.pipeline
        pipeline.run(clips[requests[0].id])  # first calls allocate
        print(f"# voice-assistant bench --suite latency: {len(requests)} memory questions")
        print(
            f"# llm={settings.models.llm} stt={settings.models.stt} tts={settings.models.tts}, "
            f"review by code{' and model' if settings.tasks.answer_spoken.review else ''}"
        )
        rows: list[Timing] = []
        for run in range(runs):
            print(f"run {run + 1}:")
            for request in requests:
                row = timed_turn(pipeline, floor, tts, request, clips[request.id], notes)
                rows.append(row)
                print(
                    f"  {'ok ' if row.right else 'BAD'} {row.request:<20} "
                    f"audio {row.first_audio_s:5.2f}s floor {row.floor_s:4.2f}s "
                    f"x{row.ratio:4.1f}  stt {row.stt_s:.2f} turn {row.answer_s:.2f} "
                    f"tts {row.tts_first_s:.2f}  {row.described}",
                    flush=True,
                )
                if not row.right:
                    print(f"      heard {row.heard!r}, said {row.reply!r}", flush=True)
        print(summary(rows, settings.endpoint.silence_timeout_s))
    return 0
