"""``--suite remote-speech``: speech to text and text to speech through our Wyoming server
(``voice-assistant serve``) against wyoming-faster-whisper and wyoming-piper, all three on
the project's own model files and this machine, asked the same way (our ``wyoming``
backends: a connection per utterance or sentence).

Per way: seconds per utterance and the word error rate over the demo questions; seconds
to the first audio chunk and to the whole sentence over a set of replies. Medians over
the runs, after one warm-up request each.
"""

from __future__ import annotations

import contextlib
import statistics
import tempfile
import time
from pathlib import Path

from bench.corpus import DEMO_QUESTIONS
from bench.peers import voice_assistant_serve, wyoming_faster_whisper, wyoming_piper
from voice_assistant.audio.wavfile import read_wav
from voice_assistant.cli.batch import expand_inputs
from voice_assistant.config import Settings
from voice_assistant.modelstore import resolve
from voice_assistant.stt.wyoming import WyomingSTT
from voice_assistant.tts.piper import voice_files
from voice_assistant.tts.wyoming import WyomingTTS
from voice_assistant.wer import word_error_rate

REPLIES = [
    "Dr. Alvarez's appointment is on Thursday 12 March at 9:30.",
    "The capital of Australia is Canberra.",
    "Timer set for ten minutes.",
    "I'm not sure. The closest I found is the note about the transaction gateway.",
]


def transcribe(uri: str, runs: int) -> tuple[float, float]:
    """(median seconds per utterance, WER) over the demo questions."""
    stt = WyomingSTT(uri, "en", connect_timeout_s=5, read_timeout_s=120)
    wavs = [w for w in expand_inputs([DEMO_QUESTIONS]) if w.with_suffix(".txt").exists()]
    clips = [read_wav(w)[0] for w in wavs]
    refs = [w.with_suffix(".txt").read_text().strip() for w in wavs]
    stt.transcribe(clips[0])  # warm-up
    times: list[float] = []
    heard: list[str] = []
    for _ in range(runs):
        heard = []
        for clip in clips:
            started = time.perf_counter()
            heard.append(stt.transcribe(clip).text)
            times.append(time.perf_counter() - started)
    return statistics.median(times), word_error_rate(refs, heard)


def synthesize(uri: str, voice: str, runs: int) -> tuple[float, float]:
    """(median seconds to the first chunk, median seconds to the whole sentence)."""
    tts = WyomingTTS(uri, voice, 22_050, connect_timeout_s=5, read_timeout_s=120)
    list(tts.synthesize(REPLIES[0]))  # warm-up
    first, whole = [], []
    for _ in range(runs):
        for text in REPLIES:
            started = time.perf_counter()
            for i, _chunk in enumerate(tts.synthesize(text)):
                if i == 0:
                    first.append(time.perf_counter() - started)
            whole.append(time.perf_counter() - started)
    return statistics.median(first), statistics.median(whole)


def run_remote_speech_bench(settings: Settings, runs: int) -> int:
    print(f"# voice-assistant bench --suite remote-speech: demo questions x {runs} run(s)")
    print(f"# stt={settings.models.stt} (beam {settings.stt.beam_size}) tts={settings.models.tts}")
    voice = voice_files(resolve(settings, "models.tts"))[0].stem
    with tempfile.TemporaryDirectory() as work:
        root = Path(work)
        (root / "whisper").mkdir()
        (root / "piper").mkdir()
        rows = []
        with voice_assistant_serve({"VOICE_ASSISTANT__PATHS__DATA_DIR": str(root)}) as ours:
            rows.append(
                ("voice-assistant serve", transcribe(ours, runs), synthesize(ours, "", runs))
            )
        with contextlib.ExitStack() as stack:
            stt = stack.enter_context(wyoming_faster_whisper(settings, root / "whisper"))
            tts = stack.enter_context(wyoming_piper(settings, root / "piper"))
            rows.append(
                (
                    "wyoming-faster-whisper / -piper",
                    transcribe(stt, runs),
                    synthesize(tts, voice, runs),
                )
            )
    for name, (stt_s, wer), (first_s, whole_s) in rows:
        print(
            f"  {name:<33} stt {stt_s:.2f} s/utterance  WER {wer:.3f}   "
            f"tts first chunk {first_s:.2f} s  whole sentence {whole_s:.2f} s"
        )
    return 0
