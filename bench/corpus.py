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
