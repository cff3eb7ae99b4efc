"""The live daemon's figures for BENCHMARKS.md, on the virtual PulseAudio rig with the real
daemon and the real models (not a test: pytest does not collect this file).

    voice-assistant bench --suite daemon [--runs 3]   (or: python -m bench --suite daemon)

1. idle CPU (in all and by thread), RSS and threads of the listening daemon, ``--mode both``
   and ``--mode ptt``;
2. end of speech -> first reply audio: the device path (a WAV played into the virtual mic,
   measured inside the daemon and on the recorded virtual speaker) and the batch path
   (``voice-assistant batch`` on the same question);
3. barge-in: how fast the wake word stops a long reply;
4. RSS at rest after turns (``daemon_rest``).

Times across processes are CLOCK_MONOTONIC (``time.monotonic``), comparable on Linux.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
import traceback
import wave
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import psutil

from bench.corpus import CHECKOUT, DEMO_MEMORIES, DEMO_QUESTIONS
from bench.daemon_rest import report_rest, rest_figures
from tests.audio_rig import pulseaudio_rig
from tests.live_daemon import RATE, LiveDaemon, Speaker, loud_seconds
from voice_assistant.audio.wavfile import write_wav
from voice_assistant.config import load_settings
from voice_assistant.memory.importer import import_paths
from voice_assistant.memory.sqlite import connect
from voice_assistant.memory.store import MemoryStore
from voice_assistant.pipeline.progress import earcon

WAKE_QUESTION = CHECKOUT / "demo" / "wake" / "hey_jarvis_capital.wav"
WAKE_ONLY = CHECKOUT / "demo" / "wake" / "hey_jarvis.wav"
QUESTION = DEMO_QUESTIONS / "capital.wav"
LONG_TEXT = " ".join(
    f"This is sentence number {i} of a long reply that goes on for a while." for i in range(1, 15)
)
LOUD = 1000
"""|sample| above this is sound on the recorded speaker (16 kHz int16)."""
BRIDGE_S = 0.1
"""Quieter stretches shorter than this do not end a loud run (zero crossings, short pauses)."""
EARCON_MAX_S = 0.25
"""The earcons ("heard you" 0.18 s, "thinking" 0.09 s) are loud runs no longer than this."""
SETTLE_S = 5.0
"""Wait after the daemon reports idle before sampling its CPU time."""
CONVERSATION_IDLE_S = 1.0
"""Each benchmark turn starts a new conversation, as each batch file does."""
Audio = npt.NDArray[np.int16]


# recording the speaker ------------------------------------------------------------------
class TimedSpeaker(Speaker):
    """``Speaker`` that also knows the monotonic time of the recording's first sample.

    parecord writes as it receives (5 ms blocks on this rig); while recording, the file
    size is polled: ``now - samples_written / RATE`` is never earlier than the true start,
    so its minimum over the recording estimates it (to a few ms)."""

    def __enter__(self) -> TimedSpeaker:
        super().__enter__()
        self.t0 = self.started
        self._estimates: list[float] = []
        self._stop = threading.Event()
        self._poller = threading.Thread(target=self._poll, name="speaker-clock", daemon=True)
        self._poller.start()
        return self

    def _poll(self) -> None:
        while not self._stop.is_set():
            try:
                size = self.path.stat().st_size
            except OSError:
                size = 0
            now = time.monotonic()
            if size > 44:  # past the WAV header
                self._estimates.append(now - (size - 44) / 2 / RATE)
            time.sleep(0.003)

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._poller.join(timeout=5)
        if self._estimates:
            self.t0 = min(self._estimates)
        super().__exit__(*exc)

    def index(self, t: float) -> int:
        """The sample index recorded at monotonic time ``t`` (clamped at 0)."""
        return max(0, round((t - self.t0) * RATE))

    def time(self, index: int) -> float:
        return self.t0 + index / RATE


def loud_runs(audio: Audio, level: int = LOUD, bridge_s: float = BRIDGE_S) -> list[tuple[int, int]]:
    """Runs of loud samples as (first, one past the last) indices; gaps under ``bridge_s``
    are bridged."""
    loud = np.flatnonzero(np.abs(audio.astype(np.int32)) > level)
    if not len(loud):
        return []
    breaks = np.flatnonzero(np.diff(loud) > bridge_s * RATE)
    starts = np.r_[loud[0], loud[breaks + 1]]
    ends = np.r_[loud[breaks], loud[-1]] + 1
    return [(int(s), int(e)) for s, e in zip(starts, ends, strict=True)]


def matched(audio: Audio, template: npt.NDArray[np.float64]) -> tuple[np.ndarray, np.ndarray]:
    """How well each window of ``audio`` matches ``template`` (normalised cross-correlation,
    by FFT) and each window's energy; empty when the audio is shorter than the template."""
    segment = audio.astype(np.float64)
    n = len(template)
    if len(segment) < n:
        return np.zeros(0), np.zeros(0)
    size = 1 << int(np.ceil(np.log2(len(segment) + n)))
    spectrum = np.fft.rfft(segment, size) * np.conj(np.fft.rfft(template, size))
    corr = np.fft.irfft(spectrum, size)[: len(segment) - n + 1]
    power = np.cumsum(np.r_[0.0, segment**2])
    energy = power[n:] - power[:-n]
    return corr / (np.sqrt(np.maximum(energy, 1.0)) * np.linalg.norm(template)), energy


