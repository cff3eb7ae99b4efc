"""Speaking overlaps synthesis of the next sentence with playback of the current one, and
the first sentence's synthesis with the wait for the end of the turn (``before``)."""

import threading

import numpy as np
import pytest

from voice_assistant.speak import RecordingSink, complete_sentences, speak


class SentenceTTS:
    sample_rate = 22_050

    def __init__(self, sentences, fail_at=None):
        self.sentences = sentences
        self.fail_at = fail_at
        self.started = [threading.Event() for _ in sentences]
        self.playing = [threading.Event() for _ in sentences]
        self.streamed = []

    def synthesize(self, text):
        i = self.sentences.index(text)  # speak() hands over one sentence at a time
        if i:  # sentence i is made only once sentence i-1 is playing: streaming
            self.streamed.append(self.playing[i - 1].wait(timeout=5))
        self.started[i].set()
        if i == self.fail_at:
            raise RuntimeError("voice crashed")
        yield np.full(100, i, dtype=np.int16)


class WaitingSink(RecordingSink):
    """Playing sentence i waits (bounded) until synthesis of sentence i+1 has begun."""

    def __init__(self, tts):
        super().__init__()
        self.tts = tts
        self.overlapped = []

    def play(self, samples, rate):
        i = int(samples[0])
        self.tts.playing[i].set()
        if i + 1 < len(self.tts.started):
            self.overlapped.append(self.tts.started[i + 1].wait(timeout=5))
        super().play(samples, rate)


def test_the_next_sentence_is_synthesised_while_this_one_plays():
    tts = SentenceTTS(["One.", "Two.", "Three."])
    sink = WaitingSink(tts)
    speech = speak(tts, "One. Two. Three.", sink)
    assert sink.overlapped == [True, True]
    assert tts.streamed == [True, True]
    assert [int(c[0]) for c in sink.chunks] == [0, 1, 2]  # played in order
    assert len(speech.samples) == 300 and speech.sample_rate == 22_050
    assert speech.heard == "One. Two. Three." and not speech.cut


def test_a_synthesis_failure_reaches_the_caller_after_what_was_spoken():
    tts = SentenceTTS(["One.", "Two."], fail_at=1)
    sink = WaitingSink(tts)
    with pytest.raises(RuntimeError, match="voice crashed"):
        speak(tts, "One. Two.", sink)
    assert len(sink.chunks) == 1


def test_a_stop_plays_no_further_sentence_and_keeps_what_was_played():
    tts = SentenceTTS(["One.", "Two.", "Three."])
    cancel = threading.Event()

    class StopAfterFirst(RecordingSink):
        def play(self, samples, rate):
            super().play(samples, rate)
            cancel.set()  # the user says "stop" while sentence one plays

    sink = StopAfterFirst()
    speech = speak(tts, "One. Two. Three.", sink, cancel)
    assert [int(c[0]) for c in sink.chunks] == [0]
    assert len(speech.samples) == 100
    assert speech.heard == "One." and speech.cut  # what the conversation keeps


def test_the_first_sentence_is_made_while_the_turn_waits_to_be_confirmed():
    tts = SentenceTTS(["One.", "Two."])
    made_first: list[bool] = []
    sink = RecordingSink()
    speak(tts, "One. Two.", sink, before=lambda: made_first.append(tts.started[0].wait(5)))
    assert made_first == [True]
    assert [int(c[0]) for c in sink.chunks] == [0, 1]


def test_a_turn_dropped_while_waiting_plays_nothing_and_the_drop_goes_on():
    tts = SentenceTTS(["One.", "Two.", "Three."])
    sink = RecordingSink()

    def dropped() -> None:
        tts.started[0].wait(5)
        raise LookupError("the user went on")

    with pytest.raises(LookupError, match="went on"):
        speak(tts, "One. Two. Three.", sink, before=dropped)
    assert sink.chunks == []
    assert not tts.started[2].is_set()  # synthesis stopped, not run to the end


def test_text_arriving_in_pieces_gives_its_whole_sentences_and_keeps_the_rest():
    assert complete_sentences("The capital of Aus") == ([], "The capital of Aus")
    assert complete_sentences("It is Canberra. It is ") == (["It is Canberra."], "It is ")
    assert complete_sentences("One. Two! Thr") == (["One.", "Two!"], "Thr")
    assert complete_sentences("Done.") == ([], "Done.")  # it may yet go on: "Done.5"
