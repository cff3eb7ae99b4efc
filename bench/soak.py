"""``voice-assistant bench --suite soak``: many turns in one process, and what they leave.

N turns go through the batch path (``Pipeline.run`` on the demo question and act WAVs,
cycling; each pass over them one conversation; each reply written as a WAV) against a
store in a temporary data folder that holds the demo memories, so timers, receipts,
conversations and turns accumulate for real. Every K turns it samples RSS, open file
descriptors, threads (Python's and the OS's) and the SQLite file size, and at the end
prints the table, the RSS slope over the second half of the run (least squares, so the
warm-up does not count) and how far descriptors and threads moved over that half.

With ``--fake`` only the models are fakes (VAD, STT, LLM, TTS and the embedder, all
deterministic and keeping no history); the store, the turn runner, the research core and
the actions are the real ones. Nothing here asserts: ``tests/unit/bench/test_soak.py`` sets bounds.
"""

from __future__ import annotations

import gc
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import psutil

from bench.corpus import DEMO_ACTS, DEMO_MEMORIES, DEMO_QUESTIONS
from voice_assistant import modelstore
from voice_assistant.assembly import Assembly, assemble
from voice_assistant.audio.wavfile import read_wav
from voice_assistant.cli.batch import expand_inputs, make_row, reference_for
from voice_assistant.config import Settings
from voice_assistant.engines import Engines
from voice_assistant.errors import AssistantError
from voice_assistant.memory.embed import HashEmbedder
from voice_assistant.memory.importer import import_paths
from voice_assistant.stt.fake import FakeSTT
from voice_assistant.turn.session import Session
from voice_assistant.vad import LoudnessVAD

SOAK_WAVS = [DEMO_QUESTIONS, DEMO_ACTS]
SAMPLES = 20
"""Samples over a run unless ``every`` is given."""
SHORT_RUN = 200
"""Fewer turns than this give an RSS slope that steps, not leaks, may dominate."""


def fake_assembly(settings: Settings) -> Assembly:
    """The real store, turn runner, research core and actions over fake models: the fake
    backends (``stt``/``llm``/``tts`` ``fake``), a loudness VAD and a hashing embedder."""
    local = settings.model_copy(deep=True)
    local.stt.backend = local.llm.backend = local.tts.backend = "fake"
    engines = Engines(local, vad=LoudnessVAD(level=0.02), embedder=HashEmbedder())
    return assemble(local, engines)


def cue(assistant: Assembly, wav: Path) -> None:
    """The fake STT hears the WAV's reference transcript (none: an empty transcript)."""
    stt = assistant.engines.stt()
    if isinstance(stt, FakeSTT):
        stt.text = reference_for(wav) or ""


# --- the soak ---------------------------------------------------------------------


@dataclass(frozen=True)
class Sample:
    turn: int
    elapsed_s: float
    rss_mb: float
    fds: int
    threads: int
    """``threading.active_count()``: Python threads."""
    os_threads: int
    """``psutil`` ``num_threads``: every thread of the process (native pools too)."""
    db_mb: float
    wal_mb: float


