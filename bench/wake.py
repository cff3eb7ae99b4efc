"""``voice-assistant bench --suite wake``: how often the wake word fires wrongly, and misses.

- False accepts: real speech that never says the wake word (tests/data/librivox and
  tests/data/speech, under a minute of distinct audio) looped into a long stream, in
  seeded shuffled order with random gain and silence gaps, fed frame by frame through the
  real openWakeWord model and the real ``WakeTrigger`` (default ``WakeConfig``), without a
  reset, as the daemon does. The speech is looped, so an hour of it is not an hour of
  different talk: a phrase that fires once fires on every pass.
- False rejects: "Hey Jarvis ..." synthesised by piper at three speaking rates, padded
  with a second of silence each side, clean and mixed with seeded pink noise or
  three-talker babble (from the same real speech) at several signal-to-noise ratios;
  the model is reset before each clip and a clip counts as detected if the trigger fires.
  Piper draws its voice's variation inside the ONNX graph, unseeded, so each synthesis
  differs: ``--runs`` takes of every phrase and rate are made, and the positives (not
  the noise, which is seeded) change from run to run.

Scores are computed once and the trigger rule is applied afterwards, so a threshold sweep
over the same scores costs nothing. Nothing here asserts: it prints figures.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import os
import platform
import statistics
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt
import soxr

from bench.corpus import SPEECH_FOLDERS
from voice_assistant import modelstore
from voice_assistant.audio.wavfile import read_wav
from voice_assistant.cli.batch import expand_inputs
from voice_assistant.config import Settings, WakeConfig
from voice_assistant.engines import Engines
from voice_assistant.events import SAMPLE_RATE, FloatAudio
from voice_assistant.wake.base import FRAME, WakeWordModel
from voice_assistant.wake.gate import GatedWake
from voice_assistant.wake.trigger import WakeTrigger

FRAME_S = FRAME / SAMPLE_RATE
SEED = 20261130
GAIN_DB = (-12.0, 6.0)
GAP_S = (0.2, 2.0)
PHRASES = ("Hey Jarvis", "Hey Jarvis.", "Hey Jarvis, what time is it?", "Hey Jarvis, set a timer")
LENGTH_SCALES = (0.8, 1.0, 1.25)
PAD_S = 1.0
SNRS_DB = (20.0, 10.0, 5.0, 0.0)
NOISES = ("pink", "babble")
BABBLE_TALKERS = 3
SWEEP = (0.3, 0.5, 0.7, 0.9)


# --- the pure parts -------------------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    """One clip of the false-accept stream: which clip, at what gain, then how much silence."""

    clip: int
    gain_db: float
    gap_s: float


def plan_stream(
    clips: Sequence[FloatAudio],
    seconds: float,
    seed: int,
    gain_db: tuple[float, float] = GAIN_DB,
    gap_s: tuple[float, float] = GAP_S,
) -> list[Piece]:
    """Passes over the clips in shuffled order until ``seconds`` of audio are planned.

    Each clip gets a gain drawn from ``gain_db``, lowered if needed so the clip's peak stays
    within full scale (no clipped samples), and a silence gap drawn from ``gap_s`` after it.
    """
    if not clips or any(len(c) == 0 for c in clips):
        raise ValueError("plan_stream needs non-empty clips")
    rng = np.random.default_rng(seed)
    headroom = [-20 * np.log10(max(float(np.abs(c).max()), 1e-9)) for c in clips]
    plan: list[Piece] = []
    planned = 0.0
    while planned < seconds:
        for index in rng.permutation(len(clips)):
            gain = min(float(rng.uniform(*gain_db)), headroom[index])
            gain = max(gain, gain_db[0])  # a clip already above full scale keeps the floor
            gap = float(rng.uniform(*gap_s))
            plan.append(Piece(int(index), gain, gap))
            planned += len(clips[index]) / SAMPLE_RATE + gap
            if planned >= seconds:
                break
    return plan


def render(clips: Sequence[FloatAudio], plan: Iterable[Piece]) -> Iterator[FloatAudio]:
    """The planned stream, a piece at a time: each clip at its gain, then its silence."""
    for piece in plan:
        yield (clips[piece.clip] * np.float32(10 ** (piece.gain_db / 20))).astype(np.float32)
        yield np.zeros(round(piece.gap_s * SAMPLE_RATE), dtype=np.float32)


def to_int16(samples: FloatAudio) -> npt.NDArray[np.int16]:
    """Float audio as the microphone's int16 (saturating, as an ADC does)."""
    return np.clip(np.round(samples * 32767), -32768, 32767).astype(np.int16)


