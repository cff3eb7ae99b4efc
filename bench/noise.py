"""``voice-assistant bench --suite noise``: the assistant never answers what was not said to it.

A stream of ``--minutes`` (an hour by default) of non-speech, plus a quarter as much real
speech not addressed to the assistant, is fed 80 ms block by 80 ms block, faster than real
time, into two paths:

- **the daemon** as it runs in wake mode: every block goes through ``MicReader.hear`` (the
  real openWakeWord model, ``WakeTrigger``, and after a wake the streaming silero
  ``LiveEndpointer``); every job the daemon queues is run by ``Daemon.run_job``, so a turn is the
  whole pipeline (whisper, the turn runner and research on the real LLM, piper into a
  silent speaker). A reply that asks opens the follow-up window, as it would live.
- **the open microphone**, as if push-to-talk were held or a follow-up window open the
  whole time: every non-speech block goes to the ``LiveEndpointer``, and every utterance it
  endpoints runs a whole turn. This is the gate behind the wake word: voice activity
  first, then the transcript.

The stream, in seeded shuffled order with silence (a -65 dBFS floor) between pieces:

- ``music``: the three instrumental tracks of Debian's ``asc-music`` (17.6 min, GPL-2+;
  looped past that), cut into consecutive 15-45 s slices, at -20..-3 dB;
- ``debian-sounds``: the event sounds of ``sound-theme-freedesktop`` and ``alsa-utils``'
  Noise.wav (the spoken channel names are speech, below), at -20..0 dB;
- ``generated``: seeded white, pink and brown noise, mains hum, a fan, synthesised chords,
  appliance beeps, sweeps and typing clicks, 5-30 s each at -45..-12 dBFS RMS;
- ``speech``: real speech not addressed to the assistant (tests/data/librivox and
  tests/data/speech, and the spoken channel names of both Debian packages), looped.

Nothing here asserts; it prints what each path did per category. The test
(tests/live/test_never_answer_noise.py) runs a few minutes of the same stream and asserts that
no reply came, and that a planted "Hey Jarvis, ..." in it gets exactly one.
"""

from __future__ import annotations

import bisect
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from bench.corpus import ALSA, DEBIAN_PACKAGES, FREEDESKTOP, MUSIC, SPEECH_FOLDERS
from bench.wake import fit_peak, frames_of, machine_line, pink_noise
from voice_assistant.assembly import Assembly
from voice_assistant.audio.wavfile import read_wav
from voice_assistant.config import Settings
from voice_assistant.events import SAMPLE_RATE, FloatAudio, Utterance
from voice_assistant.pipeline.speak import Chunk
from voice_assistant.vad import StreamingVoiceActivity
from voice_assistant.wake.base import WakeWordModel

SEED = 20261130

CATEGORIES = ("music", "debian-sounds", "generated", "speech")
NON_SPEECH = CATEGORIES[:3]
SHARES = {"music": 0.35, "debian-sounds": 0.15, "generated": 0.5, "speech": 0.25}
"""Of ``--minutes``, the non-speech (its shares add up to 1); speech not addressed to the
assistant comes on top. The silence after each piece counts to the piece's category."""
GAP_S = (0.3, 3.0)
FLOOR_DBFS = -65.0
GAINS_DB = {"music": (-20.0, -3.0), "debian-sounds": (-20.0, 0.0), "speech": (-12.0, 6.0)}
MUSIC_PIECE_S = (15.0, 45.0)
GENERATED_PIECE_S = (5.0, 30.0)
GENERATED_RMS_DBFS = (-45.0, -12.0)


# --- generated non-speech (pure, seeded) ----------------------------------------------


def _times(samples: int) -> npt.NDArray[np.float64]:
    return np.arange(samples, dtype=np.float64) / SAMPLE_RATE


def _unit_rms(x: npt.NDArray[np.float64] | FloatAudio) -> FloatAudio:
    x = np.asarray(x, dtype=np.float64)
    x = x - x.mean()
    return (x / max(float(np.sqrt(np.mean(x**2))), 1e-12)).astype(np.float32)


