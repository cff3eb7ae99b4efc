"""From a reply's first audio to the speaker (issue 23, point 5), on the virtual rig:

    voice-assistant bench --suite audio-out [--runs N]   (or: python -m bench --suite audio-out)

The daemon's own sink (``audio.device.DeviceSink``, one output stream per sentence, 40 ms
pieces) plays a 0.3 s tone, as it plays piper's first sentence, into the virtual speaker
while the speaker is recorded; per play, the time from the ``play`` call to the tone's
first loud sample in the recording (opening the stream included; the recording's clock
is good to a few ms). The reply's first chunk is handed to ``play`` as soon as piper has
made it (``speak.py``), so this is the whole way from piper's first chunk to the device.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

from bench.daemon import TimedSpeaker, loud_runs
from tests.audio_rig import pulseaudio_rig

RATE = 22_050
"""Piper's rate: the sink plays at the rate it is given."""


def tone() -> np.ndarray:
    t = np.arange(int(0.3 * RATE)) / RATE
    return (np.sin(2 * np.pi * 440 * t) * 20000).astype(np.int16)


def run_audio_out_bench(runs: int) -> int:
    folder = Path(tempfile.mkdtemp(prefix="va-bench-audio-out-"))
    delays: list[float] = []
    with pulseaudio_rig() as rig:
        os.environ.update(rig)  # PortAudio reads the sound server's address on start
        from voice_assistant.audio.device import DeviceSink, rescan

        rescan()
        sink = DeviceSink()
        for run in range(max(3, runs)):
            with TimedSpeaker(rig, folder / f"speaker-{run}.wav") as speaker:
                time.sleep(0.3)
                called = time.monotonic()
                sink.play(tone(), RATE)
                time.sleep(0.2)
            after = speaker.index(called - 0.05)
            first = next((s for s, e in loud_runs(speaker.audio()) if e > after), None)
            if first is not None:
                delays.append(max(0.0, speaker.time(first) - called))
    if not delays:
        print("no tone heard on the virtual speaker")
        return 1
    ms = sorted(round(d * 1000, 1) for d in delays)
    print(
        f"\nplay() -> first sample on the virtual speaker: median {statistics.median(ms):.1f} ms, "
        f"max {max(ms):.1f} ms over {len(ms)} plays ({ms})"
    )
    return 0
