"""Starting the turn at a pause the end-of-turn model calls the end (issue 23, points 2-3):

    voice-assistant bench --suite turn-end [--held-out N]   (or: python -m bench --suite turn-end)

Every clip is heard as the live listener hears it: 80 ms blocks of int16 audio (0.5 s of
silence, the clip, 2 s of silence) into ``LiveEndpointer`` with silero, once with silence
alone and once per threshold with the end-of-turn model asked at each pause of
``endpoint.turn_end_pause_s``. A "yes" offers the utterance so far (``Tentative``): the
turn starts on it, and the silence (``endpoint.silence_timeout_s``) confirms it, or the
user goes on (``Resumed``) and that start is dropped. Per clip, against the clip's last
loud sample (where the user stopped):

- **cut early**: the utterance was confirmed before the user finished (the rest is lost
  to the turn); only the silence confirms, so the model cannot add any;
- **start**: from the end of the speech to the start of the turn that goes ahead (its
  tentative offer, or the confirmation when there was none), in audio time; the model's
  own compute time is printed apart (the live loop spends it on top);
- **confirmed**: from the end of the speech to the confirmation (what the reply waits
  for at the least);
- **dropped**: turns started and dropped because the user went on (work thrown away).

More methods, at the configured threshold: **+ late start L s**: a pause of L s starts the
turn even when the model did not call it the end (``endpoint.turn_end_late_pause_s``; the
other methods run without it); **sure >= T, S s**: a pause the model gives at
least T is confirmed after S s of silence (``endpoint.turn_end_sure_threshold`` and
``turn_end_sure_silence_s``), so the model can cut; and **whole cmd W s**, as the daemon runs it: a
turn started at a pause whose words code reads (whisper, the real engine) as whole
commands with every value said (``turn.understand.whole_commands``: "Set a timer for ten
minutes.") is confirmed after W s of silence instead of the silence timeout, so it can
cut a longer pause (``endpoint.whole_command_silence_s``, off by default: these values).
The bench reads the words at the offer itself; the daemon knows them only after whisper,
so the bench's cuts are an upper bound and its confirmation times a lower bound.

Clips: real human speech with its own pauses (``tests/data/librivox``, ``tests/data/speech``);
every third request of the answer set's tuning part (or a held-out part) spoken by piper
and espeak-ng, whole, and hesitant: a pause of 0.4 s or 0.7 s put into the middle word
boundary (whisper's word times, moved to the quietest 10 ms nearby); and commands whose
first part is already whole, said as that part, a pause (0.4, 0.7 or 0.9 s), and the rest
("Set a timer for one hour ... and thirty minutes."): what the whole-command rule risks.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from bench.answers import load_requests
from bench.corpus import DATA
from bench.daemon import LOUD
from bench.voices import voices
from voice_assistant import modelstore
from voice_assistant.audio.wavfile import read_wav
from voice_assistant.config import EndpointConfig, Settings
from voice_assistant.end_of_turn.base import EndOfTurn
from voice_assistant.engines import Engines
from voice_assistant.events import SAMPLE_RATE, FloatAudio
from voice_assistant.listening.endpointing import LiveEndpointer, Resumed, Tentative
from voice_assistant.stt.base import SpeechToText
from voice_assistant.turn import understand
from voice_assistant.turn.runner import may_hold_acts
from voice_assistant.vad import StreamingSilero

if TYPE_CHECKING:
    from faster_whisper import WhisperModel

LEAD_S, TAIL_S = 0.5, 2.0
BLOCK = 1280
"""80 ms, as the microphone delivers it."""
PAUSES_S = (0.4, 0.7)
MORE_PAUSES_S = (*PAUSES_S, 0.9)
"""After a whole command also 0.9 s: shorter than the silence timeout, so today's listener
keeps it, but longer than a whole command's shorter silence would wait."""
THRESHOLDS = (0.5, 0.7, 0.85)
EVERY = 3
"""Every third request of a part (all kinds: questions, acts, mixed)."""
WHOLE_THEN_MORE = (
    ("Set a timer for one hour", "and thirty minutes."),
    ("Set a timer for ten minutes", "for the pasta."),
    ("Start a twenty minute timer", "for the bread."),
    ("Cancel the timer", "for the rice."),
    ("What time is it", "in Tokyo?"),
    ("Set a timer for five minutes", "and tell me when the dentist is."),
)
"""A whole command, a pause, then more of the same request: cut at the pause, the rest
is lost (a wrong or unlabelled timer, the wrong time)."""
WHOLE_SILENCES_S = (0.5, 0.6, 0.7, 0.8)
SURE_THRESHOLDS = (0.9, 0.95, 0.98, 0.99)
SURE_SILENCES_S = (0.3, 0.5)
LATE_PAUSES_S = (0.4, 0.5, 0.6)
"""``endpoint.turn_end_late_pause_s`` tried: a pause this long starts the turn whatever the
model said."""
Whole = tuple[Callable[[FloatAudio], bool], float]
"""Reads an utterance as whole commands; the silence that then confirms it."""