def brown_noise(samples: int, rng: np.random.Generator) -> FloatAudio:
    """Gaussian noise shaped to 1/f² power (-6 dB per octave), above 20 Hz, unit RMS."""
    spectrum = np.fft.rfft(rng.standard_normal(samples))
    freqs = np.fft.rfftfreq(samples, 1 / SAMPLE_RATE)
    spectrum /= np.maximum(freqs, 20.0)
    return _unit_rms(np.fft.irfft(spectrum, n=samples))


def hum(samples: int, rng: np.random.Generator) -> FloatAudio:
    """Mains hum: 50 or 60 Hz and its harmonics, as a cheap amplifier leaks it."""
    t = _times(samples)
    base = float(rng.choice([50.0, 60.0]))
    tone = sum(
        np.sin(2 * np.pi * base * k * t + rng.uniform(0, 2 * np.pi)) / k**1.5 for k in range(1, 9)
    )
    return _unit_rms(tone + 0.02 * rng.standard_normal(samples))


def fan(samples: int, rng: np.random.Generator) -> FloatAudio:
    """A fan: noise below about 1.5 kHz, a blade tone, a slow wobble in level."""
    spectrum = np.fft.rfft(rng.standard_normal(samples))
    freqs = np.fft.rfftfreq(samples, 1 / SAMPLE_RATE)
    spectrum /= np.sqrt(np.maximum(freqs, 20.0)) * (1 + (freqs / 1500.0) ** 4)
    t = _times(samples)
    blade = 0.3 * np.sin(2 * np.pi * rng.uniform(80, 240) * t)
    body = _unit_rms(np.fft.irfft(spectrum, n=samples)) + blade
    return _unit_rms(body * (1 + 0.15 * np.sin(2 * np.pi * rng.uniform(0.1, 0.5) * t)))


def chords(samples: int, rng: np.random.Generator) -> FloatAudio:
    """Synthesised music: triads of plucked notes (harmonics, exponential decay)."""
    out = np.zeros(samples, dtype=np.float64)
    start = 0
    while start < samples:
        length = int(rng.uniform(0.3, 1.5) * SAMPLE_RATE)
        t = _times(min(length, samples - start))
        root = 48 + int(rng.integers(0, 24))  # MIDI note numbers C3..B4
        for offset in (0, 4 if rng.random() < 0.5 else 3, 7):
            freq = 440.0 * 2 ** ((root + offset - 69) / 12)
            note = sum(np.sin(2 * np.pi * freq * k * t) / k**2 for k in range(1, 6))
            out[start : start + len(t)] += note * np.exp(-t * rng.uniform(1.5, 5.0))
        start += length
    return _unit_rms(out)


def beeps(samples: int, rng: np.random.Generator) -> FloatAudio:
    """Appliances: a microwave, a phone, a reversing truck: tone bursts in a pattern."""
    t = _times(samples)
    freq = rng.uniform(700, 3200)
    on_s, period_s = rng.uniform(0.08, 0.5), rng.uniform(0.3, 1.5)
    gate = (t % max(period_s, on_s * 1.5)) < on_s
    return _unit_rms(np.sin(2 * np.pi * freq * t) * gate + 1e-3 * rng.standard_normal(samples))


def sweep(samples: int, rng: np.random.Generator) -> FloatAudio:
    """A logarithmic sine sweep, 80 Hz to 7 kHz and back (a test tone, a siren)."""
    t = _times(samples)
    period = rng.uniform(1.0, 6.0)
    phase = np.abs((t / period) % 2 - 1)  # 1 → 0 → 1 triangle
    freq = 80 * (7000 / 80) ** phase
    return _unit_rms(np.sin(2 * np.pi * np.cumsum(freq) / SAMPLE_RATE))


def clicks(samples: int, rng: np.random.Generator) -> FloatAudio:
    """Typing: short decaying noise bursts at a few to a dozen keys a second."""
    out = np.zeros(samples, dtype=np.float64)
    burst = int(0.006 * SAMPLE_RATE)
    envelope = np.exp(-np.arange(burst) / (burst / 4))
    at = 0.0
    while True:
        at += rng.exponential(1 / rng.uniform(3, 12))
        start = int(at * SAMPLE_RATE)
        if start + burst >= samples:
            break
        out[start : start + burst] += rng.uniform(0.2, 1.0) * envelope * rng.standard_normal(burst)
    return _unit_rms(out + 1e-3 * rng.standard_normal(samples))


def white(samples: int, rng: np.random.Generator) -> FloatAudio:
    return _unit_rms(rng.standard_normal(samples))


