"""The recordings the live tests play are heard right through the live path: the wake
word, the listening state machine and whisper, in-process, at every alignment of the 80 ms
block grid (``tests/live_path.py``). A take whisper reads wrongly at some alignments makes
a live test fail now and then, on a loaded machine more often; this says which take."""

from __future__ import annotations

import pytest

from tests.live_path import misheard
from tests.paths import CHECKOUT

pytestmark = pytest.mark.integration
DEMO = CHECKOUT / "demo"
PLAYED = {
    # after the wake word, as the live tests play them
    "wake/hey_jarvis_capital.wav": True,
    "wake/hey_jarvis_timer.wav": True,
    "wake/hey_jarvis.wav": True,
    "wake/hey_jarvis_reminder.wav": True,
    "wake/hey_jarvis_alarm.wav": True,
    # into an open window (push-to-talk, the follow-up)
    "questions/capital.wav": False,
    "questions/dentist.wav": False,
    "acts/timer_no_duration.wav": False,
    "window/stop.wav": False,
    "window/how_do_you_know.wav": False,
}


@pytest.mark.parametrize("name", sorted(PLAYED))
def test_a_recording_the_live_tests_play_is_heard_right_at_every_alignment(real_assembly, name):
    wav = DEMO / name
    expected = wav.with_suffix(".txt").read_text().strip()
    wrong = misheard(real_assembly.engines, wav, expected, wake=PLAYED[name])
    assert wrong == [], f"{name} ({expected!r}) misheard: {wrong}"