def frames_of(chunks: Iterable[FloatAudio]) -> Iterator[npt.NDArray[np.int16]]:
    """Re-block audio into 80 ms int16 frames; the last one is padded with silence."""
    pending = np.zeros(0, dtype=np.float32)
    for chunk in chunks:
        pending = np.concatenate([pending, chunk])
        whole = len(pending) // FRAME * FRAME
        for start in range(0, whole, FRAME):
            yield to_int16(pending[start : start + FRAME])
        pending = pending[whole:]
    if len(pending):
        yield to_int16(np.pad(pending, (0, FRAME - len(pending))))


def power(samples: FloatAudio) -> float:
    return float(np.mean(np.square(samples, dtype=np.float64)))


def mix_at_snr(
    speech: FloatAudio, noise: FloatAudio, snr_db: float | None, pad: int = 0
) -> FloatAudio:
    """``speech`` with ``pad`` samples of silence each side, plus ``noise`` at ``snr_db``.

    The SNR is the speech's power against the noise's power over the same samples (where
    the speech is), so non-stationary noise such as babble is measured where it matters.
    ``snr_db=None`` is the clean clip. ``noise`` must be at least as long as the result.
    """
    total = len(speech) + 2 * pad
    clean = np.zeros(total, dtype=np.float32)
    clean[pad : pad + len(speech)] = speech
    if snr_db is None:
        return clean
    if len(noise) < total:
        raise ValueError(f"noise has {len(noise)} samples, {total} needed")
    noise = noise[:total]
    under = power(noise[pad : pad + len(speech)])
    scale = np.sqrt(power(speech) / (under * 10 ** (snr_db / 10))) if under > 0 else 0.0
    return (clean + noise * np.float32(scale)).astype(np.float32)


def fit_peak(samples: FloatAudio, peak: float = 0.99) -> FloatAudio:
    """Scale down (never up) so nothing exceeds ``peak``; ratios such as SNR are kept."""
    top = float(np.abs(samples).max()) if len(samples) else 0.0
    return (samples * np.float32(peak / top)).astype(np.float32) if top > peak else samples


def pink_noise(samples: int, rng: np.random.Generator) -> FloatAudio:
    """Gaussian noise shaped to 1/f power (-3 dB per octave), unit RMS."""
    spectrum = np.fft.rfft(rng.standard_normal(samples))
    freqs = np.fft.rfftfreq(samples)
    freqs[0] = freqs[1] if samples > 1 else 1.0
    pink = np.fft.irfft(spectrum / np.sqrt(freqs), n=samples)
    pink -= pink.mean()
    return (pink / max(float(np.sqrt(np.mean(pink**2))), 1e-12)).astype(np.float32)


def babble(
    samples: int,
    clips: Sequence[FloatAudio],
    rng: np.random.Generator,
    talkers: int = BABBLE_TALKERS,
) -> FloatAudio:
    """``talkers`` tracks of back-to-back real speech (each clip at unit RMS) summed."""
    level = [c / np.float32(max(np.sqrt(power(c)), 1e-12)) for c in clips]
    out = np.zeros(samples, dtype=np.float32)
    for _ in range(talkers):
        track: list[FloatAudio] = []
        length = 0
        while length < samples + SAMPLE_RATE * 10:
            clip = level[int(rng.integers(len(level)))]
            track.append(clip)
            length += len(clip)
        joined = np.concatenate(track)
        start = int(rng.integers(0, len(joined) - samples + 1))
        out += joined[start : start + samples]
    return out


