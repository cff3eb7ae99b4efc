"""Requests as users say them: synthesised by two voices, heard by whisper.

Piper (the installed voice) and espeak-ng (a Debian package, a very different voice)
speak each request's words (a misheard request's ``said``: what the user really said);
the recording goes through whisper as a spoken turn would, and the transcript is what
the assistant is asked.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

import numpy as np

from voice_assistant.audio.wavfile import read_wav, write_wav
from voice_assistant.config import Settings
from voice_assistant.events import FloatAudio

VOICES = ("piper", "espeak-ng")


class Voice:
    """One voice: text in, 16 kHz mono samples out (as the pipeline reads any WAV)."""

    def __init__(self, name: str, settings: Settings, folder: Path) -> None:
        if name not in VOICES:
            raise ValueError(f"unknown voice {name!r}: one of {', '.join(VOICES)}")
        self.name = name
        self.folder = folder
        self.piper = None
        if name == "piper":
            from voice_assistant import modelstore
            from voice_assistant.tts.piper import PiperTTS

            self.piper = PiperTTS(modelstore.resolve(settings, "models.tts"))

    def say(self, text: str, key: str) -> FloatAudio:
        wav = self.folder / f"{self.name}-{key}.wav"
        if self.piper is not None:
            audio = np.concatenate(list(self.piper.synthesize(text)))
            write_wav(wav, audio, self.piper.sample_rate)
        else:
            try:
                subprocess.run(
                    ["espeak-ng", "-v", "en-us", "-s", "165", "-w", str(wav), text],
                    check=True,
                    capture_output=True,
                )
            except FileNotFoundError as exc:
                raise FileNotFoundError(
                    "espeak-ng is missing: install the Debian package espeak-ng "
                    "(scripts/setup.sh --tests does)"
                ) from exc
        return read_wav(wav)[0]


def voices(settings: Settings, names: tuple[str, ...] = VOICES) -> list[Voice]:
    folder = Path(tempfile.mkdtemp(prefix="va-voices-"))
    return [Voice(name, settings, folder) for name in names]