@dataclass(frozen=True)
class Clip:
    name: str
    group: str
    audio: FloatAudio
    end_s: float
    """The last loud sample, in seconds into the clip: where the user stopped."""


@dataclass(frozen=True)
class Heard:
    cut: bool
    start_s: float
    """End of the speech -> the start of the turn that goes ahead."""
    confirmed_s: float
    """End of the speech -> the confirmation (the final utterance)."""
    early: bool
    """The turn that goes ahead was started at a pause, before the confirmation."""
    dropped: int
    asked: int


class TimedModel:
    """The end-of-turn model, its calls counted and timed."""

    def __init__(self, model: EndOfTurn) -> None:
        self.model = model
        self.seconds: list[float] = []

    def finished(self, audio: FloatAudio) -> float:
        t = time.perf_counter()
        try:
            return self.model.finished(audio)
        finally:
            self.seconds.append(time.perf_counter() - t)


def speech_end_s(audio: FloatAudio) -> float:
    loud = np.flatnonzero(np.abs(audio) * 32768 > LOUD)
    return (loud[-1] + 1) / SAMPLE_RATE if len(loud) else 0.0


def clip(name: str, group: str, audio: FloatAudio) -> Clip:
    return Clip(name, group, audio, speech_end_s(audio))


def real_clips() -> Iterator[Clip]:
    for folder in (DATA / "librivox", DATA / "speech"):
        for wav in sorted(folder.glob("*.wav")):
            yield clip(wav.stem, "real speech", read_wav(wav)[0])


