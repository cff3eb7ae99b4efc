"""Regenerate the demo question WAVs with the installed piper voice.

    .venv/bin/python demo/make_questions.py

Each question is written as NAME.wav (piper's 22,050 Hz, so the batch harness also shows
resampling) with NAME.txt as its reference transcript; noise.wav is seeded pink noise,
which must produce no reply.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from voice_assistant import modelstore
from voice_assistant.audio.wavfile import write_wav
from voice_assistant.config import load_settings
from voice_assistant.tts.piper import PiperTTS

QUESTIONS = {
    "capital": "What is the capital of Australia?",
    "dentist": "When is my dentist appointment?",
    "eggs": "How long should I boil an egg?",
    "gateway": "What did we decide about the transaction gateway?",
}
OUT = Path(__file__).resolve().parent / "questions"


def pink_noise(seconds: float, rate: int, seed: int = 7) -> np.ndarray:
    white = np.random.default_rng(seed).standard_normal(int(seconds * rate))
    spectrum = np.fft.rfft(white)
    spectrum[1:] /= np.sqrt(np.arange(1, len(spectrum)))
    pink = np.fft.irfft(spectrum, n=len(white))
    return (pink / np.abs(pink).max() * 0.3 * 32767).astype(np.int16)


def main() -> None:
    settings, _ = load_settings()
    tts = PiperTTS(modelstore.resolve(settings, "models.tts"))
    OUT.mkdir(exist_ok=True)
    silence = np.zeros(int(0.4 * tts.sample_rate), dtype=np.int16)
    for name, text in QUESTIONS.items():
        audio = np.concatenate([silence, *tts.synthesize(text), silence])
        write_wav(OUT / f"{name}.wav", audio, tts.sample_rate)
        (OUT / f"{name}.txt").write_text(text + "\n")
        print(f"{name}.wav: {len(audio) / tts.sample_rate:.1f} s  {text}")
    write_wav(OUT / "noise.wav", pink_noise(3.0, tts.sample_rate), tts.sample_rate)
    print("noise.wav: 3.0 s of pink noise")


if __name__ == "__main__":
    main()
