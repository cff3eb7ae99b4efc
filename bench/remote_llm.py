"""``--suite remote-llm``: a turn with the LLM in-process against the same LLM behind an
OpenAI-compatible server (llama-cpp-python's ``llama_cpp.server`` with the project's GGUF,
started here on a free local port).

The demo questions run through the real pipeline (whisper, the turn, piper) in one warm
process per way, each file a conversation of its own; the figure is end of speech → first
audio, medians over the runs.
"""

from __future__ import annotations

import contextlib
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bench.corpus import DEMO_MEMORIES, DEMO_QUESTIONS
from bench.peers import free_port
from voice_assistant.assembly import assemble
from voice_assistant.audio.wavfile import read_wav
from voice_assistant.cli.batch import expand_inputs
from voice_assistant.config import Settings
from voice_assistant.memory.importer import import_paths
from voice_assistant.modelstore import resolve
from voice_assistant.turn.session import Session


@contextmanager
def llama_server(settings: Settings, log: Path | None = None) -> Iterator[str]:
    """llama-cpp-python's server on the configured GGUF (its output to ``log``); yields
    its API root once it answers, and stops it afterwards."""
    port = free_port()
    gguf = resolve(settings, "models.llm")
    llm = settings.llm
    args = ["--model", str(gguf), "--host", "127.0.0.1", "--port", str(port)]
    args += ["--n_ctx", str(llm.llama_cpp.n_ctx), "--n_threads", str(llm.llama_cpp.threads)]
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(log.open("w")) if log else subprocess.DEVNULL
        process = subprocess.Popen(
            [sys.executable, "-m", "llama_cpp.server", *args], stdout=out, stderr=subprocess.STDOUT
        )
        base = f"http://127.0.0.1:{port}/v1"
        try:
            deadline = time.monotonic() + 180
            while not answers(f"{base}/models"):
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the llama.cpp server did not come up (log: {log})")
                time.sleep(0.5)
            yield base
        finally:
            process.terminate()
            process.wait(timeout=30)


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


def first_audio(settings: Settings, runs: int) -> tuple[list[float], int]:
    """First-audio times over the demo questions, and how many turns failed."""
    with tempfile.TemporaryDirectory() as data:
        local = settings.model_copy(deep=True)
        local.paths.data_dir = Path(data)
        assistant = assemble(local)
        import_paths(assistant.memories, [DEMO_MEMORIES])
        assistant.preload(["stt", "llm", "tts"])
        pipeline = assistant.pipeline
        clips = [read_wav(w)[0] for w in expand_inputs([DEMO_QUESTIONS])]
        pipeline.run(clips[0])  # first calls allocate
        times, failed = [], 0
        for _ in range(runs):
            for clip in clips:
                result = pipeline.run(clip, Session.independent("bench"))
                if result.error is not None:
                    failed += 1
                elif "first_audio" in result.timings:
                    times.append(result.timings["first_audio"])
        assistant.database.close()
    return times, failed


def run_remote_llm_bench(settings: Settings, runs: int) -> int:
    print(f"# voice-assistant bench --suite remote-llm: demo questions x {runs} run(s)")
    print(f"# llm={settings.models.llm} stt={settings.models.stt} tts={settings.models.tts}")
    local, local_failed = first_audio(settings, runs)
    with llama_server(settings) as base:
        remote = settings.model_copy(deep=True)
        remote.llm.backend = "openai"
        remote.llm.openai.base_url = base
        remote.llm.openai.dialect = "llama-cpp-python"
        served, served_failed = first_audio(remote, runs)
    for name, times, failed in [
        ("in-process llama.cpp", local, local_failed),
        ("llama_cpp.server (OpenAI API)", served, served_failed),
    ]:
        p90 = statistics.quantiles(times, n=10)[-1] if len(times) > 1 else float("nan")
        print(
            f"  {name:<32} first audio p50 {statistics.median(times):.2f} s  p90 {p90:.2f} s"
            f"  ({len(times)} turns, {failed} failed)"
        )
    return 0