def score_frames(
    model: WakeWordModel, frames: Iterable[npt.NDArray[np.int16]]
) -> tuple[npt.NDArray[np.float32], list[float]]:
    """The model's score for every frame, and the seconds each ``score`` call took."""
    scores: list[float] = []
    seconds: list[float] = []
    for frame in frames:
        started = time.perf_counter()
        scores.append(model.score(frame))
        seconds.append(time.perf_counter() - started)
    return np.asarray(scores, dtype=np.float32), seconds


def wake_times(scores: Iterable[float], config: WakeConfig) -> list[float]:
    """When the trigger rule wakes on these per-frame scores (seconds from the start)."""
    trigger = WakeTrigger(config)
    return [i * FRAME_S for i, s in enumerate(scores) if trigger.update(i * FRAME_S, float(s))]


def at_threshold(config: WakeConfig, threshold: float) -> WakeConfig:
    return config.model_copy(update={"threshold": threshold})


# --- the runs -------------------------------------------------------------------------


@dataclass
class FalseAccepts:
    distinct_s: float
    fed_s: float
    speech_fed_s: float
    clips: int
    scores: npt.NDArray[np.float32]
    frame_s: list[float]


@dataclass
class Positive:
    text: str
    length_scale: float
    take: int
    audio: FloatAudio


@dataclass
class Condition:
    noise: str
    snr_db: float | None
    scores: list[npt.NDArray[np.float32]] = field(default_factory=list)

    @property
    def label(self) -> str:
        return "clean" if self.snr_db is None else f"{self.snr_db:g} dB"


def load_speech(folders: Iterable[Path]) -> list[FloatAudio]:
    return [read_wav(w)[0] for w in expand_inputs(f for f in folders if f.is_dir())]


def run_false_accepts(
    model: WakeWordModel, clips: list[FloatAudio], minutes: float
) -> FalseAccepts:
    plan = plan_stream(clips, minutes * 60, SEED)
    model.reset()
    scores, frame_s = score_frames(model, frames_of(render(clips, plan)))
    return FalseAccepts(
        distinct_s=sum(len(c) for c in clips) / SAMPLE_RATE,
        fed_s=len(scores) * FRAME_S,
        speech_fed_s=sum(len(clips[p.clip]) for p in plan) / SAMPLE_RATE,
        clips=len(clips),
        scores=scores,
        frame_s=frame_s,
    )


def synthesise_positives(settings: Settings, takes: int) -> list[Positive]:
    from voice_assistant.tts.piper import PiperTTS

    voice = modelstore.resolve(settings, "models.tts")
    positives = []
    for scale in LENGTH_SCALES:
        tts = PiperTTS(voice, scale)
        for text in PHRASES:
            for take in range(takes):
                chunks = list(tts.synthesize(text))
                audio = np.concatenate(chunks).astype(np.float32) / 32768
                audio = soxr.resample(audio, tts.sample_rate, SAMPLE_RATE, quality="HQ")
                positives.append(Positive(text, scale, take, np.asarray(audio, np.float32)))
    return positives


def run_false_rejects(
    model: WakeWordModel, positives: list[Positive], speech: list[FloatAudio]
) -> tuple[list[Condition], list[float]]:
    pad = round(PAD_S * SAMPLE_RATE)
    conditions = [Condition("none", None)]
    conditions += [Condition(noise, snr) for noise in NOISES for snr in SNRS_DB]
    frame_s: list[float] = []
    for ci, condition in enumerate(conditions):
        for pi, positive in enumerate(positives):
            rng = np.random.default_rng([SEED, ci, pi])
            total = len(positive.audio) + 2 * pad
            noise = (
                pink_noise(total, rng) if condition.noise == "pink" else babble(total, speech, rng)
            )
            mixed = fit_peak(mix_at_snr(positive.audio, noise, condition.snr_db, pad))
            model.reset()
            scores, seconds = score_frames(model, frames_of([mixed]))
            condition.scores.append(scores)
            frame_s += seconds
    return conditions, frame_s