def find_heard_earcon(audio: Audio, start: int) -> int | None:
    """Where the "heard you" earcon starts at or after ``start`` (normalised
    cross-correlation with the tone sequence at 16 kHz), or None."""
    template = earcon("heard", rate=RATE).astype(np.float64)
    ncc, energy = matched(audio[start:], template)
    if not len(ncc):
        return None
    ncc[energy < len(template) * float(LOUD) ** 2] = 0.0  # RMS under LOUD: not the earcon
    best = int(np.argmax(ncc))
    return start + best if ncc[best] > 0.7 else None


def trailing_silence_s(wav_path: Path) -> float:
    """Seconds after the file's last loud sample (what paplay plays after the speech)."""
    with wave.open(str(wav_path)) as wav:
        rate = wav.getframerate()
        audio = np.frombuffer(wav.readframes(wav.getnframes()), dtype=np.int16)
    loud = np.flatnonzero(np.abs(audio.astype(np.int32)) > LOUD)
    return (len(audio) - (loud[-1] + 1 if len(loud) else 0)) / rate


# the data folder and the daemon --------------------------------------------------------
def make_data_dir(folder: Path, memories: Path = DEMO_MEMORIES) -> Path:
    """A data folder whose store holds ``memories`` (the example memories, as the tests'
    ``demo_data``, unless told otherwise)."""
    data = folder / "data"
    data.mkdir()
    settings, _ = load_settings(None, environ={"VOICE_ASSISTANT__PATHS__DATA_DIR": str(data)})
    store = MemoryStore(connect(settings.paths.database))
    try:
        report = import_paths(store, [memories])
    finally:
        store.db.close()
    if not report.added or report.skipped:
        raise SystemExit(f"importing {memories} failed: {report}")
    return data


def environment(rig: dict[str, str], folder: Path, data: Path, gate: bool = True) -> dict[str, str]:
    """The daemon's environment: no user config, the bench's data, and the setting compared
    (``wake.gate``) given explicitly, so each row is measured with what it names."""
    config = folder / "config"
    (config / "voice-assistant").mkdir(parents=True, exist_ok=True)  # no user config
    return {
        **rig,
        "XDG_CONFIG_HOME": str(config),
        "XDG_DATA_HOME": str(folder / "xdg-data"),
        "VOICE_ASSISTANT__PATHS__DATA_DIR": str(data),
        "VOICE_ASSISTANT__RESEARCH__CONVERSATION_IDLE_S": str(CONVERSATION_IDLE_S),
        "VOICE_ASSISTANT__WAKE__GATE": "true" if gate else "false",
    }


