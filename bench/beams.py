"""``voice-assistant bench --suite beams``: whisper's beam size (``stt.beam_size``),
greedy against beam searches, on what the assistant hears.

- Real speech: the LibriVox, "cards", "go forward" and JFK recordings.
- Requests: every third request of the answer set's part (``--held-out``), spoken by
  piper and espeak-ng, each cut as the live listener cuts it, at ``OFFSETS_S``: the
  microphone's blocks fall anywhere in the speech, so the same words reach whisper cut
  a few milliseconds apart, and whisper base can hear a number or a name differently by
  where the clip starts ("ninety minute" as "19 minute" or "1-minute").

Prints per beam size the word error rate (numbers folded: "ten" and "10" are the same
word to a listener), the requests heard wrong at some cut, the requests heard in more
than one way, and the median seconds a clip.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from bench.answers import load_requests
from bench.folded_wer import folded_wer
from bench.vocabulary import real_speech
from bench.voices import voices
from voice_assistant.config import Settings
from voice_assistant.events import SAMPLE_RATE, FloatAudio
from voice_assistant.listening.endpointer import first_utterance

BEAMS = (1, 2, 3, 5)
OFFSETS_S = (0.0, 0.011, 0.021)
"""Silence put before a request: a third of a 32 ms VAD window each, so each cut falls
elsewhere in the speech."""
EVERY = 3
TAIL_S = 1.5
"""Silence after a request: the endpointer's silence ends it."""


@dataclass(frozen=True)
class Heard:
    name: str
    """The recording, or the request and its voice (all its cuts share it)."""
    audio: FloatAudio
    reference: str


def request_cuts(
    settings: Settings, part: int, cut: Callable[[FloatAudio], FloatAudio]
) -> list[Heard]:
    heard = []
    for voice in voices(settings):
        for request in load_requests(held_out=part)[::EVERY]:
            said = voice.say(request.spoken, request.id)
            for offset_s in OFFSETS_S:
                lead = np.zeros(int(offset_s * SAMPLE_RATE) + SAMPLE_RATE // 2, np.float32)
                tail = np.zeros(int(TAIL_S * SAMPLE_RATE), np.float32)
                audio = cut(np.concatenate([lead, said, tail]))
                heard.append(Heard(f"{voice.name}/{request.id}", audio, request.spoken))
    return heard


def figures(clips: list[Heard], transcribe: Callable[[FloatAudio], str]) -> str:
    texts, seconds = [], []
    for clip in clips:
        started = time.monotonic()
        texts.append(transcribe(clip.audio))
        seconds.append(time.monotonic() - started)
    wer = folded_wer([c.reference for c in clips], texts)
    ways: dict[str, set[str]] = {}
    wrong: set[str] = set()
    for clip, text in zip(clips, texts, strict=True):
        ways.setdefault(clip.name, set()).add(text)
        if folded_wer([clip.reference], [text]) > 0:
            wrong.add(clip.name)
    several = sum(len(w) > 1 for w in ways.values())
    return (
        f"WER {wer:.3f}   heard wrong {len(wrong):>3} / {len(ways)}   "
        f"heard several ways {several:>3}   {statistics.median(seconds):.2f} s a clip"
    )


def run_beams_bench(settings: Settings, part: int) -> int:
    from voice_assistant.assembly import assemble

    assistant = assemble(settings)
    stt = assistant.engines.stt()
    vad = assistant.engines.vad()

    def cut(audio: FloatAudio) -> FloatAudio:
        utterance = first_utterance(audio, vad, settings.endpoint)
        return audio if utterance is None else utterance.samples

    real = [Heard(f"real/{n}", audio, ref) for n, (audio, ref) in enumerate(real_speech())]
    requests = request_cuts(settings, part, cut)
    print(
        f"# whisper's beam size: {len(real)} real recordings; {len(requests)} request "
        f"cuts ({len(OFFSETS_S)} a request and voice, part {part or 'tuning'})",
        flush=True,
    )
    beam_size = getattr(stt, "beam_size", None)
    if beam_size is None:
        raise SystemExit(f"the {settings.stt.backend} backend has no beam size to compare")

    def hear(audio: FloatAudio) -> str:
        return stt.transcribe(audio).text

    try:
        for beams in BEAMS:
            stt.beam_size = beams  # type: ignore[attr-defined]
            print(f"beam {beams}:", flush=True)
            print(f"  real speech   {figures(real, hear)}", flush=True)
            print(f"  requests      {figures(requests, hear)}", flush=True)
    finally:
        stt.beam_size = beam_size  # type: ignore[attr-defined]
    return 0
