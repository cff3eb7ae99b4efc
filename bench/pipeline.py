"""``--suite pipeline``: the figures BENCHMARKS.md reports first, as medians of runs.

Cold start is measured in fresh processes; stage figures on the demo WAVs in one warm
process; word error rate for each whisper model over a folder of real speech with
``.txt`` references. Nothing here asserts: it prints figures.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.corpus import CHECKOUT, DEMO_QUESTIONS, LIBRIVOX
from voice_assistant.audio.wavfile import read_wav
from voice_assistant.batch import expand_inputs, reference_for
from voice_assistant.config import Settings, load_settings
from voice_assistant.engines import Engines
from voice_assistant.llm.base import Message
from voice_assistant.wer import word_error_rate


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def cold_start(config: str | None) -> None:
    """Run in a fresh process: load every engine once and print the times as JSON."""
    settings, _ = load_settings(Path(config) if config else None)
    engines = Engines(settings)
    started = time.monotonic()
    engines.preload(["stt", "llm", "tts"])
    total = time.monotonic() - started
    print(json.dumps({"total": total, **engines.load_s, "rss_mb": peak_rss_mb()}))


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def bench_cold(args: argparse.Namespace) -> dict[str, float]:
    config = repr(str(args.config)) if args.config else "None"
    code = f"from bench.pipeline import cold_start; cold_start({config})"
    runs: list[dict[str, float]] = []
    for _ in range(args.runs):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, cwd=CHECKOUT
        )
        if out.returncode != 0:
            raise RuntimeError(out.stderr.strip().splitlines()[-1])
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
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


def bench_stages(settings: Settings, wavs: list[Path], runs: int) -> dict[str, float]:
    engines = Engines(settings)
    engines.preload(["stt", "llm", "tts"])
    pipeline = engines.pipeline()
    clips = [read_wav(w)[0] for w in wavs]
    pipeline.run(clips[0])  # warm-up: first calls allocate buffers
    throughput = bench_llm(engines, runs)
    figures: dict[str, list[float]] = {}

    def add(key: str, value: float) -> None:
        figures.setdefault(key, []).append(value)

    for _ in range(runs):
        for clip in clips:
            result = pipeline.run(clip)
            if result.error or result.reply is None or result.speech is None:
                continue
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
    return out


def bench_wer(settings: Settings, folder: Path, models: list[str], runs: int) -> dict[str, Any]:
    wavs = [w for w in expand_inputs([folder]) if reference_for(w) is not None]
    clips = [(read_wav(w)[0], reference_for(w) or "") for w in wavs]
    audio_s = sum(len(c) for c, _ in clips) / 16_000
    results: dict[str, Any] = {}
    for name, window in [(m, w) for m in models for w in (settings.stt.min_window_s, 30.0)]:
        local = settings.model_copy(deep=True)
        local.models.stt = name
        local.stt.min_window_s = window
        stt = Engines(local).stt()
        times, hyps = [], []
        for _ in range(runs):
            started = time.monotonic()
            hyps = [stt.transcribe(clip).text for clip, _ in clips]
            times.append(time.monotonic() - started)
        wer = word_error_rate([ref for _, ref in clips], hyps)
        label = f"{name} ({'full 30 s' if window >= 30 else f'{window:g} s+'} window)"
        results[label] = {"wer": wer, "rtf": median(times) / audio_s, "clips": len(clips)}
    return results


def run_pipeline_bench(settings: Settings, args: argparse.Namespace) -> int:
    """Cold start, stage timings over the demo WAVs, and each whisper model's WER."""
    wavs = expand_inputs(args.wavs or [DEMO_QUESTIONS])
    print(f"# voice-assistant bench: {args.runs} run(s) each, medians")
    print(f"# llm={settings.models.llm} stt={settings.models.stt} tts={settings.models.tts}")
    cold = bench_cold(args)
    print("cold start (fresh process, all models loaded):")
    for key, value in cold.items():
        print(f"  {key:<34} {value:8.2f}")
    stages = bench_stages(settings, wavs, args.runs)
    print(f"stages over {len(wavs)} demo WAV(s):")
    for key, value in stages.items():
        print(f"  {key:<34} {value:8.3f}")
    speech = args.speech or LIBRIVOX
    if speech.is_dir():
        print(f"word error rate on {speech}:")
        models = [m.strip() for m in args.stt_models.split(",") if m.strip()]
        for name, fig in bench_wer(settings, speech, models, args.runs).items():
            print(
                f"  {name:<20} WER {fig['wer']:.3f}  RTF {fig['rtf']:.3f}  ({fig['clips']} clips)"
            )
    return 0
