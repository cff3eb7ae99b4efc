"""``voice-assistant bench --suite window``: does whisper's short encoder window lose words?

The short window (``stt.min_window_s``) halves whisper's time on a short utterance, but
once cut "Simultaneous call limit reached." to "simultaneous". A transcript too short
for its speech is now decoded again in full (``stt/lost_words.py``). Over real human
speech (the 358 telephony prompts at the top of ``asterisk-core-sounds-en-wav``, read by
one person) this prints, for the short window without and with that check, the clips
whose words differ from the full 30 s window's (and those with fewer words: lost), the
word error rate against the full window's transcript, how often the check decoded again,
and the time per clip; then the word error rate against real references (LibriVox,
cards, JFK) for all three.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from bench.corpus import DEBIAN_PACKAGES, PROMPTS
from bench.folded_wer import folded_wer
from bench.vocabulary import real_speech
from voice_assistant.audio.wavfile import read_wav
from voice_assistant.config import Settings
from voice_assistant.events import FloatAudio
from voice_assistant.research.fold import fold


def transcripts(stt: object, clips: list[FloatAudio]) -> tuple[list[str], list[float]]:
    heard, seconds = [], []
    for clip in clips:
        started = time.monotonic()
        heard.append(stt.transcribe(clip).text)  # type: ignore[attr-defined]
        seconds.append(time.monotonic() - started)
    return heard, seconds


def run_window_bench(settings: Settings, limit: int = 0) -> int:
    from voice_assistant.engines import Engines

    if not PROMPTS.is_dir():
        raise FileNotFoundError(
            f"{PROMPTS} is missing: install the Debian package {DEBIAN_PACKAGES[PROMPTS]} "
            "(scripts/setup.sh --tests does)"
        )
    files = sorted(PROMPTS.glob("*.wav"))[: limit or None]
    prompts = [read_wav(Path(f))[0] for f in files]
    references = real_speech()
    stt = Engines(settings).stt()
    short = settings.stt.min_window_s
    print(f"# {len(prompts)} spoken prompts ({PROMPTS}), {len(references)} referenced clips")
    runs: dict[str, tuple[list[str], list[float], list[str], int]] = {}
    for label, window, check in (
        ("full 30 s window", 30.0, False),
        (f"{short:g} s+ window", short, False),
        (f"{short:g} s+ window, lost words decoded again", short, True),
    ):
        stt.min_window_s, stt.check_lost_words = window, check  # type: ignore[attr-defined]
        before = stt.fallbacks  # type: ignore[attr-defined]
        heard, seconds = transcripts(stt, prompts)
        again = stt.fallbacks - before  # type: ignore[attr-defined]
        real, _ = transcripts(stt, [audio for audio, _ in references])
        runs[label] = (heard, seconds, real, again)
    full = runs["full 30 s window"][0]
    for label, (heard, seconds, real, again) in runs.items():
        differ = [i for i, (a, b) in enumerate(zip(heard, full, strict=True)) if fold(a) != fold(b)]
        lost = [i for i in differ if len(fold(heard[i])) < len(fold(full[i]))]
        wer_full = folded_wer(full, heard)
        wer_real = folded_wer([ref for _, ref in references], real)
        print(
            f"{label}: differ from the full window {len(differ)}, fewer words {len(lost)}, "
            f"WER vs the full window {wer_full:.3f}, decoded again {again}, "
            f"{statistics.median(seconds):.2f} s a clip (median); "
            f"real speech WER {wer_real:.3f}",
            flush=True,
        )
        for i in lost:
            print(f"    {files[i].name}: {full[i]!r} -> {heard[i]!r}")
    return 0