def compare_gate(
    gated: GatedWake,
    positives: list[Positive],
    speech: list[FloatAudio],
    conditions: list[Condition],
    config: WakeConfig,
) -> None:
    """The same clips through the wake models on every frame (``wake.gate = false``)."""
    every, _ = run_false_rejects(gated.model, positives, speech)
    print("  the same clips, wake models on every frame (wake.gate = false) vs gated:")
    for one, other in zip(conditions, every, strict=True):
        total = len(one.scores)
        print(
            f"  {one.noise:<8} {one.label:>6}  gated {detected(one, config):>3}/{total:<3}  "
            f"every frame {detected(other, config):>3}/{total}"
        )


def quiet_cpu_pct(model: WakeWordModel, seconds: float = 60.0) -> float:
    """CPU time the wake path takes on ``seconds`` of a quiet room (seeded low noise, as a
    microphone gives in silence), as % of one core."""
    rng = np.random.default_rng(SEED)
    frames = [rng.normal(0, 30, FRAME).astype(np.int16) for _ in range(round(seconds / FRAME_S))]
    model.reset()
    started = time.process_time()
    for frame in frames:
        model.score(frame)
    return 100 * (time.process_time() - started) / seconds


def detected(condition: Condition, config: WakeConfig) -> int:
    return sum(1 for scores in condition.scores if wake_times(scores, config))


def machine_line() -> str:
    cpu = platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    versions = []
    for package in ("openwakeword", "onnxruntime", "piper-tts"):
        with contextlib.suppress(importlib.metadata.PackageNotFoundError):
            versions.append(f"{package} {importlib.metadata.version(package)}")
    load = ", ".join(f"{v:.1f}" for v in os.getloadavg())
    return (
        f"machine: {cpu}, {os.cpu_count()} cores, load average {load}; "
        f"Python {platform.python_version()}, {', '.join(versions)}"
    )


def ms(seconds: list[float], q: float) -> float:
    return float(np.quantile(seconds, q)) * 1000 if seconds else float("nan")


