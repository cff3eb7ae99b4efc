"""One room's turn-taking as a pure state machine: events in (blocks of audio on a fake
clock, a turn's end, a ring, push-to-talk, the device lost), actions out. A scripted wake
score, a loudness VAD and a fake end-of-turn model: no threads, no device, no model."""

from __future__ import annotations

import numpy as np

from tests.unit.daemon.test_listening import BLOCK_S, ScriptedWake, blocks
from voice_assistant.config import EndpointConfig, WakeConfig
from voice_assistant.end_of_turn.fake import FakeEndOfTurn
from voice_assistant.listening.machine import GaveUp, Listening, Woke
from voice_assistant.listening.turn_taking import (
    Drop,
    Held,
    Opened,
    Request,
    Rings,
    StartEarly,
    TurnEnded,
    TurnTaking,
    Words,
)
from voice_assistant.vad import LoudnessVAD
from voice_assistant.wake.trigger import WakeTrigger

ANSWERED = TurnEnded(ran=True, asks=False, answered=True, cut=False)
ASKS = TurnEnded(ran=True, asks=True, answered=False, cut=False)


class Room:
    """A machine and its fake clock: the seconds of audio fed."""

    def __init__(self, end_of_turn: float = 0.0) -> None:
        self.wake = ScriptedWake()
        endpoint = EndpointConfig(turn_end_pause_s=0.2 if end_of_turn else 0.0)
        turn_end = FakeEndOfTurn(end_of_turn) if end_of_turn else None
        listening = Listening(
            self.wake, WakeTrigger(WakeConfig()), LoudnessVAD(), endpoint, turn_end=turn_end
        )
        self.taking = TurnTaking(listening, whole_command_silence_s=0.6)
        self.now = 0.0

    def feed(self, seconds: float, loud: bool, busy: bool = False, idle: bool = True) -> list:
        actions = []
        for block in blocks(seconds, loud):
            self.now += BLOCK_S
            actions += self.taking.block(block, self.now, busy=busy, idle=idle)
        return actions

    def woken(self, busy: bool = False) -> list:
        self.wake.next = 0.95
        actions = self.feed(0.16, True, busy=busy)
        self.wake.next = 0.0
        return actions

    def says(self, seconds: float = 1.0, **kwargs) -> list:
        """Speech, then the silence that ends it."""
        return self.feed(seconds, True, **kwargs) + self.feed(1.5, False, **kwargs)


def kinds(actions: list) -> list[type]:
    return [type(a) for a in actions]


def test_the_wake_word_then_a_question_is_a_request():
    room = Room()
    assert room.says() == []  # no wake word: nothing
    assert room.woken() == [Woke(barge_in=False)]
    actions = room.says()
    assert kinds(actions) == [Request] and 0.9 < actions[0].heard.speech_s < 1.3


def test_a_reply_that_asks_opens_a_window_once_the_worker_is_idle():
    room = Room()
    room.taking.told(ASKS)
    assert room.feed(0.5, False, idle=False) == [] and not room.taking.listening.listening
    assert room.feed(0.08, False) == [Opened()]
    assert kinds(room.says()) == [Request]  # no wake word needed
    assert room.says() == []  # once


def test_after_an_answer_how_do_you_know_is_a_word_window_once():
    room = Room()
    room.taking.told(ANSWERED)
    assert room.feed(0.08, False) == []  # opened silently: it takes only its words
    assert room.taking.words == "where-from"
    actions = room.says()
    assert kinds(actions) == [Words] and actions[0].window == "where-from"
    assert room.taking.words is None and room.says() == []


def test_a_window_nobody_speaks_in_closes_and_only_then_is_the_room_quiet():
    room = Room()
    assert room.taking.quiet
    room.taking.told(ANSWERED)
    assert not room.taking.quiet  # a reload now would lose the window the answer opened
    room.feed(0.08, False)
    assert not room.taking.quiet
    assert GaveUp() in room.feed(10.0, False)
    assert room.taking.words is None and room.says() == [] and room.taking.quiet


