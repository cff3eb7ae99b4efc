"""A microphone turn started at a pause (``Tentative``), with the daemon's own runner and
fake engines: it goes ahead when the silence confirms the same utterance, and is dropped
unseen (nothing stored, done, said or sounded) when the user goes on; a reply made before
the confirmation comes without the thinking earcon; a whole command asks the microphone
for a shorter confirming silence, and still waits for it."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from tests.fakes import fake_assembly, tone, turn_runner_over
from voice_assistant.config import Settings
from voice_assistant.daemon import Daemon
from voice_assistant.events import Utterance
from voice_assistant.llm.fake import FakeLLM, TaskLLM
from voice_assistant.memory.sqlite import connect
from voice_assistant.memory.store import MemoryStore
from voice_assistant.pipeline.progress import earcon
from voice_assistant.pipeline.speak import RecordingSink
from voice_assistant.stt.fake import FakeSTT
from voice_assistant.tts.fake import FakeTTS
from voice_assistant.turn.runner import TurnRunner


def daemon(
    text: str = "When is the dentist?", tts: FakeTTS | None = None
) -> tuple[Daemon, RecordingSink, FakeSTT]:
    sink, stt = RecordingSink(), FakeSTT(text)
    assistant = fake_assembly(Settings(), stt=stt, llm=TaskLLM(), tts=tts)
    return Daemon(assistant, listen_mode="ptt", sink=sink), sink, stt


def said(start_s: float = 1.0, speech_s: float = 1.0) -> Utterance:
    return Utterance(tone(speech_s), start_s, start_s + speech_s, speech_s, "turn-end")


def stored_turns(d: Daemon) -> int:
    research = d.worker.assembly.turn_runner()  # the fake assembly's: the research core
    db = research.conversations.db  # type: ignore[attr-defined]
    return int(db.execute("SELECT COUNT(*) FROM turns").fetchone()[0])


def test_confirmed_by_the_silence_the_turn_started_early_is_the_turn():
    d, sink, stt = daemon()
    early = said()
    d.runner.start_early(early)
    final = Utterance(early.samples, early.start_s, early.end_s, early.speech_s, "silence")
    future = d.runner.turn(final)  # the silence confirmed it: no second turn
    assert d.worker.pending() == 1
    d.worker.run_pending()
    result = future.result(timeout=5)
    assert result.error is None and result.reply is not None
    assert "Thursday" in result.reply.text
    assert len(stt.heard) == 1 and stored_turns(d) == 1
    assert sink.chunks and d.commands.status()["turns"] == 1
    assert "waited" in result.timings  # marks a turn started early


def test_the_user_going_on_drops_it_unseen_and_the_whole_utterance_runs():
    d, sink, stt = daemon()
    d.runner.start_early(said(speech_s=1.0))
    d.runner.went_on()
    dropped = d.worker.run_pending()[0].result(timeout=5)
    assert dropped.stop_reason == "dropped" and dropped.error is None
    assert stored_turns(d) == 0 and sink.chunks == []
    assert d.commands.status()["turns"] == 0 and not d.commands.status()["last_turn"]
    whole = said(speech_s=2.0)
    future = d.runner.turn(Utterance(whole.samples, 1.0, 3.0, 2.0, "silence"))
    d.worker.run_pending()
    result = future.result(timeout=5)
    assert result.stop_reason not in ("dropped", "error") and "waited" not in result.timings
    assert stored_turns(d) == 1 and d.commands.status()["turns"] == 1
    assert len(stt.heard) == 2  # both were transcribed; only the whole one was answered


def test_a_final_utterance_that_is_not_the_same_drops_it_and_runs_as_usual():
    d, _, _ = daemon()
    d.runner.start_early(said(speech_s=1.0))
    d.runner.turn(Utterance(tone(1.6), 1.0, 2.6, 1.6, "silence"))
    results = [f.result(timeout=5) for f in d.worker.run_pending()]
    assert [r.stop_reason for r in results] == ["dropped", "decisive"]
    assert stored_turns(d) == 1


def test_the_reply_waits_on_the_worker_until_the_silence_confirms_and_comes_alone():
    tts = FakeTTS()
    d, sink, _ = daemon(tts=tts)
    d.worker.start()
    try:
        early = said()
        d.runner.start_early(early)
        time.sleep(0.5)  # the fake turn runs up to what is lasting and waits there
        assert sink.chunks == [] and stored_turns(d) == 0
        assert tts.spoken  # its reply, made, is synthesised while it waits
        assert d.commands.status()["state"] != "thinking"  # the user may still be speaking
        future = d.runner.turn(
            Utterance(early.samples, early.start_s, early.end_s, early.speech_s, "silence")
        )
        assert future.result(timeout=10).stop_reason == "decisive"
        assert stored_turns(d) == 1
        assert sink.chunks  # the reply, made before the confirmation: no earcon before it
        assert not any(np.array_equal(c, earcon("thinking")) for c in sink.chunks)
    finally:
        d.worker.close(5)


def test_the_thinking_earcon_plays_when_confirmed_before_the_reply_is_made():
    import threading

    from voice_assistant.rooms.early_start import Speculation

    for ready, sounded in ((False, ["thinking"]), (True, [])):
        phases: list[str] = []
        started = Speculation(said(), phases.append, lambda _: None, longest_s=5)
        started.progress("thinking")
        if ready:  # the worker waits with its reply made
            waiting = threading.Thread(target=started.go_ahead, kwargs={"ready": True})
            waiting.start()
            while not started._ready:  # the worker has reached its wait
                time.sleep(0.005)
        assert started.confirm() is True
        if ready:
            waiting.join(5)
        assert phases == sounded


def test_undecided_past_its_longest_wait_it_is_dropped_and_a_late_confirm_is_refused():
    import pytest

    from voice_assistant.errors import Dropped
    from voice_assistant.pipeline.stages import TurnResult
    from voice_assistant.rooms.early_start import Speculation

    phases: list[str] = []
    settled: list[TurnResult] = []
    started = Speculation(said(), phases.append, settled.append, longest_s=0.05)
    started.progress("heard")
    with pytest.raises(Dropped):
        started.go_ahead()
    assert started.confirm() is False
    started.finished(TurnResult(stop_reason="decisive"))
    assert phases == [] and settled == []  # its sounds and bookkeeping never happen


def test_losing_the_microphone_drops_a_turn_started_early():
    d, sink, _ = daemon()
    d.runner.start_early(said())
    d.mic.mic_changed(False)  # its confirmation can never come now
    assert d.runner.early is None  # dropped now, not when its wait runs out
    assert d.worker.run_pending()[0].result(timeout=5).stop_reason == "dropped"
    assert sink.chunks == [] and stored_turns(d) == 0


def timer_daemon(
    heard: str, settings: Settings | None = None
) -> tuple[Daemon, RecordingSink, TurnRunner]:
    """The daemon over the real turn runner (acts, receipts by code), hearing ``heard``."""
    turns = turn_runner_over(FakeLLM(), MemoryStore(connect(Path(":memory:"))), True, "code")
    sink = RecordingSink()
    assistant = fake_assembly(settings or Settings(), stt=FakeSTT(heard), turn_runner=turns)
    return Daemon(assistant, listen_mode="ptt", sink=sink), sink, turns


def whole_said(d: Daemon, timeout_s: float = 5.0) -> bool:
    """Wait for the worker to tell the microphone the turn reads as whole commands."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if d.runner.whole_early():
            return True
        time.sleep(0.01)
    return False