def run_wake_bench(settings: Settings, minutes: float, takes: int) -> int:
    config = settings.wake
    np.random.seed(SEED)  # openWakeWord's reset() fills its feature buffer from numpy's RNG
    engines = Engines(settings)
    model = engines.wake()
    speech = load_speech(SPEECH_FOLDERS)
    if not speech:
        raise RuntimeError(f"no real speech found in {', '.join(map(str, SPEECH_FOLDERS))}")
    print(f"# voice-assistant bench --suite wake: {', '.join(model.names)}, seed {SEED}")
    print(f"# {machine_line()}")
    print(
        f"# trigger: default WakeConfig, threshold {config.threshold:g}, "
        f"{config.trigger_level} consecutive frames, refractory {config.refractory_s:g} s"
    )

    title = f"false accepts on real speech without the wake word ({minutes:g} min stream):"
    print(title, flush=True)
    fa = run_false_accepts(model, speech, minutes)
    hours = fa.fed_s / 3600
    wakes = wake_times(fa.scores, config)
    print(
        f"  distinct real speech         {fa.distinct_s / 60:6.2f} min ({fa.clips} clips, "
        f"{', '.join(f.name for f in SPEECH_FOLDERS)})"
    )
    print(
        f"  fed                          {fa.fed_s / 60:6.2f} min ({fa.speech_fed_s / 60:.2f} min "
        f"of it speech, the rest silence gaps {GAP_S[0]:g}-{GAP_S[1]:g} s)"
    )
    print(
        f"  LOOPED: the same {fa.distinct_s:.0f} s of speech repeated "
        f"{fa.speech_fed_s / fa.distinct_s:.1f} times, shuffled, gain "
        f"{GAIN_DB[0]:+g}..{GAIN_DB[1]:+g} dB (capped at full scale)"
    )
    print(f"  false accepts                {len(wakes):6d}")
    print(f"  false accepts per hour       {len(wakes) / hours:6.2f}")
    print(f"  max score seen               {float(fa.scores.max()):6.3f}")
    if wakes:
        print(f"  at (s into the stream)       {', '.join(f'{t:.1f}' for t in wakes[:10])}")
    above = [float((fa.scores >= t).mean()) * 100 for t in (0.1, 0.3, 0.5)]
    print(f"  frames scoring >= 0.1/0.3/0.5  {above[0]:.3f}% / {above[1]:.3f}% / {above[2]:.3f}%")

    print("false rejects on synthesised positives:", flush=True)
    positives = synthesise_positives(settings, max(takes, 1))
    conditions, fr_frame_s = run_false_rejects(model, positives, speech)
    print(
        f"  {len(positives)} clips: piper {settings.models.tts} (one voice), "
        f"length_scale {'/'.join(f'{s:g}' for s in LENGTH_SCALES)} x "
        f"{len(PHRASES)} phrases ({' | '.join(PHRASES)}) x {max(takes, 1)} take(s), "
        f"{PAD_S:g} s silence each side"
    )
    print("  (piper's voice variation is unseeded: the clips differ from run to run)")
    print(
        f"  noise: pink (1/f, seeded), babble ({BABBLE_TALKERS} real-speech talkers); "
        "SNR = speech power / noise power over the speech"
    )
    print(f"  {'noise':<8} {'SNR':>6}  {'detected':>9}  {'false rejects':>13}  median peak score")
    for condition in conditions:
        found = detected(condition, config)
        total = len(condition.scores)
        peak = statistics.median(float(s.max()) for s in condition.scores)
        print(
            f"  {condition.noise:<8} {condition.label:>6}  {found:>4}/{total:<4}  "
            f"{(total - found) / total:13.1%}  {peak:.3f}"
        )
    clean = conditions[0]
    missed = [
        f'"{p.text}" @{p.length_scale:g} take {p.take + 1}'
        for p, s in zip(positives, clean.scores, strict=True)
        if not wake_times(s, config)
    ]
    print(f"  missed when clean: {', '.join(missed) or 'none'}")
    if isinstance(model, GatedWake):
        compare_gate(model, positives, speech, conditions, config)
        for name, scorer in (("gated", model), ("every frame", model.model)):
            print(f"  CPU on a quiet room, {name}: {quiet_cpu_pct(scorer):.1f} % of one core")

    print(f"threshold sweep (same scores, trigger_level {config.trigger_level}):")
    heads = ("FA/hour", "FR clean", "FR 10 dB", "FR all noisy")
    print(f"  {'threshold':>9}  {heads[0]:>8}  {heads[1]:>8}  {heads[2]:>8}  {heads[3]:>12}")
    for threshold in SWEEP:
        local = at_threshold(config, threshold)
        fa_hour = len(wake_times(fa.scores, local)) / hours
        rates = [1 - detected(c, local) / len(c.scores) for c in conditions]
        ten = [r for c, r in zip(conditions, rates, strict=True) if c.snr_db == 10.0]
        print(
            f"  {threshold:9.2f}  {fa_hour:8.2f}  {rates[0]:8.1%}  {statistics.mean(ten):8.1%}  "
            f"{statistics.mean(rates[1:]):12.1%}"
        )

    frame_s = fa.frame_s + fr_frame_s
    print(
        f"model time per 80 ms frame: median {ms(frame_s, 0.5):.2f} ms, "
        f"p95 {ms(frame_s, 0.95):.2f} ms over {len(frame_s)} frames "
        f"(real-time factor {ms(frame_s, 0.5) / (FRAME_S * 1000):.3f})"
    )
    return 0