GENERATORS: dict[str, Callable[[int, np.random.Generator], FloatAudio]] = {
    "white noise": white,
    "pink noise": pink_noise,
    "brown noise": brown_noise,
    "mains hum": hum,
    "fan": fan,
    "chords": chords,
    "beeps": beeps,
    "sweep": sweep,
    "typing": clicks,
}


def at_dbfs(samples: FloatAudio, rms_dbfs: float) -> FloatAudio:
    """Unit-RMS audio at ``rms_dbfs``, never past full scale."""
    return fit_peak((samples * np.float32(10 ** (rms_dbfs / 20))).astype(np.float32))


def floor(samples: int, rng: np.random.Generator) -> FloatAudio:
    """The room between pieces: white noise at ``FLOOR_DBFS``."""
    return at_dbfs(white(samples, rng), FLOOR_DBFS)


# --- the stream -----------------------------------------------------------------------


@dataclass(frozen=True)
class Clip:
    label: str
    audio: FloatAudio


@dataclass
class Sources:
    """What the stream is made of: decoded files by category (generated pieces are made
    on the fly)."""

    music: list[Clip]
    debian_sounds: list[Clip]
    speech: list[Clip]


@dataclass(frozen=True)
class Piece:
    category: str
    label: str
    audio: FloatAudio


@dataclass
class Stream:
    pieces: list[Piece]
    starts_s: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        at, self.starts_s = 0.0, []
        for piece in self.pieces:
            self.starts_s.append(at)
            at += len(piece.audio) / SAMPLE_RATE

    @property
    def seconds(self) -> float:
        return sum(len(p.audio) for p in self.pieces) / SAMPLE_RATE

    def seconds_of(self, category: str) -> float:
        return sum(len(p.audio) for p in self.pieces if p.category == category) / SAMPLE_RATE

    def at(self, seconds: float) -> Piece:
        """The piece playing ``seconds`` into the stream."""
        index = max(0, bisect.bisect_right(self.starts_s, seconds) - 1)
        return self.pieces[index]


def decode(path: Path) -> FloatAudio:
    """Any sound file as 16 kHz mono float (WAV by our reader; mp3/ogg by PyAV)."""
    if path.suffix.lower() == ".wav":
        return read_wav(path)[0]
    from faster_whisper import decode_audio

    return np.asarray(decode_audio(str(path), sampling_rate=SAMPLE_RATE), dtype=np.float32)


def spoken(path: Path) -> bool:
    """The Debian sounds that are a voice saying a channel's name."""
    return path.name.startswith("audio-channel-") or path.stem.split("_")[0] in {
        "Front",
        "Rear",
        "Side",
    }


def load_sources() -> Sources:
    """The Debian packages' sounds and our real speech; a missing package is named."""
    for folder, package in DEBIAN_PACKAGES.items():
        if not folder.is_dir():
            raise FileNotFoundError(
                f"{folder} is missing: install the Debian package {package} "
                "(scripts/setup.sh --tests does, and `make test` runs it)"
            )
    debian = sorted([*FREEDESKTOP.glob("*.oga"), *ALSA.glob("*.wav")])
    speech_files = sorted(p for f in SPEECH_FOLDERS for p in f.glob("*.wav"))
    return Sources(
        music=[Clip(p.stem, decode(p)) for p in sorted(MUSIC.glob("*.mp3"))],
        debian_sounds=[Clip(p.name, decode(p)) for p in debian if not spoken(p)],
        speech=[Clip(p.name, decode(p)) for p in [*speech_files, *filter(spoken, debian)]],
    )


def _gap(rng: np.random.Generator, category: str) -> Piece:
    return Piece(category, "silence", floor(int(rng.uniform(*GAP_S) * SAMPLE_RATE), rng))


def _music(sources: Sources, seconds: float, rng: np.random.Generator) -> list[Piece]:
    """Consecutive slices of the tracks, in order, looping if the stream is long."""
    pieces: list[Piece] = []
    track, offset, planned = 0, 0, 0.0
    while planned < seconds:
        clip = sources.music[track]
        length = int(rng.uniform(*MUSIC_PIECE_S) * SAMPLE_RATE)
        audio = clip.audio[offset : offset + length]
        label = f"{clip.label} @{offset / SAMPLE_RATE:.0f}s"
        offset += length
        if offset >= len(clip.audio):
            track, offset = (track + 1) % len(sources.music), 0
        gain = 10 ** (rng.uniform(*GAINS_DB["music"]) / 20)
        pieces += [Piece("music", label, fit_peak(audio * np.float32(gain))), _gap(rng, "music")]
        planned += (len(audio) + len(pieces[-1].audio)) / SAMPLE_RATE
    return pieces


