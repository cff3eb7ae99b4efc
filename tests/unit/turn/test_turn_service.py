"""The turn service: entered with audio, an utterance or text; one worker runs every job
in order; each turn's result becomes one record."""

import itertools
import threading
import time
from functools import partial

import numpy as np
import pytest

from tests.fakes import ANSWER, fake_assembly, fake_pipeline, silence, spoken, tone
from voice_assistant.errors import Refused
from voice_assistant.events import Utterance
from voice_assistant.llm.fake import FakeLLM
from voice_assistant.pipeline.speak import RecordingSink
from voice_assistant.pipeline.stages import Delivery, TurnResult, turn_record
from voice_assistant.rooms.log import TurnLog
from voice_assistant.rooms.service import TurnService
from voice_assistant.rooms.sessions import Sessions
from voice_assistant.stt.fake import FakeSTT
from voice_assistant.tts.fake import FakeTTS
from voice_assistant.turn.session import Session

DENTIST = spoken("The dentist is on Thursday at 9:30.")


def speech():
    return np.concatenate([silence(0.5), tone(1.5), silence(1.5)])


def test_each_turn_is_spoken_where_its_own_delivery_says():
    llm = FakeLLM([ANSWER, DENTIST, ANSWER, DENTIST])
    service = TurnService(fake_assembly(stt=FakeSTT("when is the dentist"), llm=llm))
    service.start()
    kitchen, hall, phases = RecordingSink(), RecordingSink(), list[str]()
    try:
        first = Delivery(sink=kitchen, progress=phases.append)
        service.submit(speech(), Session.independent(), delivery=first).result(timeout=10)
        service.submit(speech(), Session.independent(), delivery=Delivery(sink=hall)).result(10)
    finally:
        assert service.close(timeout=10)
    assert kitchen.chunks and hall.chunks  # each reply on its own speaker
    assert phases == ["heard", "thinking", "speaking"]  # the first turn's progress only


def test_audio_is_endpointed_an_utterance_is_not_and_text_skips_whisper():
    stt, tts = FakeSTT("when is the dentist"), FakeTTS()
    service = TurnService(fake_assembly(stt=stt, llm=FakeLLM([ANSWER, DENTIST]), tts=tts))
    service.start()
    try:
        audio = service.submit(speech()).result(timeout=10)
        assert "endpoint" in audio.timings and 0 < stt.heard[-1] < len(speech())

        clip = tone(1.0)
        utterance = Utterance(clip, 0.0, 1.0, 1.0, "silence")
        said = service.submit(utterance).result(timeout=10)
        assert "endpoint" not in said.timings and stt.heard[-1] == len(clip)

        typed = service.submit("When is the dentist?", until="answer").result(timeout=10)
        assert len(stt.heard) == 2  # no audio: no STT
        assert typed.transcript is not None and typed.transcript.text == "When is the dentist?"
        assert typed.reply is not None and typed.speech is None  # stopped after the answer
        assert set(typed.timings) == {"answer", "total"}
    finally:
        assert service.close(timeout=10)


def test_jobs_run_in_order_on_one_worker_and_errors_reach_their_future():
    assembly = fake_assembly()
    service = TurnService(assembly).start()
    seen: list[tuple[int, str]] = []

    def note(i: int, given: object) -> None:
        assert given is assembly  # each job is handed the assembly in force
        seen.append((i, threading.current_thread().name))

    futures = [service.call(partial(note, i)) for i in range(5)]
    failing = service.call(lambda _: 1 / 0)
    after = service.call(lambda _: "still running")
    assert after.result(timeout=10) == "still running"
    assert all(f.done() for f in futures)
    assert [i for i, _ in seen] == [0, 1, 2, 3, 4]
    assert {name for _, name in seen} == {"worker"}
    with pytest.raises(ZeroDivisionError):
        failing.result()
    assert service.close(timeout=10)


def test_queued_jobs_can_be_cancelled_or_run_on_the_caller_thread():
    service = TurnService(fake_assembly())  # no worker started
    first = service.call(lambda _: "a")
    second = service.call(lambda _: threading.current_thread().name)
    assert service.pending() == 2
    assert first.cancel()  # a job not yet started is dropped when run
    assert service.run_pending() == [first, second]
    assert second.result() == threading.current_thread().name
    assert first.cancelled() and service.pending() == 0


