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
the actions are the real ones. Nothing here asserts: ``tests/test_soak.py`` sets bounds.
"""

from __future__ import annotations

import gc
import json
import re
import tempfile
import threading
import time
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import psutil

from bench.corpus import DEMO_ACTS, DEMO_MEMORIES, DEMO_QUESTIONS
from voice_assistant import modelstore
from voice_assistant.audio.wavfile import read_wav
from voice_assistant.batch import expand_inputs, make_row, reference_for
from voice_assistant.config import Settings
from voice_assistant.engines import Engines
from voice_assistant.errors import AssistantError
from voice_assistant.events import FloatAudio, Transcript
from voice_assistant.llm.base import Completion, LanguageModel, Message
from voice_assistant.llm.fake import FakeLLM
from voice_assistant.memory.importer import import_paths
from voice_assistant.memory.store import Embedder
from voice_assistant.research.loop import STRATEGY
from voice_assistant.stt.base import SpeechToText
from voice_assistant.stt.fake import FakeSTT
from voice_assistant.tts.base import TextToSpeech
from voice_assistant.tts.fake import FakeTTS
from voice_assistant.turn import understand
from voice_assistant.turn.runner import ACKNOWLEDGE, REVIEW
from voice_assistant.vad import WINDOW, VoiceActivity

SOAK_WAVS = [DEMO_QUESTIONS, DEMO_ACTS]
SAMPLES = 20
"""Samples over a run unless ``every`` is given."""
SHORT_RUN = 200
"""Fewer turns than this give an RSS slope that steps, not leaks, may dominate."""


# --- the fakes (models only) --------------------------------------------------------


class LoudnessVAD:
    """Speech wherever a 32 ms window is loud: enough for the endpointer."""

    def probabilities(self, samples: FloatAudio) -> npt.NDArray[np.float32]:
        pad = (-len(samples)) % WINDOW
        windows = np.pad(samples, (0, pad)).reshape(-1, WINDOW)
        rms = np.sqrt((windows**2).mean(axis=1))
        return (rms > 0.02).astype(np.float32)


class CuedSTT(FakeSTT):
    """Hears what it is cued with (the WAV's reference; none is an empty transcript) and,
    unlike the test fake, keeps no history, which would grow with every turn."""

    def __init__(self) -> None:
        super().__init__("")

    def transcribe(self, samples: FloatAudio) -> Transcript:
        heard = super().transcribe(samples)
        self.heard.clear()
        return heard


class QuietTTS(FakeTTS):
    """The test fake's tone per sentence, without the growing list of what was spoken."""

    def synthesize(self, text: str) -> Iterator[npt.NDArray[np.int16]]:
        for chunk in super().synthesize(text):
            self.spoken.clear()
            yield chunk


def _split_utterance(utterance: str) -> str:
    """What a good understanding call returns: timer clauses as acts, the rest questions."""
    acts: list[dict[str, str]] = []
    questions: list[str] = []
    for part in re.split(r"\s+and\s+|(?<=[.!?])\s+", utterance.strip()):
        timer = re.match(r"(?i)set (?:a |an )?(?:(\w+) )?timer(?: for (.+?))?[.!?]?$", part)
        if timer:
            act = {"act": "set_timer", "duration": timer.group(2) or ""}
            acts.append({**act, "label": timer.group(1)} if timer.group(1) else act)
        elif part.strip(" .?!"):
            questions.append(part)
    return json.dumps({"acts": acts, "questions": questions})


class TaskLLM(FakeLLM):
    """Answers each task (told apart by its system prompt) the way a well-behaved model
    would: the research loop reads the first memory it found, then answers. Stateless."""

    def complete(
        self,
        messages: list[Message],
        *,
        max_tokens: int,
        deadline_s: float,
        json_schema: dict[str, Any] | None = None,
        grammar: str | None = None,
    ) -> Completion:
        system, user = messages[0].content, messages[-1].content
        if system == understand.SYSTEM:
            text = _split_utterance(user)
        elif system == STRATEGY:
            found = re.search(r"memory_id=(\d+)", user)
            if found and "read_memory(" not in user:
                text = json.dumps({"tool": "read_memory", "argument": found.group(1)})
            else:
                text = json.dumps({"tool": "answer", "argument": ""})
        elif system == REVIEW:
            checks = (json_schema or {}).get("properties", {})
            text = json.dumps({check: False for check in checks})
        elif system == ACKNOWLEDGE:
            text = "Done."
        elif grammar is not None and grammar.startswith('root ::= "none"'):
            text = _citing_answer(user)
        else:
            text = "It is on Thursday. Anything else?"
        words = text.split()[:max_tokens]
        return Completion(" ".join(words), self.count_tokens(messages), len(words), "stop", 0.0)


def _citing_answer(request: str) -> str:
    """A spoken answer saying the first note's first sentence, as a careful model would."""
    note = re.search(r"^\[1\] [^:]*: (.+)$", request, re.M)
    if note is None:
        return "none"
    return re.split(r"(?<=[.!?])\s", note.group(1))[0] + " (note 1)"


class HashEmbedder:
    """Bag of hashed words, unit length: keeps the semantic search path running."""

    dims = 64

    def embed(self, texts: list[str]) -> npt.NDArray[np.float32]:
        out = np.zeros((len(texts), self.dims), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in re.findall(r"\w+", text.lower()):
                out[row, zlib.crc32(word.encode()) % self.dims] += 1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return (out / np.where(norms == 0, 1.0, norms)).astype(np.float32)


class FakeEngines(Engines):
    """The real store, turn runner, research core and actions over fake models."""

    def vad(self) -> VoiceActivity:
        return self._once("vad", LoudnessVAD)

    def stt(self) -> SpeechToText:
        return self._once("stt", CuedSTT)

    def llm(self, context: str = "llm", task: str = "") -> LanguageModel:
        return self._once(context, TaskLLM)

    def tts(self) -> TextToSpeech:
        return self._once("tts", QuietTTS)

    def embedder(self) -> Embedder:
        return self._once("embed", HashEmbedder)

    def cue(self, wav: Path) -> None:
        stt = self.stt()
        assert isinstance(stt, CuedSTT)
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


def store_counts(engines: Engines) -> dict[str, int]:
    db = engines.database()
    counts = {}
    for table, where in (
        ("turns", ""),
        ("conversations", ""),
        ("receipts", ""),
        ("timers", " WHERE state='running'"),
        ("memories", ""),
    ):
        counts[table] = int(db.execute(f"SELECT count(*) FROM {table}{where}").fetchone()[0])
    return counts


def soak(
    engines: Engines,
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
    pipeline = engines.pipeline()
    database = engines.settings.paths.database
    report = SoakReport(turns=turns, samples=[])
    fresh = False
    started = time.monotonic()

    def sample(turn: int) -> None:
        report.samples.append(take_sample(turn, started, database))
        if on_sample:
            on_sample(report.samples[-1])

    sample(0)
    for index in range(turns):
        wav = wavs[index % len(wavs)]
        if cue:
            cue(wav)
        samples, audio_s = read_wav(wav)
        # each pass over the WAVs is one conversation (the batch harness makes each file
        # one); the flag waits for the first turn of the pass that reaches the answer stage
        fresh = fresh or index % len(wavs) == 0
        result = pipeline.run(samples, new_conversation=fresh)
        if result.transcript is not None and result.transcript.text:
            fresh = False
        row = make_row(wav, result, audio_s, out_dir)  # writes the reply WAV
        report.stops[row["stop_reason"]] += 1
        if row["error"]:
            report.errors[row["error"]["code"]] += 1
        if (index + 1) % every == 0 or index + 1 == turns:
            sample(index + 1)
    report.store = store_counts(engines)
    return report


def soak_engines(settings: Settings, data_dir: Path, fake: bool) -> FakeEngines | Engines:
    """Engines over a store of their own in ``data_dir``, holding the demo memories."""
    local = settings.model_copy(deep=True)
    local.paths.models_dir = modelstore.models_dir(settings)  # the models stay where they are
    local.paths.data_dir = data_dir
    engines = FakeEngines(local) if fake else Engines(local)
    import_paths(engines.memories(), [DEMO_MEMORIES])
    return engines


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
        engines = soak_engines(settings, root / "data", fake)
        if not fake:
            engines.check_models(["stt", "llm", "tts"])
            engines.preload(["stt", "llm", "tts"])
        print(f"# data dir {root / 'data'} (removed afterwards)")
        print(HEADER, flush=True)
        previous: list[Sample] = []

        def show(sample: Sample) -> None:
            print(sample_line(sample, previous[-1] if previous else None), flush=True)
            previous.append(sample)

        cue = engines.cue if isinstance(engines, FakeEngines) else None
        report = soak(engines, files, turns, root / "out", cue=cue, on_sample=show)
        engines.database().close()
    for line in summary(report):
        print(line)
    return 0