def quietest_near(audio: FloatAudio, at_s: float, reach_s: float = 0.08) -> int:
    """The sample in the middle of the quietest 10 ms within ``reach_s`` of ``at_s``."""
    frame = SAMPLE_RATE // 100
    lo = max(0, int((at_s - reach_s) * SAMPLE_RATE))
    hi = min(len(audio) - frame, int((at_s + reach_s) * SAMPLE_RATE))
    if hi <= lo:
        return int(at_s * SAMPLE_RATE)
    energy = [float(np.sum(audio[i : i + frame] ** 2)) for i in range(lo, hi, frame // 2)]
    return lo + int(np.argmin(energy)) * (frame // 2) + frame // 2


def middle_boundary_s(whisper: WhisperModel, audio: FloatAudio) -> float | None:
    """Between the middle two words (whisper's word times), or None for under 3 words."""
    segments, _ = whisper.transcribe(audio, language="en", word_timestamps=True)
    words = [w for s in segments for w in (s.words or [])]
    if len(words) < 3:
        return None
    k = len(words) // 2
    return float(words[k - 1].end + words[k].start) / 2


def request_clips(settings: Settings, part: int) -> Iterator[Clip]:
    from faster_whisper import WhisperModel

    whisper = WhisperModel(
        str(modelstore.resolve(settings, "models.stt")), device="cpu", compute_type="int8"
    )
    requests = load_requests(held_out=part)[::EVERY]
    for voice in voices(settings):
        for request in requests:
            audio = voice.say(request.spoken, request.id)
            name = f"{voice.name}/{request.id}"
            yield clip(name, f"{voice.name} whole", audio)
            at_s = middle_boundary_s(whisper, audio)
            if at_s is None:
                continue
            cut = quietest_near(audio, at_s)
            for pause_s in PAUSES_S:
                gap = np.zeros(int(pause_s * SAMPLE_RATE), np.float32)
                hesitant = np.concatenate([audio[:cut], gap, audio[cut:]])
                yield clip(name, f"{voice.name} paused {pause_s} s", hesitant)


def trimmed(audio: FloatAudio) -> FloatAudio:
    """The voice's own silence before and after the words taken off (10 ms kept)."""
    loud = np.flatnonzero(np.abs(audio) * 32768 > LOUD)
    if not len(loud):
        return audio
    keep = SAMPLE_RATE // 100
    return audio[max(0, loud[0] - keep) : loud[-1] + 1 + keep]


def whole_then_more(settings: Settings) -> Iterator[Clip]:
    """``WHOLE_THEN_MORE`` said as two parts with exactly a pause of ``MORE_PAUSES_S`` between."""
    for voice in voices(settings):
        for n, (first, rest) in enumerate(WHOLE_THEN_MORE):
            said = [trimmed(voice.say(first, f"whole-{n}")), trimmed(voice.say(rest, f"more-{n}"))]
            for pause_s in MORE_PAUSES_S:
                gap = np.zeros(int(pause_s * SAMPLE_RATE), np.float32)
                audio = np.concatenate([said[0], gap, said[1]])
                name = f"{voice.name}/whole-{n}/{pause_s}s"
                yield clip(name, f"{voice.name} whole + more", audio)


def reads_whole(stt: SpeechToText) -> Callable[[FloatAudio], bool]:
    """Whether the turn on these samples reads them as whole commands, as ``TurnRunner``
    decides it: act words, code's reading, closed commands with every value said. Each
    utterance is transcribed once (the methods offer the same ones)."""
    known: dict[bytes, bool] = {}

    def whole(samples: FloatAudio) -> bool:
        key = samples.tobytes()
        if key not in known:
            text = stt.transcribe(samples).text
            understood = understand.quick_acts(text) if may_hold_acts(text) else None
            known[key] = understood is not None and understand.whole_commands(understood)
        return known[key]

    return whole


def hear(
    item: Clip,
    config: EndpointConfig,
    model: TimedModel | None,
    whole: Whole | None = None,
) -> Heard:
    """How the live listener hears the clip's first utterance: when its turn starts and
    when it is confirmed (by the silence, or by a shorter one when ``whole`` reads the
    utterance so far as whole commands), against the end of the speech."""
    audio = np.concatenate(
        [np.zeros(int(LEAD_S * SAMPLE_RATE)), item.audio, np.zeros(int(TAIL_S * SAMPLE_RATE))]
    )
    pcm = (np.clip(audio, -1, 1) * 32767).astype(np.int16)
    listener = LiveEndpointer(StreamingSilero(), config, model)
    asked_before = len(model.seconds) if model else 0
    final_s, offered_s, dropped = len(pcm) / SAMPLE_RATE, None, 0
    for start in range(0, len(pcm) - BLOCK + 1, BLOCK):
        said = listener.feed(pcm[start : start + BLOCK])
        at_s = (start + BLOCK) / SAMPLE_RATE
        if isinstance(said, Tentative):
            offered_s = at_s
            if whole is not None and whole[0](said.utterance.samples):
                listener.end_sooner(whole[1])
        elif isinstance(said, Resumed):
            offered_s, dropped = None, dropped + 1
        elif said is not None:
            final_s = at_s
            break
    asked = len(model.seconds) - asked_before if model else 0
    end_s = LEAD_S + item.end_s
    started_s = offered_s if offered_s is not None else final_s
    return Heard(
        final_s < end_s, started_s - end_s, final_s - end_s, offered_s is not None, dropped, asked
    )


def percentiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    if not ordered:
        return float("nan"), float("nan")
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def figures(heard: list[Heard]) -> str:
    kept = [h for h in heard if not h.cut]
    start50, start90 = percentiles([h.start_s for h in kept])
    confirmed50, _ = percentiles([h.confirmed_s for h in kept])
    early = sum(h.early for h in kept)
    dropped = sum(h.dropped for h in heard)
    asked = sum(h.asked for h in heard) / max(1, len(heard))
    cut = sum(h.cut for h in heard)
    return (
        f"{cut:>3} / {len(heard):<3} {start50:>6.2f} {start90:>6.2f} {confirmed50:>9.2f} "
        f"{early:>5} {dropped:>7} {asked:>6.1f}"
    )


def run_turn_end_bench(settings: Settings, part: int) -> int:
    config = settings.endpoint
    engines = Engines(settings)
    model = TimedModel(engines.turn_end())
    whole = reads_whole(engines.stt())
    late = config
    config = config.model_copy(update={"turn_end_late_pause_s": 0.0})  # the model's alone
    methods: list[tuple[str, EndpointConfig, TimedModel | None, Whole | None]] = [
        (f"silence {config.silence_timeout_s} s", config, None, None)
    ]
    for threshold in sorted({*THRESHOLDS, config.turn_end_threshold}):
        configured = replace_threshold(config, threshold)
        methods.append((f"turn-end >= {threshold}", configured, model, None))
    for late_s in sorted({*LATE_PAUSES_S, late.turn_end_late_pause_s} - {0.0}):
        configured = late.model_copy(update={"turn_end_late_pause_s": late_s})
        methods.append((f"+ late start {late_s} s", configured, model, None))
    for sure in sorted({*SURE_THRESHOLDS, config.turn_end_sure_threshold} - {0.0}):
        for silence_s in sorted({*SURE_SILENCES_S, config.turn_end_sure_silence_s}):
            update = {"turn_end_sure_threshold": sure, "turn_end_sure_silence_s": silence_s}
            methods.append(
                (f"sure >= {sure}, {silence_s} s", config.model_copy(update=update), model, None)
            )
    for silence_s in sorted({*WHOLE_SILENCES_S, config.whole_command_silence_s} - {0.0}):
        methods.append((f"whole cmd {silence_s} s", config, model, (whole, silence_s)))
    clips = [*real_clips(), *request_clips(settings, part), *whole_then_more(settings)]
    groups = list(dict.fromkeys(c.group for c in clips))
    part_name = f"held-out part {part}" if part else "the tuning part"
    print(
        f"\nStarting the turn ({part_name}, every {EVERY}rd request; pause "
        f"{config.turn_end_pause_s} s; silence timeout {config.silence_timeout_s} s)"
    )
    print(
        f"{'clips':<22} {'method':<20} {'cut early':>9} {'start':>6} {'p90':>6} "
        f"{'confirmed':>9} {'early':>5} {'dropped':>7} {'asked':>6}"
    )
    cuts: dict[str, list[str]] = {}
    for group in groups:
        members = [c for c in clips if c.group == group]
        for label, method_config, method_model, reading in methods:
            heard = [hear(c, method_config, method_model, reading) for c in members]
            print(f"{group:<22} {label:<20} {figures(heard)}")
            cuts[f"{group} / {label}"] = [
                c.name for c, h in zip(members, heard, strict=True) if h.cut
            ]
    for key, names in cuts.items():
        if names:
            print(f"cut early, {key}: {', '.join(names)}")
    if model.seconds:
        ms = statistics.median(model.seconds) * 1000
        print(f"\nend-of-turn model: {len(model.seconds)} calls, median {ms:.0f} ms each")
    return 0


def replace_threshold(config: EndpointConfig, threshold: float) -> EndpointConfig:
    return config.model_copy(update={"turn_end_threshold": threshold})
