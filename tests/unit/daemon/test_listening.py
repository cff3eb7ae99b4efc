"""The daemon's listening state machine: blocks and time in, actions out (no threads, no
device, no model: a scripted wake score and a loudness VAD)."""

import numpy as np

from voice_assistant.config import EndpointConfig, ListenConfig, WakeConfig
from voice_assistant.listening.machine import GaveUp, Listening, Pushed, Spoke, Woke
from voice_assistant.vad import LoudnessVAD
from voice_assistant.wake.base import FRAME
from voice_assistant.wake.trigger import WakeTrigger

BLOCK_S = FRAME / 16_000


class ScriptedWake:
    names: tuple[str, ...] = ("test",)

    def __init__(self) -> None:
        self.next = 0.0

    def score(self, frame):
        return self.next

    def reset(self) -> None:
        self.next = 0.0


def blocks(seconds: float, loud: bool) -> list[np.ndarray]:
    count = round(seconds / BLOCK_S)
    t = np.arange(FRAME) / 16_000
    one = (np.sin(2 * np.pi * 300 * t) * 16_000 * loud).astype(np.int16)
    return [one.copy() for _ in range(count)]


def machine(wake=True) -> tuple[Listening, ScriptedWake]:
    scripted = ScriptedWake()
    listening = Listening(
        scripted if wake else None, WakeTrigger(WakeConfig()), LoudnessVAD(), EndpointConfig()
    )
    return listening, scripted


def feed_all(listening: Listening, audio: list[np.ndarray], start_s: float = 0.0, speaking=False):
    actions, now = [], start_s
    for block in audio:
        now += BLOCK_S
        action = listening.feed(block, now, speaking)
        if action is not None:
            actions.append(action)
    return actions


def test_the_wake_word_wakes_and_the_question_after_it_is_endpointed():
    listening, wake = machine()
    wake.next = 0.9
    assert feed_all(listening, blocks(0.16, loud=True)) == [Woke(barge_in=False)]
    wake.next = 0.0
    assert listening.listening  # the wake word opened the window itself
    assert listening.window_s == ListenConfig().wake_timeout_s
    actions = feed_all(listening, blocks(1.0, True) + blocks(1.5, False), start_s=0.2)
    assert len(actions) == 1 and isinstance(actions[0], Spoke)
    assert 0.9 < actions[0].utterance.speech_s < 1.2
    assert not listening.listening


def test_while_speaking_only_a_clear_call_barges_in():
    listening, wake = machine()
    wake.next = 0.6  # wakes an idle assistant, not one that is speaking
    assert feed_all(listening, blocks(0.4, True), speaking=True) == []
    wake.next = 0.95
    assert feed_all(listening, blocks(0.16, True), 1.0, speaking=True) == [Woke(barge_in=True)]


def test_a_window_nobody_speaks_in_gives_up():
    listening, _ = machine(wake=False)
    listening.listen(1.0)
    actions = feed_all(listening, blocks(1.5, False))
    assert actions == [GaveUp()] and not listening.listening


def test_push_to_talk_keeps_the_pre_roll_and_everything_held():
    listening, _ = machine(wake=False)
    pre_roll = blocks(0.24, True)
    held = blocks(0.8, True)
    for block in held:
        listening.hold(block, pre_roll)
    pushed = listening.release()
    assert isinstance(pushed, Pushed)
    assert len(pushed.audio) == (len(pre_roll) + len(held)) * FRAME
    assert listening.release() is None  # released once


def test_without_a_window_speech_is_not_a_request():
    listening, _ = machine(wake=False)
    assert feed_all(listening, blocks(1.0, True) + blocks(1.5, False)) == []


def test_a_follow_up_window_is_the_listen_config_s():
    listening, _ = machine(wake=False)
    listening.follow_up()
    assert listening.listening and listening.window_s == ListenConfig().follow_up_s
