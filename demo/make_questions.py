"""Regenerate the demo question WAVs with the installed piper voice.

    .venv/bin/python demo/make_questions.py

Each question (demo/questions) and act (demo/acts) is written as NAME.wav (piper's
22,050 Hz, so the batch harness also shows resampling) with NAME.txt as its reference
transcript; noise.wav is seeded pink noise, which must produce no reply. Piper is not
bit-exact between runs: regenerate only what you change (``make_questions.py wake``
writes only demo/wake, the wake word followed by a question, for the daemon's tests).
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
ACTS = {
    "timer": "Set a timer for ten minutes.",
    "timer_no_duration": "Set a timer.",
    "timer_and_question": "Set a timer for five minutes and when is my dentist appointment?",
}
WAKE = {
    # the wake word, a short pause, then the question (what the daemon tests play)
    "hey_jarvis_capital": ("Hey Jarvis.", "What is the capital of Australia?"),
    "hey_jarvis_timer": ("Hey Jarvis.", "Set a timer for two seconds."),
    "hey_jarvis": ("Hey Jarvis.", ""),
}
HERE = Path(__file__).resolve().parent
OUT = HERE / "questions"


def pink_noise(seconds: float, rate: int, seed: int = 7) -> np.ndarray:
    white = np.random.default_rng(seed).standard_normal(int(seconds * rate))
    spectrum = np.fft.rfft(white)
    spectrum[1:] /= np.sqrt(np.arange(1, len(spectrum)))
    pink = np.fft.irfft(spectrum, n=len(white))
    return (pink / np.abs(pink).max() * 0.3 * 32767).astype(np.int16)


def main(only: list[str]) -> None:
    settings, _ = load_settings()
    tts = PiperTTS(modelstore.resolve(settings, "models.tts"))
    silence = np.zeros(int(0.4 * tts.sample_rate), dtype=np.int16)
    if "wake" in only or not only:
        make_wake(tts, silence)
    if only and "questions" not in only:
        return
    for folder, texts in ((OUT, QUESTIONS), (HERE / "acts", ACTS)):
        folder.mkdir(exist_ok=True)
        for name, text in texts.items():
            audio = np.concatenate([silence, *tts.synthesize(text), silence])
            write_wav(folder / f"{name}.wav", audio, tts.sample_rate)
            (folder / f"{name}.txt").write_text(text + "\n")
            print(f"{folder.name}/{name}.wav: {len(audio) / tts.sample_rate:.1f} s  {text}")
    write_wav(OUT / "noise.wav", pink_noise(3.0, tts.sample_rate), tts.sample_rate)
    print("noise.wav: 3.0 s of pink noise")


def make_wake(tts: PiperTTS, silence: np.ndarray) -> None:
    folder = HERE / "wake"
    folder.mkdir(exist_ok=True)
    for name, (wake, question) in WAKE.items():
        parts = [silence, *tts.synthesize(wake)]
        if question:
            parts += [silence, *tts.synthesize(question)]
        audio = np.concatenate([*parts, silence])
        write_wav(folder / f"{name}.wav", audio, tts.sample_rate)
        (folder / f"{name}.txt").write_text(question + "\n")
        print(f"wake/{name}.wav: {len(audio) / tts.sample_rate:.1f} s  {wake} {question}")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])  # "wake" or "questions" regenerates only that part
