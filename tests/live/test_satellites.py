"""The live daemon driving real Wyoming satellites: two wyoming-satellite 1.0.0 processes
(an environment of their own; zeroconf off), "kitchen" and "bedroom", whose microphones
play recordings (``--mic-command``) and whose speakers are recorded (``--snd-command``),
beside the daemon's own microphone on the virtual audio rig. The real models answer."""

from __future__ import annotations

import contextlib
import json
import re
import time
from pathlib import Path

import numpy as np
import pytest

from bench.peers import Satellite, wyoming_satellite
from tests.audio_rig import pulseaudio_rig
from tests.conftest import with_demo_memories
from tests.live_daemon import LiveDaemon, Speaker, loud_seconds
from tests.paths import CHECKOUT, DEMO
from voice_assistant.audio.wavfile import to_mono_16k
from voice_assistant.config import Settings
from voice_assistant.satellite.link import PLAYED_MARGIN_S
from voice_assistant.wer import word_error_rate

pytestmark = pytest.mark.integration

WAKE = CHECKOUT / "demo" / "wake"
WINDOW = CHECKOUT / "demo" / "window"


class Rig:
    def __init__(self, stack: contextlib.ExitStack, folder: Path) -> None:
        self.stack = stack
        self.folder = folder
        self.rooms: dict[str, Satellite] = {}
        self.closers: dict[str, contextlib.ExitStack] = {}
        self.daemon: LiveDaemon

    def satellite(self, area: str, port: int | None = None) -> Satellite:
        closer = contextlib.ExitStack()
        log = self.folder / f"{area}.log"
        self.rooms[area] = closer.enter_context(
            wyoming_satellite(self.folder / area, area, port, log)
        )
        self.closers[area] = closer
        self.stack.callback(closer.close)
        return self.rooms[area]

    def link(self, area: str) -> dict:
        return self.daemon.status()["satellites"][self.rooms[area].uri]


@pytest.fixture(scope="module")
def rig(tmp_path_factory):
    folder = tmp_path_factory.mktemp("satellites")
    demo_data = with_demo_memories(folder / "data")
    config = folder / "config" / "voice-assistant" / "config.toml"
    config.parent.mkdir(parents=True)
    with contextlib.ExitStack() as stack:
        rig = Rig(stack, folder)
        kitchen, bedroom = rig.satellite("kitchen"), rig.satellite("bedroom")
        config.write_text(f'[wyoming]\nsatellites = ["{kitchen.uri}", "{bedroom.uri}"]\n')
        audio = stack.enter_context(pulseaudio_rig())
        env = {
            **audio,
            "XDG_CONFIG_HOME": str(folder / "config"),
            "VOICE_ASSISTANT__PATHS__DATA_DIR": str(demo_data),
            "VOICE_ASSISTANT__WYOMING__SATELLITE_RETRY_MAX_S": "2",
        }
        rig.daemon = LiveDaemon(env, "both", folder / "daemon.log")
        try:
            rig.daemon.wait_for(
                "the daemon and both satellites",
                lambda s: (
                    s["state"] == "idle"
                    and all(link["state"] == "connected" for link in s["satellites"].values())
                ),
                timeout=180,
            )
            yield rig
        finally:
            code = rig.daemon.terminate()
            assert code == 0, rig.daemon.log.read_text()


def replies(satellite: Satellite) -> list[Path]:
    return sorted(satellite.snd.glob("reply-*.json"))


def wait_for_reply(satellite: Satellite, count: int, timeout: float = 180) -> Path:
    deadline = time.monotonic() + timeout
    while len(replies(satellite)) < count:
        assert time.monotonic() < deadline, f"no reply {count} at {satellite.uri}"
        time.sleep(0.3)
    return replies(satellite)[count - 1].with_suffix(".raw")


def heard_back(real_assembly, raw: Path) -> str:
    """What whisper hears in what the satellite played (22,050 Hz 16-bit mono)."""
    pcm = np.frombuffer(raw.read_bytes(), dtype="<i2").astype(np.float32) / 32768.0
    return real_assembly.engines.stt().transcribe(to_mono_16k(pcm[:, None], 22_050)).text


def test_a_question_at_a_satellite_is_answered_there_aloud(rig, real_assembly):
    kitchen, bedroom = rig.rooms["kitchen"], rig.rooms["bedroom"]
    assert {rig.link("kitchen")["room"], rig.link("bedroom")["room"]} == {"kitchen", "bedroom"}
    local_turns = rig.daemon.turns()
    kitchen.say(WAKE / "hey_jarvis_capital.wav")
    raw = wait_for_reply(kitchen, 1)
    rig.daemon.wait_for("the kitchen's turn", lambda s: s["satellites"][kitchen.uri]["turns"] == 1)
    turn = rig.link("kitchen")["last_turn"]
    assert turn["error"] is None and "canberra" in turn["reply"].lower()
    assert "waited" in turn["timings"], turn["timings"]  # started at the pause, as the mic's
    assert word_error_rate([turn["reply"]], [heard_back(real_assembly, raw)]) <= 0.35
    # the other room and the daemon's own microphone took no turn
    assert rig.link("bedroom")["turns"] == 0 and not replies(bedroom)
    assert rig.daemon.turns() == local_turns