def _looped(
    category: str, clips: Sequence[Clip], seconds: float, rng: np.random.Generator
) -> list[Piece]:
    """Passes over ``clips`` in shuffled order, each at a random gain, then a gap."""
    pieces: list[Piece] = []
    planned = 0.0
    while planned < seconds:
        for index in rng.permutation(len(clips)):
            clip = clips[int(index)]
            gain = 10 ** (rng.uniform(*GAINS_DB[category]) / 20)
            pieces += [
                Piece(category, clip.label, fit_peak(clip.audio * np.float32(gain))),
                _gap(rng, category),
            ]
            planned += (len(pieces[-2].audio) + len(pieces[-1].audio)) / SAMPLE_RATE
            if planned >= seconds:
                break
    return pieces


def _generated(seconds: float, rng: np.random.Generator) -> list[Piece]:
    pieces: list[Piece] = []
    planned, names = 0.0, list(GENERATORS)
    while planned < seconds:
        for index in rng.permutation(len(names)):
            name = names[int(index)]
            samples = int(rng.uniform(*GENERATED_PIECE_S) * SAMPLE_RATE)
            level = rng.uniform(*GENERATED_RMS_DBFS)
            audio = at_dbfs(GENERATORS[name](samples, rng), level)
            pieces += [
                Piece("generated", f"{name} {level:.0f} dBFS", audio),
                _gap(rng, "generated"),
            ]
            planned += (samples + len(pieces[-1].audio)) / SAMPLE_RATE
            if planned >= seconds:
                break
    return pieces


def build_stream(
    sources: Sources,
    minutes: float,
    seed: int = SEED,
    shares: dict[str, float] | None = None,
) -> Stream:
    """``minutes`` of non-speech and its share of speech, in seeded shuffled order."""
    shares = shares or SHARES
    rng = np.random.default_rng(seed)
    total = minutes * 60
    pieces: list[Piece] = []
    if shares.get("music"):
        pieces += _music(sources, total * shares["music"], rng)
    if shares.get("debian-sounds"):
        pieces += _looped(
            "debian-sounds", sources.debian_sounds, total * shares["debian-sounds"], rng
        )
    if shares.get("generated"):
        pieces += _generated(total * shares["generated"], rng)
    if shares.get("speech"):
        pieces += _looped("speech", sources.speech, total * shares["speech"], rng)
    # shuffle whole (piece, gap) pairs so every piece keeps its silence after it
    pairs = [pieces[i : i + 2] for i in range(0, len(pieces), 2)]
    order = rng.permutation(len(pairs))
    return Stream([p for i in order for p in pairs[int(i)]])


def blocks(stream: Stream) -> Iterator[npt.NDArray[np.int16]]:
    """The stream as the microphone delivers it: 80 ms int16 blocks."""
    return frames_of(p.audio for p in stream.pieces)


# --- the two paths --------------------------------------------------------------------


class SilentSpeaker:
    """The daemon's speaker, replaced: keeps how many seconds would have played."""

    def __init__(self) -> None:
        self.played_s = 0.0

    def play(self, samples: Chunk, rate: int) -> None:
        self.played_s += len(samples) / rate

    def stop(self) -> None:
        pass


@dataclass
class Event:
    """Something a path did, at a time in the stream, over which piece."""

    at_s: float
    category: str
    label: str
    what: str
    """"wake", "turn" (an utterance went to the pipeline) or "reply"."""
    detail: str = ""


@dataclass
class PathReport:
    name: str
    fed_s: dict[str, float]
    events: list[Event]
    peaks: dict[str, float]
    """The highest wake score (daemon) or speech probability (open mic) per category."""
    peak_name: str
    seconds: float

    def count(self, what: str, category: str | None = None) -> int:
        return sum(1 for e in self.events if e.what == what and category in (None, e.category))


