"""Where the benchmarks' recordings and labelled sets live: the checkout and Debian packages.

One place, so a suite never guesses a path of its own.
"""

from __future__ import annotations

from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
DATA = CHECKOUT / "tests" / "data"

DEMO_QUESTIONS = CHECKOUT / "demo" / "questions"
DEMO_ACTS = CHECKOUT / "demo" / "acts"
DEMO_MEMORIES = CHECKOUT / "demo" / "memories"

ANSWER_SET = DATA / "answers"
"""51 memories and the labelled requests over them (``requests.toml``, and the held-out
parts ``held_out.toml``, ``held_out_2.toml`` … ``held_out_6.toml``)."""
OWN_MEMORIES = {n: DATA / f"held_out_{n}" for n in (7, 8, 9, 10, 11, 12, 13, 14)}
"""Held-out parts over memories of their own (``memories/`` beside ``requests.toml``)."""
STRUCTURE_DEV = DATA / "structure_dev"
"""A tuning part over memories of its own, for answers from structure (``--dev``)."""


def part_files(held_out: int = 0, dev: bool = False) -> tuple[Path, Path]:
    """The requests file and the memories folder of a part of the answer set."""
    if dev:
        return STRUCTURE_DEV / "requests.toml", STRUCTURE_DEV / "memories"
    if held_out in OWN_MEMORIES:
        return OWN_MEMORIES[held_out] / "requests.toml", OWN_MEMORIES[held_out] / "memories"
    name = "requests.toml" if not held_out else f"held_out_{held_out}.toml"
    return ANSWER_SET / ("held_out.toml" if held_out == 1 else name), ANSWER_SET / "memories"


RECALL = DATA / "recall"
"""Memories and labelled queries for search recall."""
LIBRIVOX = DATA / "librivox"
"""Real read speech with ``.txt`` references."""
SPEECH = DATA / "speech"
"""Short real recordings with ``.txt`` references."""
SPEECH_FOLDERS = (LIBRIVOX, SPEECH)

MUSIC = Path("/usr/share/games/asc/music")
FREEDESKTOP = Path("/usr/share/sounds/freedesktop/stereo")
ALSA = Path("/usr/share/sounds/alsa")
PROMPTS = Path("/usr/share/asterisk/sounds/en_US_f_Allison")
"""Real human speech: telephony prompts read by one voice (no transcripts); 358 at the top."""
DEBIAN_PACKAGES = {
    MUSIC: "asc-music",
    FREEDESKTOP: "sound-theme-freedesktop",
    ALSA: "alsa-utils",
    PROMPTS: "asterisk-core-sounds-en-wav",
}
"""The sound folders and the Debian package each comes from (``make setup-tests``)."""