def test_a_cut_or_refused_reply_opens_nothing():
    for end in (
        TurnEnded(ran=True, asks=True, answered=True, cut=True),
        TurnEnded(ran=False, asks=True, answered=True, cut=False),
    ):
        room = Room()
        room.taking.told(end)
        assert room.says() == [] and not room.taking.listening.listening


def test_while_it_rings_stop_needs_no_wake_word_even_with_the_worker_busy():
    room = Room()
    room.taking.told(Rings(True))
    actions = room.says(busy=True, idle=False)
    assert kinds(actions) == [Words] and actions[0].window == "stop"
    actions = room.says(busy=True, idle=False)  # still ringing: listening for it again
    assert kinds(actions) == [Words]
    room.taking.told(Rings(False))
    room.feed(10.0, False)  # the last window closes
    assert room.says() == []


def test_the_wake_word_while_it_rings_or_speaks_is_a_barge_in_and_any_request_follows():
    room = Room()
    room.taking.told(Rings(True))
    assert room.woken(busy=True) == [Woke(barge_in=True)]
    assert room.taking.words is None
    assert kinds(room.says(busy=True, idle=False)) == [Request]


def test_a_pause_the_model_calls_the_end_starts_the_turn_early_and_the_silence_confirms():
    room = Room(end_of_turn=0.9)
    room.woken()
    actions = room.feed(1.0, True) + room.feed(0.4, False)
    assert kinds(actions) == [StartEarly]
    assert kinds(room.feed(1.2, False)) == [Request]  # the same words: the owner confirms
    assert room.taking.early is False


def test_going_on_after_the_pause_drops_the_early_turn():
    room = Room(end_of_turn=0.9)
    room.woken()
    assert kinds(room.feed(1.0, True) + room.feed(0.4, False)) == [StartEarly]
    assert room.feed(0.5, True) == [Drop()]
    assert kinds(room.feed(0.4, False)) == [StartEarly]  # the next pause, the longer words
    assert room.woken() == [Drop(), Woke(barge_in=False)]


def test_no_turn_starts_early_in_a_word_window_or_while_busy():
    room = Room(end_of_turn=0.9)
    room.taking.told(ANSWERED)
    actions = room.feed(1.0, True) + room.feed(1.5, False)
    assert kinds(actions) == [Words]
    room.woken()
    actions = room.feed(1.0, True, idle=False) + room.feed(1.5, False, idle=False)
    assert kinds(actions) == [Request]


def test_a_whole_command_asks_for_the_shorter_silence():
    room = Room(end_of_turn=0.9)
    room.woken()
    room.feed(1.0, True)
    assert kinds(room.feed(0.3, False)) == [StartEarly]
    room.taking.whole_command()  # confirmed after 0.6 s of silence, not 1.0 s
    assert kinds(room.feed(0.4, False)) == [Request]


def test_push_to_talk_drops_the_early_turn_and_its_release_is_one_request():
    room = Room(end_of_turn=0.9)
    room.woken()
    assert kinds(room.feed(1.0, True) + room.feed(0.4, False)) == [StartEarly]
    tone = blocks(0.08, True)[0]
    assert room.taking.held(tone, [tone]) == [Drop(), Held()]
    assert room.taking.held(tone, [tone]) == [Held()]
    actions = room.feed(0.08, False)
    assert kinds(actions) == [Request] and isinstance(actions[0].heard, np.ndarray)
    assert len(actions[0].heard) == 3 * len(tone)  # the pre-roll and both blocks


def test_the_device_lost_drops_the_early_turn_and_closes_the_window():
    room = Room(end_of_turn=0.9)
    room.woken()
    room.feed(1.0, True)
    assert kinds(room.feed(0.4, False)) == [StartEarly]
    assert room.taking.lost() == [Drop()]
    assert not room.taking.listening.listening and room.taking.lost() == []
