"""Speaking overlaps synthesis of the next sentence with playback of the current one, and a
turn started early has its reply synthesised while it waits to be confirmed."""

import threading

import numpy as np
import pytest

from voice_assistant.pipeline.speak import RecordingSink, Synthesis, complete_sentences, speak


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


def test_a_synthesis_started_early_is_played_from_where_it_got_to():
    tts = SentenceTTS(["One.", "Two."])
    early = Synthesis(tts, "One. Two.")
    assert tts.started[0].wait(5)  # made before anything may play
    sink = RecordingSink()
    speech = speak(tts, "One. Two.", sink, synthesis=early)
    assert [int(c[0]) for c in sink.chunks] == [0, 1] and speech.heard == "One. Two."
    early.abandon()  # already played: nothing happens
    assert early.drained


def test_an_abandoned_synthesis_stops_and_plays_nothing():
    tts = SentenceTTS(["One.", "Two.", "Three."])
    early = Synthesis(tts, "One. Two. Three.")
    assert tts.started[0].wait(5)
    early.abandon()  # the turn was dropped while it waited
    assert early.drained and not tts.started[2].is_set()


def test_a_synthesis_of_other_words_is_abandoned_and_the_words_asked_are_spoken():
    tts = SentenceTTS(["One.", "Two."])
    early = Synthesis(tts, "One.")
    sink = RecordingSink()
    speech = speak(tts, "Two.", sink, synthesis=early)
    assert early.drained and speech.heard == "Two."


def test_text_arriving_in_pieces_gives_its_whole_sentences_and_keeps_the_rest():
    assert complete_sentences("The capital of Aus") == ([], "The capital of Aus")
    assert complete_sentences("It is Canberra. It is ") == (["It is Canberra."], "It is ")
    assert complete_sentences("One. Two! Thr") == (["One.", "Two!"], "Thr")
    assert complete_sentences("Done.") == ([], "Done.")  # it may yet go on: "Done.5"
