"""Windows without the wake word for a few words only: "Stop" while an alarm rings, "How
do you know?" right after an answer; anything else heard there is ignored. The daemon's
own microphone reader and runner, with fake engines."""

from __future__ import annotations

import pytest

from tests.unit.daemon.test_start_early import daemon, said
from voice_assistant.listening.endpointing import Tentative
from voice_assistant.listening.machine import Spoke
from voice_assistant.listening.turn_taking import Rings
from voice_assistant.turn.word_windows import says_stop


@pytest.mark.parametrize("text", ["Stop.", "OK, stop it please.", "Turn it off!", "I'm up."])
def test_stop_words(text):
    assert says_stop(text)


@pytest.mark.parametrize("text", ["Stop the car at the bakery.", "When does it stop?", ""])
def test_not_stop_words(text):
    assert not says_stop(text)


def heard_in_the_window(d, monkeypatch, action):
    monkeypatch.setattr(d.mic.listening, "feed", lambda block, now, speaking: action)
    d.mic.take_notices()  # what the worker told, as between two blocks
    d.mic.hear(None)


def test_stop_without_the_wake_word_ends_the_ringing(monkeypatch):
    d, _, _ = daemon("Stop.")
    d.runner.tell(Rings(True))
    heard_in_the_window(d, monkeypatch, Spoke(said()))
    assert d.runner.hush.is_set() and d.worker.pending() == 0  # stopped, no turn


def test_other_words_while_ringing_start_nothing(monkeypatch):
    d, _, stt = daemon("What's the weather like?")
    d.runner.tell(Rings(True))
    heard_in_the_window(d, monkeypatch, Spoke(said()))
    assert not d.runner.hush.is_set() and d.worker.pending() == 0 and len(stt.heard) == 1
    d.mic.listening.close()  # as the machine does after an utterance (its feed is faked)
    heard_in_the_window(d, monkeypatch, None)  # still ringing: listening for "stop" again
    assert d.mic.listening.listening and d.mic.taking.words == "stop"


def answered(d):
    future = d.runner.turn(said())
    d.worker.run_pending()
    assert future.result(timeout=5).reply is not None


def test_after_an_answer_how_do_you_know_needs_no_wake_word_and_is_heard_once(monkeypatch):
    d, _, stt = daemon()
    answered(d)
    stt.text = "How do you know?"
    heard_in_the_window(d, monkeypatch, Spoke(said()))
    assert d.worker.pending() == 1  # the turn (its reply: tests/unit/turn/test_where_from.py)
    result = d.worker.run_pending()[0].result(timeout=5)
    assert result.stop_reason != "ignored" and result.reply is not None
    assert len(stt.heard) == 2  # the answered turn, and the window's turn: once each
    assert d.commands.status()["turns"] == 2


def test_after_an_answer_anything_else_is_ignored_and_starts_nothing_early(monkeypatch):
    d, sink, stt = daemon()
    answered(d)
    heard_in_the_window(d, monkeypatch, Tentative(said()))
    assert d.runner.early is None and d.mic.taking.words == "where-from"
    stt.text = "and then the weather will turn"
    heard_in_the_window(d, monkeypatch, Spoke(said()))
    spoken = len(sink.chunks)
    ignored = d.worker.run_pending()[0].result(timeout=5)
    assert ignored.stop_reason == "ignored" and ignored.reply is None
    assert len(sink.chunks) == spoken and d.commands.status()["turns"] == 1  # unseen
    assert d.mic.taking.words is None  # the window is spent
