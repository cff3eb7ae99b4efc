"""``--suite pipeline``: the figures BENCHMARKS.md reports first, as medians of runs.

Cold start is measured in fresh processes; stage figures on the demo WAVs in one warm
process; word error rate for each whisper model over a folder of real speech with
``.txt`` references. Nothing here asserts: it prints figures.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.corpus import CHECKOUT, DEMO_ACTS, DEMO_MEMORIES, DEMO_QUESTIONS, LIBRIVOX
from voice_assistant.assembly import assemble
from voice_assistant.audio.wavfile import read_wav
from voice_assistant.cli.batch import expand_inputs, reference_for
from voice_assistant.config import Settings, load_settings
from voice_assistant.engines import Engines
from voice_assistant.llm.base import Message
from voice_assistant.wer import word_error_rate


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def cold_start(config: str | None) -> None:
    """Run in a fresh process: load every engine once and print the times as JSON."""
    settings, _ = load_settings(Path(config) if config else None)
    assistant = assemble(settings)
    started = time.monotonic()
    assistant.preload(["stt", "llm", "tts"])
    total = time.monotonic() - started
    print(json.dumps({"total": total, **assistant.engines.load_s, "rss_mb": peak_rss_mb()}))


def engine_memory(config: str | None) -> None:
    """Run in a fresh process: RSS after each engine loads, in the daemon's order, as JSON
    (a list of [what, MB]); llama.cpp's extra contexts share the loaded weights."""
    import psutil

    from voice_assistant.llm.contexts import LlamaCppContexts

    def rss() -> float:
        return float(psutil.Process().memory_info().rss / 1e6)

    settings, _ = load_settings(Path(config) if config else None)
    assistant = assemble(settings)
    engines = assistant.engines
    rows = [["Python + imports", rss()]]
    steps = [
        (f"whisper ({settings.models.stt})", engines.stt),
        (f"piper ({settings.models.tts})", engines.tts),
        ("MiniLM embedder", engines.embedder),
        ("openWakeWord + the gate's silero", engines.wake),
        ("llama.cpp, answers context (weights mapped, KV, buffers)", engines.llm),
    ]
    for name, load in steps:
        load()
        rows.append([name, rss()])
    llm = engines.llm()
    if isinstance(llm, LlamaCppContexts):
        for family in ("research", "understand"):
            llm.context(family)
            rows.append([f"llama.cpp, {family} context", rss()])
    assistant.preload(["stt", "llm", "tts"])
    rows.append(["turns built and warmed", rss()])
    print(json.dumps(rows))


def bench_memory(args: argparse.Namespace, data: Path) -> list[tuple[str, float]]:
    """Each engine's RSS in MB (the rise as it loads), medians over fresh processes."""
    runs = in_fresh_processes("engine_memory", args, data)
    names = [name for name, _ in runs[0]]
    levels = [median([run[i][1] for run in runs]) for i in range(len(names))]
    rises = [levels[0]] + [b - a for a, b in itertools.pairwise(levels)]
    return [*zip(names, rises, strict=True), ("total", levels[-1])]


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def in_fresh_processes(function: str, args: argparse.Namespace, data: Path) -> list[Any]:
    """``function`` of this module run in ``args.runs`` fresh processes over the data folder
    ``data``, one after another: the JSON each printed last."""
    config = repr(str(args.config)) if args.config else "None"
    code = f"from bench.pipeline import {function}; {function}({config})"
    env = {**os.environ, "VOICE_ASSISTANT__PATHS__DATA_DIR": str(data)}
    runs = []
    for _ in range(args.runs):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, cwd=CHECKOUT, env=env
        )
        if out.returncode != 0:
            raise RuntimeError(out.stderr.strip().splitlines()[-1])
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    return runs


def bench_cold(args: argparse.Namespace, data: Path) -> dict[str, float]:
    runs = in_fresh_processes("cold_start", args, data)
    return {key: median([r[key] for r in runs]) for key in runs[0]}


def bench_llm(engines: Engines, runs: int) -> dict[str, float]:
    """Raw llama.cpp throughput: a ~600-token prompt (no cache hit) and 100 new tokens."""
    llm = engines.llm()
    filler = "The quick brown fox jumps over the lazy dog. " * 60
    prompt, gen = [], []
    for run in range(runs):
        messages = [
            Message("system", f"Run {run}. Be brief."),  # differs per run: no KV prefix hit
            Message("user", filler + "Write a paragraph about foxes."),
        ]
        out = llm.complete(messages, task="throughput", max_tokens=100, deadline_s=120)
        prompt.append(out.prompt_tokens_evaluated / out.prompt_eval_s)
        gen.append(out.completion_tokens / out.generation_s)
    return {"llm_prompt_tok_s (600-token prompt)": median(prompt), "llm_gen_tok_s": median(gen)}