def test_a_whole_command_asks_for_a_shorter_silence_and_waits_for_it():
    d, sink, turns = timer_daemon("Set a timer for ten minutes.")
    d.worker.start()
    try:
        early = said()
        d.runner.start_early(early)
        assert whole_said(d)
        assert not d.runner.whole_early()  # told once
        assert sink.chunks == [] and turns.actions.running_timers() == []  # still waiting
        future = d.runner.turn(
            Utterance(early.samples, early.start_s, early.end_s, early.speech_s, "whole-command")
        )
        result = future.result(timeout=10)
        assert result.stop_reason == "acted" and result.reply is not None
        assert "10 minutes" in result.reply.text and sink.chunks
        assert [t.duration_s for t in turns.actions.running_timers()] == [600]
    finally:
        d.worker.close(5)


def test_a_whole_command_the_user_went_on_from_is_dropped_undone():
    d, sink, turns = timer_daemon("Set a timer for ten minutes.")
    d.worker.start()
    try:
        d.runner.start_early(said())
        assert whole_said(d)
        d.runner.went_on()
        d.worker.close(5)
        assert turns.actions.running_timers() == [] and sink.chunks == []
        assert d.commands.status()["turns"] == 0
    finally:
        d.worker.close(5)


def test_a_question_or_a_command_missing_its_value_waits_for_the_full_silence():
    for heard in ("Set a timer for", "When is the dentist?"):
        d, sink, _ = timer_daemon(heard)
        d.worker.start()
        try:
            d.runner.start_early(said())
            assert not whole_said(d, timeout_s=0.5)
            assert sink.chunks == []
        finally:
            d.runner.went_on()
            d.worker.close(5)


def test_the_microphone_asks_for_the_shorter_silence_only_when_it_is_configured():
    for sooner_s, asked in ((0.0, []), (0.6, [0.6])):
        settings = Settings()
        settings.endpoint.whole_command_silence_s = sooner_s
        d, _, _ = timer_daemon("Set a timer for ten minutes.", settings)
        told: list[float] = []
        d.mic.listening.end_sooner = told.append  # type: ignore[method-assign,assignment]
        d.worker.start()
        try:
            d.runner.start_early(said())
            deadline = time.monotonic() + 5
            while d.runner.early is not None and not d.runner.early[0]._whole:
                assert time.monotonic() < deadline
                time.sleep(0.01)
            d.mic.between_blocks(stream=None)  # type: ignore[arg-type]  # no reload: unused
            assert told == asked
        finally:
            d.runner.went_on()
            d.worker.close(5)