def quiet_after_the_last_reply(satellite: Satellite) -> None:
    """Wait out what an earlier test's answer opened there: the reply played, the margin
    the link waits (wyoming-satellite 1.0.0 says no ``played``), and the "How do you know?"
    window after it. A wake word said while the link still counts its reply as playing
    needs the barge-in threshold, and words in that window are taken as its words."""
    if replies(satellite):
        seconds = replies(satellite)[-1].with_suffix(".raw").stat().st_size / 2 / 22_050
        time.sleep(seconds + PLAYED_MARGIN_S + Settings().listen.follow_up_s + 1.0)


def test_how_do_you_know_at_a_satellite_needs_no_wake_word(rig):
    kitchen = rig.rooms["kitchen"]
    quiet_after_the_last_reply(kitchen)
    before, turns = len(replies(kitchen)), rig.link("kitchen")["turns"]
    kitchen.say(WAKE / "hey_jarvis.wav")
    kitchen.say(DEMO / "dentist.wav")
    reply = wait_for_reply(kitchen, before + 1)
    link = rig.link("kitchen")
    assert "dentist" in link["last_turn"]["transcript"].lower(), link["last_turn"]
    wakes = link["wakes"]
    # wyoming-satellite 1.0.0 says no ``played``: the link waits out the reply's length and
    # a margin before it listens again (its speaker got the reply faster than it plays)
    time.sleep(reply.stat().st_size / 2 / 22_050 + PLAYED_MARGIN_S + 0.5)
    kitchen.say(WINDOW / "how_do_you_know.wav")  # no wake word
    wait_for_reply(kitchen, before + 2)
    rig.daemon.wait_for(
        "the window's turn", lambda s: s["satellites"][kitchen.uri]["turns"] == turns + 2
    )
    link = rig.link("kitchen")
    assert link["wakes"] == wakes
    assert link["last_turn"]["reply"].startswith("From your note 'Dentist'"), link["last_turn"]


def test_the_daemon_s_own_microphone_works_beside_them(rig):
    before = rig.daemon.turns()
    rig.daemon.play(WAKE / "hey_jarvis_capital.wav")
    status = rig.daemon.next_turn(before)
    assert "canberra" in status["last_turn"]["reply"].lower()
    # its own conversation: the kitchen's question and answer are not its history (the
    # model copied "Your memories have nothing on that." from another room's reply)
    assert status["last_turn"]["reply"].count("nothing on that") == 1
    assert all(link["state"] == "connected" for link in status["satellites"].values())


def test_a_reminder_set_at_a_satellite_rings_there_and_not_here(rig, real_assembly, tmp_path):
    kitchen = rig.rooms["kitchen"]
    before = len(replies(kitchen))
    with Speaker(rig.daemon.env, tmp_path / "daemon-speaker.wav") as speaker:
        kitchen.say(WAKE / "hey_jarvis_reminder.wav")  # "… in three seconds to check the oven."
        receipt = heard_back(real_assembly, wait_for_reply(kitchen, before + 1))
        assert "reminder set" in receipt.lower(), receipt
        ring = wait_for_reply(kitchen, before + 2, timeout=60)
    heard = " ".join(re.findall(r"[\w']+", heard_back(real_assembly, ring).lower()))
    assert "reminder check the oven" in heard, heard
    assert loud_seconds(speaker.audio()) < 0.2  # the daemon's own speaker stayed silent
    deadline = time.monotonic() + 10  # logged once its sound has had time to play
    while not rig.daemon.logged("rang at kitchen: rang"):
        assert time.monotonic() < deadline, "the kitchen's reminder was not recorded as rung"
        time.sleep(0.2)


def test_a_satellite_that_restarts_is_driven_again(rig):
    bedroom = rig.rooms["bedroom"]
    rig.closers["bedroom"].close()  # the satellite process stops
    rig.daemon.wait_for(
        "the daemon to notice", lambda s: s["satellites"][bedroom.uri]["state"] != "connected"
    )
    again = rig.satellite("bedroom", port=bedroom.port)
    rig.daemon.wait_for(
        "the bedroom again", lambda s: s["satellites"][again.uri]["state"] == "connected"
    )
    again.say(WAKE / "hey_jarvis_capital.wav")
    wait_for_reply(again, 1)
    rig.daemon.wait_for("the bedroom's turn", lambda s: s["satellites"][again.uri]["turns"] == 1)
    reply = rig.link("bedroom")["last_turn"]["reply"]
    assert "canberra" in reply.lower() and reply.count("nothing on that") == 1
    marks = json.loads(next((again.mic / "played").glob("*.json")).read_text())
    assert marks["ended"] > 0