class ScoreLog:
    """Stands in front of the wake model (or the VAD) and keeps each category's peak."""

    def __init__(self, stream: Stream) -> None:
        self.stream = stream
        self.peaks: dict[str, float] = {}
        self.now_s = 0.0

    def note(self, values: Iterable[float]) -> None:
        category = self.stream.at(self.now_s).category
        for value in values:
            self.peaks[category] = max(self.peaks.get(category, 0.0), value)


class LoggedWake:
    def __init__(self, model: WakeWordModel, log: ScoreLog) -> None:
        self.model, self.log, self.names = model, log, model.names

    def score(self, frame: npt.NDArray[np.int16]) -> float:
        value = self.model.score(frame)
        self.log.note([value])
        return value

    def reset(self) -> None:
        self.model.reset()


class LoggedVAD:
    def __init__(self, vad: StreamingVoiceActivity, log: ScoreLog) -> None:
        self.vad, self.log = vad, log

    def feed(self, samples: FloatAudio) -> list[float]:
        values = self.vad.feed(samples)
        self.log.note(values)
        return values

    def reset(self) -> None:
        self.vad.reset()


def _fed(stream: Stream) -> dict[str, float]:
    """Seconds per category present, ours first in their order, then any planted."""
    present = {p.category for p in stream.pieces}
    order = [*[c for c in CATEGORIES if c in present], *sorted(present - set(CATEGORIES))]
    return {c: stream.seconds_of(c) for c in order}


def daemon_path(assistant: Assembly, stream: Stream) -> PathReport:
    """The daemon in wake mode, fed block by block; its jobs run as they are queued."""
    from voice_assistant.daemon import Daemon
    from voice_assistant.pipeline.stages import TurnResult
    from voice_assistant.rooms.log import REFUSED

    daemon = Daemon(assistant, listen_mode="wake", sink=SilentSpeaker())
    daemon.preload()
    mic = daemon.mic
    assert mic.listening.wake is not None
    log = ScoreLog(stream)
    mic.listening.wake = LoggedWake(mic.listening.wake, log)
    events: list[Event] = []
    started = time.monotonic()
    for block in blocks(stream):
        log.now_s = mic.clock
        mic.clock += len(block) / SAMPLE_RATE
        wakes = daemon.counts.wakes
        mic.take_notices()  # what the worker told, as between two blocks
        mic.hear(block)
        piece = stream.at(log.now_s)
        if daemon.counts.wakes > wakes:
            events.append(Event(log.now_s, piece.category, piece.label, "wake"))
        if daemon.runner.early is not None:
            continue  # a turn started at a pause waits for the microphone's verdict
        for done in daemon.worker.run_pending():  # the jobs queued, as the worker would
            result = done.result()
            if not isinstance(result, TurnResult) or result.stop_reason == "dropped":
                continue
            refused = result.error is not None and result.error.stage == REFUSED
            last = {} if refused else daemon.commands.status()["last_turn"]
            detail = f"heard {last.get('transcript')!r} → {last.get('stop_reason', 'failed')}"
            events.append(Event(log.now_s, piece.category, piece.label, "turn", detail))
            if last.get("reply"):
                events.append(Event(log.now_s, piece.category, piece.label, "reply", last["reply"]))
    return PathReport(
        "daemon (wake mode)",
        _fed(stream),
        events,
        log.peaks,
        "wake score",
        time.monotonic() - started,
    )


def open_mic_path(assistant: Assembly, stream: Stream) -> PathReport:
    """Every block but the speech to an always-open listener; each utterance runs a turn."""
    from voice_assistant.listening.endpointing import LiveEndpointer
    from voice_assistant.vad import StreamingSilero

    pipeline = assistant.pipeline
    quiet = Stream([p for p in stream.pieces if p.category != "speech"])
    log = ScoreLog(quiet)
    listener = LiveEndpointer(LoggedVAD(StreamingSilero(), log), assistant.settings.endpoint)
    events: list[Event] = []
    started = time.monotonic()
    for block in blocks(quiet):
        log.now_s = listener.heard_s
        utterance = listener.feed(block)
        if not isinstance(utterance, Utterance):  # no end-of-turn model here: finals only
            continue
        piece = quiet.at(utterance.start_s)
        result = pipeline.run(utterance.samples)
        heard = result.transcript.text if result.transcript else None
        detail = f"{utterance.speech_s:.1f} s of speech, heard {heard!r} → {result.stop_reason}"
        events.append(Event(utterance.start_s, piece.category, piece.label, "turn", detail))
        if result.reply is not None and result.reply.text:
            reply = result.reply.text
            events.append(Event(utterance.start_s, piece.category, piece.label, "reply", reply))
    return PathReport(
        "open microphone (all but the speech)",
        _fed(quiet),
        events,
        log.peaks,
        "speech prob.",
        time.monotonic() - started,
    )