def test_a_session_keeps_its_conversation_and_an_independent_one_does_not():
    llm = FakeLLM([ANSWER, DENTIST, ANSWER, DENTIST, ANSWER, DENTIST])
    service = TurnService(fake_assembly(stt=FakeSTT("When is the dentist?"), llm=llm)).start()
    try:
        room = Session(room="kitchen")
        service.submit(speech(), room, until="answer").result(timeout=10)
        service.submit(speech(), room, until="answer").result(timeout=10)
        other = service.submit(speech(), Session.independent(), until="answer").result(10)
    finally:
        service.close(timeout=10)
    finals = [messages for messages, options in llm.calls if options["task"] == "answer_spoken"]
    assert [m.role for m in finals[1]] == ["system", "user", "assistant", "user"]  # history
    assert [m.role for m in finals[2]] == ["system", "user"]  # a conversation of its own
    assert room.conversation is not None and other.reply is not None


def test_one_record_serves_the_report_and_the_status():
    result = fake_pipeline(stt=FakeSTT("when is the dentist"), llm=FakeLLM([ANSWER, DENTIST]))
    record = turn_record(result.run(speech()))
    assert record["transcript"] == "when is the dentist"
    assert record["reply"] == "The dentist is on Thursday at 9:30."
    assert record["stop_reason"] == "answered" and record["error"] is None
    assert record["heard"] == record["reply"] and record["cut"] is False
    assert [c["task"] for c in record["model_calls"]] == ["research", "answer_spoken"]


def test_a_gate_refuses_a_turn_before_it_runs_and_the_log_counts_it_by_room():
    llm = FakeLLM([ANSWER, DENTIST])
    service = TurnService(fake_assembly(stt=FakeSTT("when is the dentist"), llm=llm), log=TurnLog())
    told: list[TurnResult] = []
    damaged = Delivery(gate=lambda: Refused("model-damaged", "the gguf is damaged"))
    fine = Delivery(gate=lambda: None, finished=told.append)
    kitchen = service.sessions.get("satellite:kitchen")
    refused = service.submit("When is the dentist?", kitchen, "answer", delivery=damaged)
    answered = service.submit("When is the dentist?", kitchen, "answer", delivery=fine)
    service.run_pending()
    assert refused.result().reply is None and len(llm.calls) == 2  # only the second ran
    assert refused.result().stop_reason == "model-damaged"
    assert told == [answered.result()]  # told on the worker, once
    assert service.log is not None
    status = service.log.status("satellite:kitchen")
    assert (status["turns"], status["refused"]) == (1, 1)
    assert "Thursday at 9:30" in status["last_turn"]["reply"]
    assert service.log.status("local") == {"last_turn": {}, "turns": 0, "refused": 0}


def test_one_registry_keeps_each_room_s_conversation_and_forgets_the_oldest():
    sessions = Sessions(kept=2)
    kitchen = sessions.get("satellite:kitchen")
    assert sessions.get("satellite:kitchen") is kitchen and kitchen.continues_latest
    ha = sessions.get("wyoming:abc", continues_latest=False)
    assert not ha.continues_latest and ha.room == "wyoming:abc"
    sessions.get("local")  # a third room: the least recently used (the kitchen) goes
    assert len(sessions) == 2 and sessions.get("satellite:kitchen") is not kitchen


def test_a_reload_is_in_force_from_the_next_job_and_never_within_one():
    first, second = fake_assembly(), fake_assembly()
    service = TurnService(first)  # no worker: the queue is run here, in order
    before = service.call(lambda now: now)
    service.reassemble(second)
    after = service.call(lambda now: now)
    assert service.assembly is first  # nothing switches until the worker reaches it
    service.run_pending()
    assert (before.result(), after.result(), service.assembly) == (first, second, second)


def test_the_worker_rests_the_engines_after_work_and_a_check_does_not_put_it_off():
    assembly = fake_assembly()
    rests: list[float] = []
    held = iter([False, True, False])  # the second rest leaves what a later one releases

    def rest() -> bool:
        rests.append(time.monotonic())
        return next(held, False)

    assembly.engines.rest = rest  # type: ignore[method-assign]
    service = TurnService(assembly, rest_after_s=0.2).start()
    try:
        started = time.monotonic()
        while time.monotonic() - started < 0.6:  # a check every 50 ms puts nothing off
            service.call(lambda _: None, work=False).result(timeout=5)
            time.sleep(0.05)
        assert len(rests) == 1  # rested once; nothing held, so no more
        service.call(lambda _: None).result(timeout=5)  # work: a rest is due again
        time.sleep(1.0)
        assert len(rests) == 3  # rested, held something, rested again, then no more
    finally:
        assert service.close(timeout=5)
    assert all(b - a >= 0.19 for a, b in itertools.pairwise(rests))
