"""Windows without the wake word for a few words only: "Stop" while an alarm rings, "How
do you know?" right after an answer; anything else heard there is ignored. The daemon's
own microphone reader and runner, with fake engines."""

from __future__ import annotations

import threading
import time

import pytest

from tests.fakes import fake_assembly
from tests.unit.daemon.test_start_early import daemon, said
from voice_assistant.config import Settings
from voice_assistant.daemon import Daemon
from voice_assistant.daemon.jobs import RingJob
from voice_assistant.listening.endpointing import Tentative
from voice_assistant.listening.machine import Spoke, Woke
from voice_assistant.listening.turn_taking import Rings
from voice_assistant.pipeline.speak import RecordingSink
from voice_assistant.stt.fake import FakeSTT
from voice_assistant.turn.wall_clock import When
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


def test_stop_without_the_wake_word_is_heard_once_by_a_turn_and_ends_the_ringing(monkeypatch):
    d, _, stt = daemon("Stop.")
    d.runner.tell(Rings(True))
    heard_in_the_window(d, monkeypatch, Spoke(said()))
    assert stt.heard == [] and d.worker.pending() == 1  # heard by a turn, on the worker
    (turn,) = d.worker.run_pending()
    assert turn.result().stop_reason == "stop-said" and len(stt.heard) == 1
    assert d.runner.hush.is_set()  # the ring ends
    assert d.commands.status()["turns"] == 0  # and nothing was asked: no turn is logged


def test_other_words_while_ringing_start_nothing(monkeypatch):
    d, _, stt = daemon("What's the weather like?")
    d.runner.tell(Rings(True))
    heard_in_the_window(d, monkeypatch, Spoke(said()))
    (turn,) = d.worker.run_pending()
    assert turn.result().stop_reason == "ignored" and turn.result().reply is None
    assert not d.runner.hush.is_set() and len(stt.heard) == 1
    d.mic.listening.close()  # as the machine does after an utterance (its feed is faked)
    heard_in_the_window(d, monkeypatch, None)  # still ringing: listening for "stop" again
    assert d.mic.listening.listening and d.mic.taking.words == "stop"


class HeardOn(FakeSTT):
    """Hears "Stop." and notes the thread it ran on."""

    def __init__(self) -> None:
        super().__init__("Stop.")
        self.threads: list[str] = []

    def transcribe(self, samples):
        self.threads.append(threading.current_thread().name)
        return super().transcribe(samples)


@pytest.mark.parametrize("stopped_by", ["stop", "the wake word"])
def test_an_alarm_rings_a_ring_a_job_and_is_stopped_between_two_rings(monkeypatch, stopped_by):
    settings = Settings()
    settings.alarms.ring_for_s = 30.0
    stt, sink = HeardOn(), RecordingSink()
    d = Daemon(fake_assembly(settings, stt=stt), listen_mode="ptt", sink=sink)
    book = d.worker.assembly.actions.book
    book.add("alarm", "", When(in_s=0), "local")
    d.worker.start()
    try:
        d.runner.queue(RingJob())
        wait_until("two rings", lambda: len(sink.chunks) >= 2)
        assert d.state == "ringing" and stt.threads == []
        # told it rings, the microphone hears "Stop", or the wake word (and then "heard
        # you" plays between two rings)
        action = Spoke(said()) if stopped_by == "stop" else Woke(barge_in=True)
        heard_in_the_window(d, monkeypatch, action)
        wait_until("stopped", lambda: d.runner.alarm is None)
        rows = [tuple(r) for r in book.db.execute("SELECT kind, state FROM alarms")]
        assert rows == [("alarm", "stopped")]
        assert stt.threads == (["worker"] if stopped_by == "stop" else [])
        assert len(sink.chunks) < 10  # stopped well before alarms.ring_for_s
        if stopped_by == "stop":  # (after the wake word it listens for the request)
            wait_until("idle", lambda: d.state == "idle")
    finally:
        assert d.worker.close(timeout=10)


def wait_until(what: str, done, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, f"no {what}"
        time.sleep(0.02)


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