def noise_assistant(settings: Settings, data_dir: Path) -> Assembly:
    """Real engines over a store of their own (the demo memories), so no turn of the
    benchmark lands in the user's history."""
    from bench.soak import soak_assistant

    return soak_assistant(settings, data_dir, fake=False)


def report_lines(report: PathReport) -> list[str]:
    lines = [f"{report.name}: {report.seconds:.0f} s to run"]
    head = f"{'category':<14} {'minutes':>8} {'wakes':>6} {'turns':>6} {'replies':>8}"
    lines.append(f"  {head}  peak {report.peak_name}")
    for category, seconds in report.fed_s.items():
        lines.append(
            f"  {category:<14} {seconds / 60:8.2f} {report.count('wake', category):6d} "
            f"{report.count('turn', category):6d} {report.count('reply', category):8d}  "
            f"{report.peaks.get(category, 0.0):.3f}"
        )
    minutes = sum(report.fed_s.values()) / 60
    lines.append(
        f"  {'all':<14} {minutes:8.2f} {report.count('wake'):6d} {report.count('turn'):6d} "
        f"{report.count('reply'):8d}"
    )
    lines += [
        f"  {e.what:>5} at {e.at_s:7.1f} s in {e.category} ({e.label}) {e.detail}"
        for e in report.events[:40]
    ]
    return lines


def describe(stream: Stream) -> list[str]:
    lines = []
    for category, seconds in _fed(stream).items():
        sounds = [p for p in stream.pieces if p.category == category and p.label != "silence"]
        kinds = {p.label.split(" @")[0] if category == "music" else p.label for p in sounds}
        if category == "generated":
            kinds = {label.rsplit(" ", 2)[0] for label in kinds}
        lines.append(
            f"  {category:<14} {seconds / 60:6.2f} min, {len(sounds)} pieces of {len(kinds)} kinds"
        )
    return lines


def plant(stream: Stream, path: Path, at: float = 0.5) -> Stream:
    """``stream`` with the recording at ``path`` (category "planted") inserted ``at`` this
    fraction of the way through, between two pieces: a check that the paths can reply."""
    pieces = list(stream.pieces)
    index = min(len(pieces), round(len(pieces) * at / 2) * 2)  # after a piece's silence
    rng = np.random.default_rng(SEED)
    planted = Piece("planted", path.name, decode(path))
    return Stream([*pieces[:index], planted, _gap(rng, "planted"), *pieces[index:]])


def run_noise_bench(settings: Settings, minutes: float, planted: list[Path] | None = None) -> int:
    print(f"# voice-assistant bench --suite noise: {minutes:g} min, seed {SEED}")
    print(f"# {machine_line()}")
    stream = build_stream(load_sources(), minutes)
    for path in planted or []:
        stream = plant(stream, path)
    print(f"stream: {stream.seconds / 60:.2f} min in {len(stream.pieces) // 2} pieces")
    for line in describe(stream):
        print(line)
    with tempfile.TemporaryDirectory(prefix="va-noise-") as tmp:
        assistant = noise_assistant(settings, Path(tmp) / "data")
        reports = [daemon_path(assistant, stream), open_mic_path(assistant, stream)]
        assistant.database.close()
    for report in reports:
        for line in report_lines(report):
            print(line)
    daemon, open_mic = reports
    non_speech_h = sum(daemon.fed_s.get(c, 0.0) for c in NON_SPEECH) / 3600
    print(
        f"replies: the daemon {daemon.count('reply')} over {non_speech_h:.2f} h of non-speech "
        f"and {daemon.fed_s.get('speech', 0.0) / 60:.1f} min of speech not addressed to it; "
        f"the open microphone {open_mic.count('reply')} over {non_speech_h:.2f} h of non-speech"
    )
    return 0
