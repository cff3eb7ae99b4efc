"""A satellite's microphone and speaker for tests and benchmarks (wyoming-satellite's
``--mic-command`` and ``--snd-command``), run as a script by our own Python:

``satellite_io.py mic DIR``: raw 16 kHz 16-bit mono on stdout in real time: silence,
and any ``DIR/*.wav`` put there (by rename) played next, then moved to ``DIR/played/``
with ``<name>.json`` saying when its last sample was written (``ended``, wall clock).

``satellite_io.py snd DIR``: what the satellite plays (one process per reply) kept as
``DIR/reply-N.raw`` with ``reply-N.json``: the wall-clock time of its first and last byte.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

RATE = 16_000
CHUNK = 1024


def pcm_of(wav: Path) -> bytes:
    # imported here, not at the top: the speaker's process starts per reply
    from voice_assistant.audio.wavfile import read_wav
    from voice_assistant.wyoming.pcm import pcm16

    return pcm16(read_wav(wav)[0])


def mic(folder: Path) -> None:
    (folder / "played").mkdir(parents=True, exist_ok=True)
    out = sys.stdout.buffer
    silence = bytes(CHUNK * 2)
    playing, left, name = False, b"", ""
    next_at = time.monotonic()
    while True:
        if not left:
            if playing:  # the recording's last sample is out
                mark = {"ended": time.time()}
                (folder / "played" / f"{name}.json").write_text(json.dumps(mark))
                playing = False
            # pathlib's glob matches hidden files too: a copy being staged is not played
            waiting = sorted(w for w in folder.glob("*.wav") if not w.name.startswith("."))
            if waiting:
                wav = waiting[0].rename(folder / "played" / waiting[0].name)
                left, name, playing = pcm_of(wav), wav.stem, True
        chunk, left = (left[: CHUNK * 2], left[CHUNK * 2 :]) if left else (silence, b"")
        out.write(chunk.ljust(CHUNK * 2, b"\0"))
        out.flush()
        next_at += CHUNK / RATE
        time.sleep(max(0.0, next_at - time.monotonic()))


def snd(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    n = len(list(folder.glob("reply-*.raw")))
    stem = folder / f"reply-{n}"
    first = 0.0
    with open(f"{stem}.raw", "wb") as raw:
        while data := os.read(0, 65536):
            first = first or time.time()
            raw.write(data)
    Path(f"{stem}.json").write_text(json.dumps({"first": first, "last": time.time()}))


if __name__ == "__main__":
    {"mic": mic, "snd": snd}[sys.argv[1]](Path(sys.argv[2]))