@dataclass
class SoakReport:
    turns: int
    samples: list[Sample]
    stops: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    store: dict[str, int] = field(default_factory=dict)

    @property
    def second_half(self) -> list[Sample]:
        """Samples from the middle of the run on: the warm-up is behind them."""
        return [s for s in self.samples if s.turn >= self.turns // 2]

    @property
    def rss_slope_mb_per_1000(self) -> float:
        half = self.second_half
        if len(half) < 2:
            return float("nan")
        turns = np.array([s.turn for s in half], dtype=np.float64)
        rss = np.array([s.rss_mb for s in half], dtype=np.float64)
        return float(np.polyfit(turns, rss, 1)[0] * 1000)

    def growth(self, name: str) -> float:
        """End value minus the value after the warm-up (the second half's first sample)."""
        half = self.second_half
        return float(getattr(half[-1], name) - getattr(half[0], name)) if half else 0.0


def take_sample(turn: int, started: float, database: Path) -> Sample:
    gc.collect()  # garbage not yet collected is not a leak; what survives this is held
    process = psutil.Process()

    def size_mb(path: Path) -> float:
        return path.stat().st_size / 1e6 if path.exists() else 0.0

    return Sample(
        turn=turn,
        elapsed_s=time.monotonic() - started,
        rss_mb=process.memory_info().rss / 1e6,
        fds=process.num_fds(),
        threads=threading.active_count(),
        os_threads=process.num_threads(),
        db_mb=size_mb(database),
        wal_mb=size_mb(database.with_name(database.name + "-wal")),
    )


def store_counts(assistant: Assembly) -> dict[str, int]:
    db = assistant.database
    counts = {}
    for table, where in (
        ("turns", ""),
        ("conversations", ""),
        ("receipts", ""),
        ("timers", " WHERE state='running'"),
        ("alarms", " WHERE state='pending'"),
        ("memories", ""),
    ):
        counts[table] = int(db.execute(f"SELECT count(*) FROM {table}{where}").fetchone()[0])
    return counts


def soak(
    assistant: Assembly,
    wavs: list[Path],
    turns: int,
    out_dir: Path,
    every: int | None = None,
    cue: Callable[[Path], None] | None = None,
    on_sample: Callable[[Sample], None] | None = None,
) -> SoakReport:
    """``turns`` turns through the batch path, cycling over ``wavs``; a sample before the
    first turn, every ``every`` turns and after the last."""
    if not wavs:
        raise AssistantError("no-input", "the soak has no WAV files to play")
    if turns < 1:
        raise AssistantError("usage", f"a soak needs at least one turn, not {turns}")
    every = every or max(1, turns // SAMPLES)
    out_dir.mkdir(parents=True, exist_ok=True)
    pipeline = assistant.pipeline
    database = assistant.settings.paths.database
    report = SoakReport(turns=turns, samples=[])
    started = time.monotonic()

    def sample(turn: int) -> None:
        report.samples.append(take_sample(turn, started, database))
        if on_sample:
            on_sample(report.samples[-1])

    sample(0)
    session = Session.independent("soak")
    for index in range(turns):
        wav = wavs[index % len(wavs)]
        if cue:
            cue(wav)
        samples, audio_s = read_wav(wav)
        if index and index % len(wavs) == 0:  # each pass over the WAVs is one conversation
            session = Session.independent("soak")
        result = pipeline.run(samples, session)
        row = make_row(wav, result, audio_s, out_dir)  # writes the reply WAV
        report.stops[row["stop_reason"]] += 1
        if row["error"]:
            report.errors[row["error"]["code"]] += 1
        if (index + 1) % every == 0 or index + 1 == turns:
            sample(index + 1)
    report.store = store_counts(assistant)
    return report


def soak_assistant(settings: Settings, data_dir: Path, fake: bool) -> Assembly:
    """The assistant over a store of its own in ``data_dir``, holding the demo memories."""
    local = settings.model_copy(deep=True)
    local.paths.models_dir = modelstore.models_dir(settings)  # the models stay where they are
    local.paths.data_dir = data_dir
    assistant = fake_assembly(local) if fake else assemble(local)
    import_paths(assistant.memories, [DEMO_MEMORIES])
    return assistant


HEADER = (
    f"{'turn':>6} {'elapsed s':>9} {'ms/turn':>8} {'RSS MB':>8} {'fds':>4} "
    f"{'py thr':>6} {'os thr':>6} {'db MB':>7} {'wal MB':>7}"
)


def sample_line(sample: Sample, previous: Sample | None) -> str:
    pace = "-"
    if previous is not None and sample.turn > previous.turn:
        seconds = (sample.elapsed_s - previous.elapsed_s) / (sample.turn - previous.turn)
        pace = f"{seconds * 1000:.1f}"
    return (
        f"{sample.turn:>6} {sample.elapsed_s:>9.1f} {pace:>8} {sample.rss_mb:>8.1f} "
        f"{sample.fds:>4} {sample.threads:>6} {sample.os_threads:>6} {sample.db_mb:>7.2f} "
        f"{sample.wal_mb:>7.2f}"
    )


def summary(report: SoakReport) -> list[str]:
    half = report.second_half
    first, last = report.samples[0], report.samples[-1]
    stops = ", ".join(f"{k} {v}" for k, v in report.stops.most_common())
    errors = ", ".join(f"{k} {v}" for k, v in report.errors.most_common()) or "none"
    store = ", ".join(f"{k} {v}" for k, v in report.store.items())
    return [
        f"turns: {report.turns} in {last.elapsed_s:.1f} s "
        f"({last.elapsed_s / max(report.turns, 1) * 1000:.1f} ms a turn)",
        f"stop reasons: {stops}; errors: {errors}",
        f"store after the run (running timers): {store}",
        f"RSS: {first.rss_mb:.1f} MB at the start, {half[0].rss_mb:.1f} MB after warm-up "
        f"(turn {half[0].turn}), {last.rss_mb:.1f} MB at the end",
        f"RSS slope over turns {half[0].turn}-{last.turn} (least squares): "
        f"{report.rss_slope_mb_per_1000:+.2f} MB per 1000 turns",
        f"growth over the second half: fds {report.growth('fds'):+.0f}, "
        f"python threads {report.growth('threads'):+.0f}, "
        f"os threads {report.growth('os_threads'):+.0f}, "
        f"db+wal {report.growth('db_mb') + report.growth('wal_mb'):+.2f} MB",
        *(
            [
                f"(only {report.turns} turns: one-off steps, as native buffers grow to the "
                "largest prompt yet, dominate the slope; a few hundred turns tell a leak)"
            ]
            if report.turns < SHORT_RUN
            else []
        ),
    ]


def run_soak_bench(
    settings: Settings, turns: int, fake: bool, wavs: list[Path] | None = None
) -> int:
    files = expand_inputs(wavs or SOAK_WAVS)
    kind = (
        "fake models (real store, turns, research, actions)"
        if fake
        else f"llm={settings.models.llm} stt={settings.models.stt} tts={settings.models.tts}"
    )
    print(f"# voice-assistant bench --suite soak: {turns} turns over {len(files)} WAV(s)")
    print(f"# {kind}")
    with tempfile.TemporaryDirectory(prefix="va-soak-") as tmp:
        root = Path(tmp)
        assistant = soak_assistant(settings, root / "data", fake)
        if not fake:
            assistant.engines.check_models(["stt", "llm", "tts"])
            assistant.preload(["stt", "llm", "tts"])
        print(f"# data dir {root / 'data'} (removed afterwards)")
        print(HEADER, flush=True)
        previous: list[Sample] = []

        def show(sample: Sample) -> None:
            print(sample_line(sample, previous[-1] if previous else None), flush=True)
            previous.append(sample)

        cued = (lambda wav: cue(assistant, wav)) if fake else None
        report = soak(assistant, files, turns, root / "out", cue=cued, on_sample=show)
        assistant.database.close()
    for line in summary(report):
        print(line)
    return 0
