"""``voice-assistant bench --suite vocabulary``: does biasing whisper toward the names in
the memories lower the word error rate?

Spoken questions about the answer set's memories (its requests, synthesised by the piper
voice at two speaking rates) and real human speech (LibriVox, the pocketsphinx cards and
"go forward", JFK; ``tests/data/``) are transcribed with and without the memories'
vocabulary as faster-whisper hotwords. Prints word error rate (numbers folded: "ten" and
"10" are the same word to a listener) and seconds per clip.
"""

from __future__ import annotations

import re
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

from bench.answers import ANSWER_SET, load_requests
from bench.corpus import LIBRIVOX, SPEECH
from bench.folded_wer import folded_wer
from voice_assistant.audio.wavfile import read_wav, write_wav
from voice_assistant.cli.batch import expand_inputs, reference_for
from voice_assistant.config import Settings
from voice_assistant.events import FloatAudio

REAL = {
    "goforward.wav": "go forward ten meters",
    "jfk.wav": "and so my fellow americans ask not what your country can do for you ask what "
    "you can do for your country",
}
RATES = (1.0, 1.25)
"""Piper's length scale: its own pace, and slower."""


def real_speech() -> list[tuple[FloatAudio, str]]:
    clips = [(read_wav(wav)[0], reference_for(wav) or "") for wav in expand_inputs([LIBRIVOX])]
    clips += [(read_wav(SPEECH / name)[0], text) for name, text in REAL.items()]
    cards = (SPEECH / "cards.transcription").read_text(encoding="utf-8").splitlines()
    for line in cards:
        text, _, name = line.rpartition("(")
        text = re.sub(r"</?s>", " ", text).strip()
        wav = SPEECH / f"{name.strip(' )')}.wav"
        if text and wav.exists():
            clips.append((read_wav(wav)[0], text.lower()))
    return clips


def spoken_questions(settings: Settings, folder: Path) -> list[tuple[FloatAudio, str]]:
    """The answer set's requests, spoken by the piper voice at each rate."""
    from voice_assistant import modelstore
    from voice_assistant.tts.piper import PiperTTS

    clips = []
    for rate in RATES:
        tts = PiperTTS(modelstore.resolve(settings, "models.tts"), rate)
        for request in load_requests():
            audio = np.concatenate(list(tts.synthesize(request.text)))
            wav = folder / f"{request.id}-{rate}.wav"
            write_wav(wav, audio, tts.sample_rate)
            clips.append((read_wav(wav)[0], request.text))
    return clips


def run_vocabulary_bench(settings: Settings) -> int:
    from voice_assistant.assembly import assemble
    from voice_assistant.memory.importer import import_paths

    with tempfile.TemporaryDirectory(prefix="va-vocabulary-") as data:
        local = settings.model_copy(deep=True)
        local.paths.data_dir = Path(data)
        local.stt.vocabulary = True
        assistant = assemble(local)
        import_paths(assistant.memories, [ANSWER_SET / "memories"])
        words = assistant.engines.vocabulary()
        print(f"# vocabulary ({len(words.split())} words): {words}")
        stt = assistant.engines.stt()
        sets = {
            "spoken questions about the memories (piper)": spoken_questions(local, Path(data)),
            "real speech (LibriVox, cards, go forward, JFK)": real_speech(),
        }
        for name, clips in sets.items():
            print(f"{name}: {len(clips)} clips")
            for label, hotwords in (
                ("without", None),
                ("with the vocabulary", assistant.engines.vocabulary),
            ):
                stt.hotwords = hotwords  # type: ignore[attr-defined]
                heard, seconds = [], []
                for audio, _ in clips:
                    started = time.monotonic()
                    heard.append(stt.transcribe(audio).text)
                    seconds.append(time.monotonic() - started)
                wer = folded_wer([ref for _, ref in clips], heard)
                print(
                    f"  {label:<20} WER {wer:.3f}   {statistics.median(seconds):.2f} s a clip",
                    flush=True,
                )
                for (_, ref), got in zip(clips, heard, strict=True):
                    if folded_wer([ref], [got]) > 0:
                        print(f"      {ref!r} -> {got!r}")
    return 0