def effective_gate(env: dict[str, str]) -> bool:
    """``wake.gate`` as the daemon started with ``env`` reads it (``config show``)."""
    shown = subprocess.run(
        [sys.executable, "-m", "voice_assistant", "config", "show"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    return bool(tomllib.loads(shown)["wake"]["gate"])


def start_daemon(env: dict[str, str], mode: str, folder: Path, name: str = "") -> LiveDaemon:
    log = folder / f"daemon-{name or mode}.log"
    print(f"starting the daemon (--mode {mode}); log {log}", flush=True)
    started = time.monotonic()
    daemon = LiveDaemon(env, mode, log)
    daemon.wait_for("the daemon to listen", lambda s: s["state"] == "idle", timeout=300)
    print(f"  idle after {time.monotonic() - started:.1f} s", flush=True)
    return daemon


def stop_daemon(daemon: LiveDaemon) -> None:
    code = daemon.terminate()
    if code != 0:
        print(f"  the daemon exited {code}; log {daemon.log}", flush=True)


def without_overrides() -> None:
    """As the tests: no developer's ``VOICE_ASSISTANT__*`` settings reach the daemon."""
    for name in list(os.environ):
        if name.startswith("VOICE_ASSISTANT__"):
            del os.environ[name]


def in_work_folder(prefix: str, keep: bool, measure: Callable[[Path], None]) -> int:
    """Run ``measure`` in a new work folder: removed after a run that went well unless
    ``keep``; a failure prints its trace, keeps the folder and gives 1."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    ok = False
    try:
        measure(folder)
        ok = True
    except Exception:
        traceback.print_exc()
    finally:
        if ok and not keep:
            shutil.rmtree(folder, ignore_errors=True)
        else:
            print(f"\nwork folder kept: {folder}", flush=True)
    return 0 if ok else 1


def wait_idle(daemon: LiveDaemon, timeout: float = 120) -> dict[str, Any]:
    return daemon.wait_for("idle", lambda s: s["state"] == "idle", timeout)


# 1. idle CPU --------------------------------------------------------------------------
ROOM_NOISE_DBFS = -50.0
"""A quiet room's steady noise on the microphone (a fan, a fridge, the mic's own hiss)."""


def room_noise(folder: Path, seconds: float) -> Path:
    """Seeded pink noise at ``ROOM_NOISE_DBFS`` RMS, as a WAV to play into the mic."""
    from bench.wake import pink_noise

    noise = pink_noise(int(seconds * RATE), np.random.default_rng(7))
    noise *= 10 ** (ROOM_NOISE_DBFS / 20) / max(1e-9, float(np.sqrt(np.mean(noise**2))))
    path = folder / "room-noise.wav"
    write_wav(path, (np.clip(noise, -1, 1) * 32767).astype(np.int16), RATE)
    return path


def idle_figures(daemon: LiveDaemon, seconds: float, noise: Path | None = None) -> dict[str, float]:
    """CPU time (user + system, all threads) of the daemon over ``seconds`` of silence,
    or of ``noise`` played into the mic (from before the settling wait)."""
    wait_idle(daemon)
    playing = (
        subprocess.Popen(["paplay", "-d", "vmic_feed", str(noise)], env=daemon.env)
        if noise is not None
        else None
    )
    try:
        time.sleep(SETTLE_S)
        process = psutil.Process(daemon.process.pid)
        before, t_before, threads = process.cpu_times(), time.monotonic(), thread_times(process)
        time.sleep(seconds)  # no status requests meanwhile: each would cost the daemon CPU
        after, t_after = process.cpu_times(), time.monotonic()
    finally:
        if playing is not None:
            playing.terminate()
            playing.wait(timeout=10)
    busy = (after.user + after.system) - (before.user + before.system)
    figures = {
        "cpu_pct": 100.0 * busy / (t_after - t_before),
        "rss_mb": process.memory_info().rss / 1e6,
        "threads": float(process.num_threads()),
        "seconds": t_after - t_before,
    }
    for name, used in thread_times(process).items():
        figures[f"{THREAD}{name}"] = 100.0 * (used - threads.get(name, 0.0)) / (t_after - t_before)
    state = daemon.status()["state"]
    if state != "idle":
        print(f"  warning: the daemon was {state!r} at the end of the idle window", flush=True)
    return figures


THREAD = "thread "


def thread_times(process: psutil.Process) -> dict[str, float]:
    """CPU seconds by thread: ``main`` (the microphone loop), else the kernel's name of it
    (``threaded-ml``: PulseAudio's client; ``python``: the other threads, together)."""
    times: dict[str, float] = {}
    for thread in process.threads():
        try:
            name = Path(f"/proc/{process.pid}/task/{thread.id}/comm").read_text().strip()
        except OSError:  # the thread ended
            continue
        name = "main" if thread.id == process.pid else name
        times[name] = times.get(name, 0.0) + thread.user_time + thread.system_time
    return times


# 2. end of speech -> first reply audio ------------------------------------------------
def device_turn(daemon: LiveDaemon, folder: Path, run: str) -> dict[str, float]:
    wait_idle(daemon)
    turns = daemon.status()["turns"]
    with TimedSpeaker(daemon.env, folder / f"speaker-turn-{run}.wav") as speaker:
        played = daemon.play(WAKE_QUESTION)
        status = daemon.next_turn(turns, timeout=180)
        time.sleep(0.5)
    turn = status["last_turn"]
    if turn.get("error") or "capital" not in (turn.get("transcript") or "").lower():
        raise RuntimeError(f"the device turn went wrong: {turn}")
    audio = speaker.audio()
    after = speaker.index(played)
    first = next(
        (s for s, e in loud_runs(audio) if s >= after and (e - s) / RATE > EARCON_MAX_S), None
    )
    if first is None:
        raise RuntimeError(f"no reply audio on the speaker after the question ({speaker.path})")
    timings = turn["timings"]
    return {
        "external": speaker.time(first) - played,
        "first_audio": timings["first_audio"],
        "endpoint": timings.get("endpoint", float("nan")),
        "stt": timings.get("stt", float("nan")),
        "answer": timings.get("answer", float("nan")),
    }


def batch_turn(env: dict[str, str], folder: Path, run: int) -> dict[str, float]:
    out = folder / f"batch-{run}"
    done = subprocess.run(
        [sys.executable, "-m", "voice_assistant", "batch", str(QUESTION), "--out", str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if done.returncode != 0:
        raise RuntimeError(f"batch failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    row = json.loads((out / "report.jsonl").read_text().splitlines()[0])
    if row["error"] or "capital" not in (row["transcript"] or "").lower():
        raise RuntimeError(f"the batch turn went wrong: {row}")
    timings = row["timings"]
    return {
        "first_audio": timings["first_audio"],
        "endpoint": timings.get("endpoint", float("nan")),
        "stt": timings.get("stt", float("nan")),
        "answer": timings.get("answer", float("nan")),
    }


# 3. barge-in --------------------------------------------------------------------------
def barge_in(daemon: LiveDaemon, folder: Path, run: str) -> dict[str, float]:
    wait_idle(daemon)
    before = daemon.status()["barge_ins"]
    with TimedSpeaker(daemon.env, folder / f"speaker-barge-{run}.wav") as speaker:
        said = daemon.control("say", LONG_TEXT)
        if said.returncode != 0:
            raise RuntimeError(f"say failed: {said.stderr}")
        daemon.wait_for("speech", lambda s: s["state"] == "speaking", timeout=60)
        time.sleep(2.0)
        play_started = time.monotonic()
        played = daemon.play(WAKE_ONLY)
        status = daemon.wait_for("the barge-in", lambda s: s["barge_ins"] > before, timeout=15)
        time.sleep(3.0)
    audio = speaker.audio()
    heard = find_heard_earcon(audio, speaker.index(play_started))
    if heard is not None:  # the speech stopped before the "heard you" earcon began
        loud = np.flatnonzero(np.abs(audio[:heard].astype(np.int32)) > LOUD)
        if not len(loud):
            raise RuntimeError(f"nothing played before the earcon ({speaker.path})")
        silent_at = int(loud[-1]) + 1
    else:  # no earcon found: the end of the last run longer than an earcon
        print(f"  warning: no 'heard you' earcon found in {speaker.path}", flush=True)
        long_runs = [e for s, e in loud_runs(audio) if (e - s) / RATE > EARCON_MAX_S]
        if not long_runs:
            raise RuntimeError(f"no speech on the speaker ({speaker.path})")
        silent_at = long_runs[-1]
    after = audio[silent_at:]
    return {
        "external": speaker.time(silent_at) - played,
        "daemon": status["last_barge_in_s"] - played,
        "recorded_after_s": len(after) / RATE,
        "loud_after_s": loud_seconds(after, LOUD),
    }


# report -------------------------------------------------------------------------------
def median(rows: list[dict[str, float]], key: str) -> float:
    return statistics.median(row[key] for row in rows) if rows else float("nan")


def spread(rows: list[dict[str, float]], key: str) -> str:
    values = [row[key] for row in rows]
    if len(values) < 2:
        return ""
    return f"  (runs: {', '.join(f'{v:.2f}' for v in values)})"


def report_idle(idle_s: float, idle: dict[str, list[dict[str, float]]]) -> None:
    print(
        f"\n1. Idle daemon, {idle_s:.0f} s of silence on the virtual mic (or of pink noise at "
        f"{ROOM_NOISE_DBFS:g} dBFS: 'room noise'), {SETTLE_S:.0f} s after it reported idle, "
        "sampled in each run"
    )
    print(
        "   CPU = (user + system CPU time of the process, all threads) / wall time, "
        "as % of one core"
    )
    print(f"   {'daemon':<26} {'CPU % of a core':>16} {'RSS MB':>8} {'threads':>8}")
    for label, rows in idle.items():
        print(
            f"   {label:<26} {median(rows, 'cpu_pct'):>16.1f} {median(rows, 'rss_mb'):>8.0f} "
            f"{median(rows, 'threads'):>8.0f}{spread(rows, 'cpu_pct')}"
        )
        names = sorted({k for row in rows for k in row if k.startswith(THREAD)})
        shares = sorted(
            ((statistics.median(r.get(k, 0.0) for r in rows), k[len(THREAD) :]) for k in names),
            reverse=True,
        )
        print("     by thread: " + ", ".join(f"{name} {pct:.2f} %" for pct, name in shares if pct))


def report_turns(
    devices: dict[str, list[dict[str, float]]],
    batch: list[dict[str, float]],
    silence_timeout_s: float,
) -> None:
    tail_question = trailing_silence_s(WAKE_QUESTION)
    print('\n2. End of speech -> first reply audio ("What is the capital of Australia?")')
    for label, device in devices.items():
        print(f"   device path, {label}: {WAKE_QUESTION.relative_to(CHECKOUT)} into the mic")
        print(
            f"     external (paplay returned -> first loud run > {EARCON_MAX_S} s on the "
            f"recorded speaker): {median(device, 'external'):.2f} s{spread(device, 'external')}"
        )
        print(
            f"     inside the daemon (last_turn.timings.first_audio): "
            f"{median(device, 'first_audio'):.2f} s{spread(device, 'first_audio')}"
        )
        endpointed = median(device, "endpoint")
        again = "none (the listener's utterance goes to whisper as it is)"
        print(
            f"       of which stt {median(device, 'stt'):.2f} s, answer "
            f"{median(device, 'answer'):.2f} s; endpointing again in the turn: "
            + (again if math.isnan(endpointed) else f"{endpointed:.2f} s")
        )
    print(
        f"   batch path, voice-assistant batch {QUESTION.relative_to(CHECKOUT)} (a fresh process "
        "per run,\n     models preloaded and warmed first):"
    )
    print(
        f"     report.jsonl timings.first_audio: {median(batch, 'first_audio'):.2f} s"
        f"{spread(batch, 'first_audio')}"
    )
    print(
        f"       of which stt {median(batch, 'stt'):.2f} s, answer {median(batch, 'answer'):.2f} s"
        f"; endpointing the file (before) {median(batch, 'endpoint'):.2f} s"
    )
    print("   What each includes:")
    print(
        "   - first_audio (daemon and batch alike) starts when the pipeline has endpointed the "
        "utterance\n     and ends when the first sentence is handed to the sink: STT + research/"
        "answer + TTS of\n     the first sentence (+ the thinking earcon in the daemon). It "
        "excludes the live endpointer's\n     wait and the sound device's output latency."
    )
    print(
        f"   - external (device) starts when paplay returned, i.e. {tail_question:.2f} s after the "
        "last loud sample of\n     the question in the file (0.4 s of appended silence plus the "
        "speech's quiet tail), and adds\n     to first_audio: the endpointer's silence timeout "
        f"(endpoint.silence_timeout_s = {silence_timeout_s:.1f} s,\n     counted from the end of "
        "speech, so about that minus the trailing silence), mic and VAD block\n     latency, "
        "handing the utterance to the worker, and the speaker's output latency."
    )
    print(
        f"   - each turn starts a new conversation (research.conversation_idle_s = "
        f"{CONVERSATION_IDLE_S:.0f} s), like\n     each batch file, so the two paths answer the "
        "same prompt."
    )


def report_barge_in(barges: dict[str, list[dict[str, float]]]) -> None:
    tail_wake = trailing_silence_s(WAKE_ONLY)
    print("\n3. Barge-in: the wake word during a long `say` (2 s into speech)")
    for label, barge in barges.items():
        print(f"   {label}:")
        print(
            f"     speaker goes silent - paplay of {WAKE_ONLY.relative_to(CHECKOUT)} returned: "
            f"{median(barge, 'external'):.2f} s{spread(barge, 'external')}"
        )
        print(
            f"     daemon's barge-in (status.last_barge_in_s) - paplay returned: "
            f"{median(barge, 'daemon'):.2f} s{spread(barge, 'daemon')}"
        )
        print(
            f"     from the wake word's last loud sample in the file ({tail_wake:.2f} s before "
            f"paplay returned): speaker silent {median(barge, 'external') + tail_wake:.2f} s, "
            f"daemon's barge-in {median(barge, 'daemon') + tail_wake:.2f} s"
        )
        print(
            f"     after the cut: {median(barge, 'loud_after_s'):.2f} s loud in "
            f"{median(barge, 'recorded_after_s'):.1f} s recorded (only the earcon; the reply had "
            "~25 s left)"
        )
    print(
        "   Values near or below 0 after paplay are expected: paplay also plays the file's "
        'trailing\n   silence, and the wake model fires on "Jarvis" itself. "Silent" is the '
        "last loud sample\n   before the 'heard you' earcon that follows a barge-in (found by "
        "its tones); the daemon's\n   figure is when it cut the sink, before the output latency."
    )


DAEMONS = (
    ("both, wake gate on", "both", True),
    ("both, wake gate off", "both", False),
    ("ptt (mic, no wake word)", "ptt", True),
)
"""Each daemon measured: its label, ``--mode`` and ``wake.gate``."""


def run_daemon_bench(runs: int, idle_s: float, keep: bool) -> int:
    """The real daemon on the virtual rig; ``keep`` leaves the work folder (logs, WAVs)."""
    runs = max(1, runs)
    without_overrides()

    def measure(folder: Path) -> None:
        data = make_data_dir(folder)
        idle: dict[str, list[dict[str, float]]] = {}
        devices: dict[str, list[dict[str, float]]] = {}
        barges: dict[str, list[dict[str, float]]] = {}
        batch: list[dict[str, float]] = []
        rests: list[dict[str, float]] = []
        with pulseaudio_rig() as rig:
            for label, mode, gate in DAEMONS:
                env = environment(rig, folder, data, gate)
                if effective_gate(env) != gate:
                    raise RuntimeError(f"{label}: the daemon would not run with wake.gate={gate}")
                daemon = start_daemon(env, mode, folder, f"{mode}-gate-{'on' if gate else 'off'}")
                try:
                    for run in range(runs):
                        print(f"{label}, run {run + 1}: idle CPU ({idle_s:.0f} s)…", flush=True)
                        idle.setdefault(label, []).append(idle_figures(daemon, idle_s))
                        if mode != "both":
                            continue
                        print(f"  idle CPU in room noise ({ROOM_NOISE_DBFS:g} dBFS)…", flush=True)
                        noise = room_noise(folder, idle_s + SETTLE_S + 10)
                        idle.setdefault(f"{label}, room noise", []).append(
                            idle_figures(daemon, idle_s, noise)
                        )
                        turn = device_turn(daemon, folder, f"{gate}-{run}")
                        devices.setdefault(label, []).append(turn)
                        print(f"  device turn: {turn}", flush=True)
                        cut = barge_in(daemon, folder, f"{gate}-{run}")
                        barges.setdefault(label, []).append(cut)
                        print(f"  barge-in: {cut}", flush=True)
                        if gate and run == runs - 1:
                            print("  RSS at rest after turns…", flush=True)
                            rests.append(rest_figures(daemon, WAKE_ONLY, folder))
                            print(f"  at rest: {rests[-1]}", flush=True)
                finally:
                    stop_daemon(daemon)
            env = environment(rig, folder, data)
            settings, _ = load_settings(None, environ=env)
            for run in range(runs):  # no daemon running meanwhile
                batch.append(batch_turn(env, folder, run))
                print(f"batch turn {run + 1}: {batch[-1]}", flush=True)
        print()
        print("=" * 78)
        print(
            f"live daemon figures, medians over {runs} run(s); load average now "
            f"{', '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} CPU(s)"
        )
        print("=" * 78)
        report_idle(idle_s, idle)
        report_turns(devices, batch, settings.endpoint.silence_timeout_s)
        report_barge_in(barges)
        report_rest(rests)

    return in_work_folder("va-bench-daemon-", keep, measure)
