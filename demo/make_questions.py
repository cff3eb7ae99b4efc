"""Regenerate the demo question WAVs with the installed piper voice.

    .venv/bin/python demo/make_questions.py

Each question (demo/questions) and act (demo/acts) is written as NAME.wav (piper's
22,050 Hz, so the batch harness also shows resampling) with NAME.txt as its reference
transcript; noise.wav is seeded pink noise, which must produce no reply. Piper is not
bit-exact between runs: regenerate only what you change (``make_questions.py wake``
writes only demo/wake, the wake word followed by a question, for the daemon's tests;
``window`` only demo/window, words said into a window that needs no wake word).

Each take is heard through the live path before it is kept (``tests/live_path.py``: the
wake word, the listening state machine and whisper, at every alignment of the 80 ms block
grid); a take misheard at any alignment is made again, up to ``TAKES`` times. The live
tests play these files, and a take whisper reads wrongly now and then fails them now and
then (``tests/integration/test_demo_recordings.py`` checks the kept ones).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout's tests/

from tests.live_path import misheard
from voice_assistant.audio.wavfile import write_wav
from voice_assistant.config import load_settings
from voice_assistant.engines import Engines
from voice_assistant.tts.base import TextToSpeech

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
    "alarm": "Wake me up at half past six tomorrow.",
    "alarm_no_time": "Set an alarm.",
    "reminder": "Remind me to call Felix at five.",
    "reminder_in": "Remind me in twenty minutes to take the bread out.",
}
WAKE = {
    # the wake word, a short pause, then the question (what the daemon tests play)
    "hey_jarvis_capital": ("Hey Jarvis.", "What is the capital of Australia?"),
    "hey_jarvis_timer": ("Hey Jarvis.", "Set a timer for two seconds."),
    "hey_jarvis_reminder": ("Hey Jarvis.", "Remind me in three seconds to check the oven."),
    "hey_jarvis_alarm": ("Hey Jarvis.", "Wake me up in three seconds."),
    "hey_jarvis": ("Hey Jarvis.", ""),
}
WINDOW = {
    # said into a window that needs no wake word and takes a few words only
    "stop": "Stop.",
    "how_do_you_know": "How do you know?",
}
HERE = Path(__file__).resolve().parent
OUT = HERE / "questions"
TAKES = 5
PLAYED_AFTER_THE_WAKE_WORD = {"wake"}
"""Folders whose takes the live tests play after the wake word (the others into an open
window: push-to-talk, a follow-up)."""


def pink_noise(seconds: float, rate: int, seed: int = 7) -> np.ndarray:
    white = np.random.default_rng(seed).standard_normal(int(seconds * rate))
    spectrum = np.fft.rfft(white)
    spectrum[1:] /= np.sqrt(np.arange(1, len(spectrum)))
    pink = np.fft.irfft(spectrum, n=len(white))
    return (pink / np.abs(pink).max() * 0.3 * 32767).astype(np.int16)


def keep_take(
    engines: Engines, path: Path, text: str, make: Callable[[], np.ndarray], rate: int
) -> None:
    """Write the first take the live path hears as ``text`` at every alignment."""
    wake = path.parent.name in PLAYED_AFTER_THE_WAKE_WORD
    for take in range(1, TAKES + 1):
        write_wav(path, make(), rate)
        wrong = misheard(engines, path, text, wake)
        if not wrong:
            return
        heard = sorted({t for w in wrong for t in w.transcripts})
        print(f"  take {take} of {path.name} misheard at {len(wrong)} alignment(s): {heard}")
    print(f"  WARNING: no take of {path.name} was heard right everywhere; kept the last")


def main(only: list[str]) -> None:
    settings, _ = load_settings()
    engines = Engines(settings)
    tts = engines.tts()
    silence = np.zeros(int(0.4 * tts.sample_rate), dtype=np.int16)
    if "wake" in only or not only:
        make_wake(engines, tts, silence)
    folders = [] if only and "questions" not in only else [(OUT, QUESTIONS), (HERE / "acts", ACTS)]
    if "window" in only or not only:
        folders.append((HERE / "window", WINDOW))
    for folder, texts in folders:
        folder.mkdir(exist_ok=True)
        for name, text in texts.items():

            def spoken(text: str = text) -> np.ndarray:
                return np.concatenate([silence, *tts.synthesize(text), silence])

            keep_take(engines, folder / f"{name}.wav", text, spoken, tts.sample_rate)
            (folder / f"{name}.txt").write_text(text + "\n")
            print(f"{folder.name}/{name}.wav  {text}")
    if not only or "questions" in only:
        write_wav(OUT / "noise.wav", pink_noise(3.0, tts.sample_rate), tts.sample_rate)
        print("noise.wav: 3.0 s of pink noise")


def make_wake(engines: Engines, tts: TextToSpeech, silence: np.ndarray) -> None:
    folder = HERE / "wake"
    folder.mkdir(exist_ok=True)
    for name, (wake, question) in WAKE.items():

        def spoken(wake: str = wake, question: str = question) -> np.ndarray:
            parts = [silence, *tts.synthesize(wake)]
            if question:
                parts += [silence, *tts.synthesize(question)]
            return np.concatenate([*parts, silence])

        keep_take(engines, folder / f"{name}.wav", question, spoken, tts.sample_rate)
        (folder / f"{name}.txt").write_text(question + "\n")
        print(f"wake/{name}.wav  {wake} {question}")


if __name__ == "__main__":
    main(sys.argv[1:])  # "wake", "questions" or "window" regenerates only that part
