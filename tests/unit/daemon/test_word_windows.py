"""Windows without the wake word for a few words only: "Stop" while an alarm rings, "How
do you know?" right after an answer; anything else heard there is ignored. The daemon's
own microphone reader and runner, with fake engines."""

from __future__ import annotations

import pytest

from tests.unit.daemon.test_start_early import daemon, said
from voice_assistant.listening.endpointing import Tentative
from voice_assistant.listening.machine import Spoke
from voice_assistant.turn.word_windows import says_stop


@pytest.mark.parametrize("text", ["Stop.", "OK, stop it please.", "Turn it off!", "I'm up."])
def test_stop_words(text):
    assert says_stop(text)


@pytest.mark.parametrize("text", ["Stop the car at the bakery.", "When does it stop?", ""])
def test_not_stop_words(text):
    assert not says_stop(text)


def heard_in_the_window(d, monkeypatch, action):
    monkeypatch.setattr(d.mic.listening, "feed", lambda block, now, speaking: action)
    d.mic.hear(None)


def test_stop_without_the_wake_word_ends_the_ringing(monkeypatch):
    d, _, _ = daemon("Stop.")
    d.runner.ringing.set()
    d.mic.open_word_window()
    assert d.mic.listening.listening and d.mic.words_for == "stop"
    heard_in_the_window(d, monkeypatch, Spoke(said()))
    assert d.runner.hush.is_set() and d.worker.pending() == 0  # stopped, no turn


def test_other_words_while_ringing_start_nothing(monkeypatch):
    d, _, stt = daemon("What's the weather like?")
    d.runner.ringing.set()
    d.mic.open_word_window()
    heard_in_the_window(d, monkeypatch, Spoke(said()))
    assert not d.runner.hush.is_set() and d.worker.pending() == 0 and len(stt.heard) == 1
    d.mic.listening.close()  # as the machine does after an utterance
    d.mic.open_word_window()  # still ringing: listening for "stop" again
    assert d.mic.words_for == "stop"


def answered(d):
    future = d.runner.turn(said())
    d.worker.run_pending()
    assert future.result(timeout=5).reply is not None
    assert d.runner.answered.is_set()


def test_after_an_answer_how_do_you_know_needs_no_wake_word(monkeypatch):
    d, _, stt = daemon()
    answered(d)
    d.mic.open_word_window()
    assert d.mic.words_for == "where-from" and not d.runner.answered.is_set()  # once
    stt.text = "How do you know?"
    heard_in_the_window(d, monkeypatch, Spoke(said()))
    assert d.worker.pending() == 1  # the turn (its reply: tests/unit/turn/test_where_from.py)
    d.worker.run_pending()
    assert len(stt.heard) == 3  # the answered turn, the window, the follow-up turn


def test_after_an_answer_anything_else_is_ignored_and_starts_nothing_early(monkeypatch):
    d, _, stt = daemon()
    answered(d)
    d.mic.open_word_window()
    heard_in_the_window(d, monkeypatch, Tentative(said()))
    assert d.runner.early is None
    stt.text = "and then the weather will turn"
    heard_in_the_window(d, monkeypatch, Spoke(said()))
    assert d.worker.pending() == 0 and d.mic.words_for is None
