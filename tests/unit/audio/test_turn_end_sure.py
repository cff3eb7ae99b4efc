"""A pause the end-of-turn model is sure of (``endpoint.turn_end_sure_threshold``) is
confirmed after ``turn_end_sure_silence_s`` of silence: the same clip as the tentative
one, sooner; a verdict under the sure threshold waits for the whole silence, and so
does every verdict when the sure threshold is off."""

import numpy as np

from tests.fakes import LoudWindows, silence, tone
from tests.unit.audio.test_turn_end_endpointing import config
from voice_assistant.end_of_turn.fake import FakeEndOfTurn
from voice_assistant.events import SAMPLE_RATE, Utterance
from voice_assistant.listening.endpointing import LiveEndpointer, Resumed, Tentative

BLOCK = 1280


def listen(audio, probability: float, sure: float):
    """What was said, with the time (s into the audio) it came."""
    pcm = (audio * 32767).astype(np.int16)
    settings = config(pre_roll_s=0.2, turn_end_sure_threshold=sure, turn_end_sure_silence_s=0.4)
    listener = LiveEndpointer(LoudWindows(), settings, FakeEndOfTurn(probability))
    said = []
    for i in range(0, len(pcm), BLOCK):
        news = listener.feed(pcm[i : i + BLOCK])
        if news is not None:
            said.append((news, (i + BLOCK) / SAMPLE_RATE))
    return said


AUDIO = np.concatenate([silence(1.0), tone(1.0), silence(2.0)])


def test_a_sure_verdict_confirms_the_same_utterance_after_the_shorter_silence():
    (tentative, _), (final, at_s) = listen(AUDIO, probability=0.97, sure=0.95)
    assert isinstance(tentative, Tentative) and isinstance(final, Utterance)
    assert final.end_reason == "turn-end-sure"
    assert np.array_equal(final.samples, tentative.utterance.samples)
    assert 2.3 < at_s < 2.6  # 0.4 s after the speech, not 1.0


def test_a_verdict_under_the_sure_threshold_or_with_it_off_waits_for_the_silence():
    for probability, sure in ((0.9, 0.95), (0.99, 0.0)):
        (_, _), (final, at_s) = listen(AUDIO, probability, sure)
        assert final.end_reason == "silence" and 2.9 < at_s < 3.2


def test_the_user_going_on_within_the_shorter_silence_ends_nothing():
    audio = np.concatenate([silence(1.0), tone(1.0), silence(0.3), tone(0.6), silence(2.0)])
    said = listen(audio, probability=0.99, sure=0.95)
    assert isinstance(said[0][0], Tentative) and isinstance(said[1][0], Resumed)
    final = said[-1][0]
    assert isinstance(final, Utterance) and final.end_s > 2.8  # the whole request
