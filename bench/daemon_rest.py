"""The daemon's memory at rest after it has answered (``--suite daemon``, section 4).

Its RSS at start holds no turn's buffers and no general answers' model; a user meets the
daemon after its turns. Measured on the wake-word daemon after the bench's own turns (a
general question, answered by the 1.5B, and a long ``say``): right after them, after a
memory question and the worker's rest (``rooms.service.REST_AFTER_S``), and once the
general answers' model has gone unused for ``llm.llama_cpp.release_task_models_s``.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import psutil

from bench.corpus import DEMO_QUESTIONS
from tests.live_daemon import RATE, LiveDaemon
from voice_assistant.audio.wavfile import read_wav, write_wav
from voice_assistant.config import load_settings
from voice_assistant.rooms.service import REST_AFTER_S

MEMORY_QUESTION = DEMO_QUESTIONS / "dentist.wav"


def said_after(wake: Path, question: Path, folder: Path) -> Path:
    """The wake word, 0.4 s, the question, 0.4 s: one WAV to play into the mic."""
    gap = np.zeros(int(0.4 * RATE), np.float32)
    audio = np.concatenate([read_wav(wake)[0], gap, read_wav(question)[0], gap])
    out = folder / f"wake-{question.stem}.wav"
    write_wav(out, (np.clip(audio, -1.0, 1.0) * 32767).astype(np.int16), RATE)
    return out


def rss_mb(daemon: LiveDaemon) -> float:
    return psutil.Process(daemon.process.pid).memory_info().rss / 1e6


def rest_figures(daemon: LiveDaemon, wake: Path, folder: Path) -> dict[str, float]:
    settings, _ = load_settings(None, environ=daemon.env)
    release_s = settings.llm.llama_cpp.release_task_models_s
    figures = {"after_turns": rss_mb(daemon)}
    turns = daemon.status()["turns"]
    daemon.play(said_after(wake, MEMORY_QUESTION, folder))
    turn = daemon.next_turn(turns, timeout=180)["last_turn"]
    if "dentist" not in (turn.get("transcript") or "").lower():
        raise RuntimeError(f"the memory question went wrong: {turn}")
    time.sleep(REST_AFTER_S + 2)
    figures["after_memory_question"] = rss_mb(daemon)
    time.sleep(release_s + REST_AFTER_S)  # from before the memory question: long enough
    figures["released"] = rss_mb(daemon)
    figures["release_s"] = release_s
    return figures


def report_rest(rows: list[dict[str, float]]) -> None:
    if not rows:
        return
    row = rows[-1]
    print("\n4. RSS at rest after turns (both, wake gate on; MB = 10^6 bytes)")
    after = row["after_turns"]
    print(f"   right after the turns above (the general answer's 1.5B loaded): {after:.0f}")
    print(
        f"   after a memory question ({MEMORY_QUESTION.name}) and the worker's rest "
        f"({REST_AFTER_S:.0f} s): {row['after_memory_question']:.0f}"
    )
    print(
        f"   once the 1.5B has gone unused for release_task_models_s = {row['release_s']:.0f} s: "
        f"{row['released']:.0f}"
    )