def bench_stages(
    settings: Settings, wavs: list[Path], runs: int
) -> tuple[dict[str, float], dict[str, str]]:
    """Medians over the turns of every WAV, and each WAV's own: first audio and the model
    calls it made (each file a fresh conversation, as in a batch run)."""
    from voice_assistant.turn.session import Session

    assistant = assemble(settings)
    assistant.preload(["stt", "llm", "tts"])
    pipeline = assistant.pipeline
    clips = [read_wav(w)[0] for w in wavs]
    pipeline.run(clips[0])  # warm-up: first calls allocate buffers
    throughput = bench_llm(assistant.engines, runs)
    figures: dict[str, list[float]] = {}
    per_file: dict[str, list[tuple[float, str]]] = {}

    def add(key: str, value: float) -> None:
        figures.setdefault(key, []).append(value)

    for _ in range(runs):
        for wav, clip in zip(wavs, clips, strict=True):
            result = pipeline.run(clip, Session.independent("bench"))
            if result.error or result.reply is None or result.speech is None:
                per_file.setdefault(wav.name, []).append((float("nan"), result.stop_reason))
                continue
            calls = ", ".join(
                f"{c.task} {c.prompt_tokens_evaluated}/{c.prompt_tokens}"
                for c in result.reply.model_calls
            )
            per_file.setdefault(wav.name, []).append(
                (result.timings["first_audio"], calls or "no model call")
            )
            t = result.timings
            add("stt_rtf", t["stt"] / result.transcript.audio_s if result.transcript else 0)
            for call in result.reply.model_calls:
                add("prompt_tokens", call.prompt_tokens)
                add("completion_tokens", call.completion_tokens)
                add("prompt_tokens_evaluated (KV reuse)", call.prompt_tokens_evaluated)
                if call.generation_s > 0:
                    add("answer_gen_tok_s", call.completion_tokens / call.generation_s)
                add("answer_s", call.seconds)
            add("tts_rtf", t["tts"] / result.speech.seconds)
            add("tts_first_sentence_s", result.speech.first_chunk_s)
            add("end_of_speech_to_first_audio_s", t["first_audio"])
            add("turn_total_s", t["total"])
    out = {key: median(values) for key, values in figures.items()}
    out.update(throughput)
    out["peak_rss_mb"] = peak_rss_mb()
    files = {
        name: f"first audio {median([t for t, _ in rows]):5.2f} s  calls "
        f"(task evaluated/prompt tokens): {rows[-1][1]}"
        for name, rows in per_file.items()
    }
    return out, files


def bench_wer(
    settings: Settings, folders: list[Path], models: list[str], runs: int
) -> dict[str, Any]:
    """Word error rate and real-time factor per whisper model and encoder window (the
    short window, ``stt.min_window_s``, against whisper's full 30 s), per folder of speech
    with ``.txt`` references; the transcripts are the same in every run (beam search is
    deterministic), the time is the median."""
    sets = {}
    for folder in folders:
        wavs = [w for w in expand_inputs([folder]) if reference_for(w) is not None]
        sets[folder.name] = [(read_wav(w)[0], reference_for(w) or "") for w in wavs]
    results: dict[str, Any] = {}
    for name, window in [(m, w) for m in models for w in (settings.stt.min_window_s, 30.0)]:
        local = settings.model_copy(deep=True)
        local.models.stt = name
        local.stt.min_window_s = window
        stt = assemble(local).engines.stt()  # whisper's hotwords from the memories
        label = f"{name} ({'full 30 s' if window >= 30 else f'{window:g} s+'} window)"
        for set_name, clips in sets.items():
            audio_s = sum(len(c) for c, _ in clips) / 16_000
            times, hyps = [], []
            for _ in range(runs):
                started = time.monotonic()
                hyps = [stt.transcribe(clip).text for clip, _ in clips]
                times.append(time.monotonic() - started)
            refs = [ref for _, ref in clips]
            results[f"{label} {set_name}"] = {
                "wer": word_error_rate(refs, hyps),
                "rtf": median(times) / audio_s,
                "clips": len(clips),
                "words": sum(len(ref.split()) for ref in refs),
            }
    return results


def run_pipeline_bench(settings: Settings, args: argparse.Namespace) -> int:
    """Cold start, stage timings over the demo WAVs, and each whisper model's WER, over a
    store of the demo memories of its own (yours is neither read nor changed)."""
    from voice_assistant.memory.importer import import_paths

    with tempfile.TemporaryDirectory(prefix="va-pipeline-") as data:
        local = settings.model_copy(deep=True)
        local.paths.data_dir = Path(data)
        assistant = assemble(local)
        report = import_paths(assistant.memories, [DEMO_MEMORIES])
        assistant.database.close()
        if report.skipped or not report.added:
            raise RuntimeError(f"demo memories not imported: {report}")
        return _run_pipeline_bench(local, args)


def _run_pipeline_bench(settings: Settings, args: argparse.Namespace) -> int:
    wavs = expand_inputs(args.wavs or [DEMO_QUESTIONS, DEMO_ACTS])
    print(f"# voice-assistant bench: {args.runs} run(s) each, medians")
    print(f"# the demo memories in a store of the bench's own: {settings.paths.data_dir}")
    print(f"# llm={settings.models.llm} stt={settings.models.stt} tts={settings.models.tts}")
    data = settings.paths.data_dir
    cold = bench_cold(args, data)
    print("cold start (fresh process, all models loaded):")
    for key, value in cold.items():
        print(f"  {key:<34} {value:8.2f}")
    stages, files = bench_stages(settings, wavs, args.runs)
    print(f"stages over {len(wavs)} WAV(s), each a fresh conversation:")
    for key, value in stages.items():
        print(f"  {key:<34} {value:8.3f}")
    print("each WAV, end of the utterance -> first audio (median) and its model calls:")
    for name, line in files.items():
        print(f"  {name:<24} {line}")
    print("memory: RSS as each engine loads (fresh processes, MB):")
    for name, mb in bench_memory(args, data):
        print(f"  {name:<58} {mb:+8.0f}" if name != "total" else f"  {name:<58} {mb:8.0f}")
    folders = [args.speech] if args.speech else [DEMO_QUESTIONS, DEMO_ACTS, LIBRIVOX]
    print("word error rate and real-time factor, by whisper model and encoder window:")
    models = [m.strip() for m in args.stt_models.split(",") if m.strip()]
    for name, fig in bench_wer(settings, folders, models, args.runs).items():
        print(
            f"  {name:<42} WER {fig['wer']:.3f}  RTF {fig['rtf']:.3f}  "
            f"({fig['clips']} clips, {fig['words']} words)"
        )
    return 0
