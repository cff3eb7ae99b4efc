"""Pipeline logic with fakes: stage order, gating, --until, errors as events."""

import numpy as np

from tests.fakes import ANSWER, fake_pipeline, silence, spoken, tone
from voice_assistant.errors import StageFailure
from voice_assistant.llm.fake import FakeLLM
from voice_assistant.pipeline.stages import Delivery
from voice_assistant.stt.fake import FakeSTT
from voice_assistant.tts.fake import FakeTTS

TWO_SENTENCES = spoken("The dentist is on Thursday. It is at 9:30.")


def speech():
    return np.concatenate([silence(0.5), tone(1.5), silence(1.5)])


def test_a_turn_runs_every_stage_in_order():
    stt, llm, tts = (FakeSTT("when is the dentist"), FakeLLM([ANSWER, TWO_SENTENCES]), FakeTTS())
    result = fake_pipeline(stt=stt, llm=llm, tts=tts).run(speech())
    assert result.error is None
    assert result.transcript and result.transcript.text == "when is the dentist"
    assert result.reply and result.reply.text == "The dentist is on Thursday. It is at 9:30."
    assert result.stop_reason == "answered"
    assert "Question: when is the dentist" in llm.calls[0][0][-1].content
    assert llm.calls[1][0][-1].content.startswith("when is the dentist\n\nNotes:")
    assert tts.spoken == ["The dentist is on Thursday.", "It is at 9:30."]
    assert result.speech is not None and result.speech.sample_rate == 22050
    assert len(result.speech.samples) > 0
    assert set(result.timings) >= {"endpoint", "stt", "answer", "tts", "first_audio", "total"}
    # the endpointer cut the utterance: STT heard less than the whole recording
    assert 0 < stt.heard[0] < len(speech())


def test_silence_is_gated_before_whisper():
    stt, llm = FakeSTT(), FakeLLM()
    result = fake_pipeline(stt=stt, llm=llm).run(silence(3.0))
    assert result.stop_reason == "no-speech"
    assert stt.heard == [] and llm.calls == []
    assert result.reply is None and result.speech is None


def test_empty_transcript_gets_no_reply():
    llm = FakeLLM()
    result = fake_pipeline(stt=FakeSTT(""), llm=llm).run(speech())
    assert result.stop_reason == "empty-transcript"
    assert llm.calls == []


def test_until_stt_and_until_answer():
    llm, tts = FakeLLM(), FakeTTS()
    pipeline = fake_pipeline(llm=llm, tts=tts)
    assert pipeline.run(speech(), until="stt").stop_reason == "until-stt"
    assert llm.calls == []
    result = pipeline.run(speech(), until="answer")
    assert result.reply is not None and result.speech is None and tts.spoken == []


def test_the_answer_is_bounded_by_the_spoken_profile():
    llm = FakeLLM([ANSWER, TWO_SENTENCES])
    pipeline = fake_pipeline(stt=FakeSTT("when is the dentist"), llm=llm)
    pipeline.run(speech())
    research, answer = llm.calls[0][1], llm.calls[1][1]
    assert research["schema"] is not None and research["deadline_s"] <= 20.0
    assert answer["max_tokens"] == 160 and answer["deadline_s"] == 30.0


class BrokenSTT(FakeSTT):
    def transcribe(self, samples):
        raise StageFailure("stt", "model-load", "whisper could not load its model")


def test_a_stage_failure_becomes_an_error_event():
    result = fake_pipeline(stt=BrokenSTT()).run(speech())
    assert result.stop_reason == "error"
    assert result.error is not None
    assert (result.error.stage, result.error.code) == ("stt", "model-load")
    assert "total" in result.timings


def test_progress_is_only_phases_in_order_and_never_an_outcome():
    from voice_assistant.pipeline.progress import PHASES, earcon

    heard: list[str] = []
    pipeline = fake_pipeline(llm=FakeLLM([ANSWER, "Canberra."]))
    result = pipeline.run(speech(), delivery=Delivery(progress=heard.append))
    assert heard == result.progress == ["heard", "thinking", "speaking"]
    assert set(heard) <= set(PHASES)
    assert pipeline.run(silence(2.0)).progress == []  # no speech, no earcon
    tone = earcon("heard")
    assert tone.dtype == np.int16 and 0 < len(tone) < 22_050 and abs(int(tone[0])) < 1000
    assert len(earcon("speaking")) == 0
