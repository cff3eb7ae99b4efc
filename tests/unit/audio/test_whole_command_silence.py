"""A tentative utterance the turn reads as whole commands is confirmed after a shorter
silence (``LiveEndpointer.end_sooner``): the same clip, sooner; not once the user has gone
on, and not for a later pause."""

import numpy as np

from tests.fakes import LoudWindows, silence, tone
from tests.unit.audio.test_turn_end_endpointing import config
from voice_assistant.end_of_turn.fake import FakeEndOfTurn
from voice_assistant.events import SAMPLE_RATE, Utterance
from voice_assistant.listening.endpointer import Endpointer
from voice_assistant.listening.endpointing import LiveEndpointer, Tentative

BLOCK = 1280


def listen(audio, whole_s: float | None):
    """Block by block; at each tentative utterance the turn 'reads it whole' when
    ``whole_s`` is set. What was said, with the time (s into the audio) it came."""
    pcm = (audio * 32767).astype(np.int16)
    listener = LiveEndpointer(LoudWindows(), config(pre_roll_s=0.2), FakeEndOfTurn(0.9))
    said = []
    for i in range(0, len(pcm), BLOCK):
        news = listener.feed(pcm[i : i + BLOCK])
        if news is None:
            continue
        said.append((news, (i + BLOCK) / SAMPLE_RATE))
        if isinstance(news, Tentative) and whole_s is not None:
            listener.end_sooner(whole_s)
    return said


def test_a_whole_command_is_the_same_utterance_confirmed_after_the_shorter_silence():
    audio = np.concatenate([silence(1.0), tone(1.0), silence(2.0)])
    (tentative, _), (final, at_s) = listen(audio, whole_s=0.5)
    (_, _), (usual, usual_at_s) = listen(audio, whole_s=None)
    assert isinstance(final, Utterance) and final.end_reason == "whole-command"
    assert (final.start_s, final.end_s) == (usual.start_s, usual.end_s)
    assert np.array_equal(final.samples, tentative.utterance.samples)
    assert 2.4 < at_s < 2.7 and 2.9 < usual_at_s < 3.2  # 0.5 s after the speech, not 1.0


def test_the_user_going_on_cancels_the_shorter_silence():
    audio = np.concatenate([silence(1.0), tone(1.0), silence(0.35), tone(0.6), silence(2.0)])
    said = [type(s).__name__ for s, _ in listen(audio, whole_s=0.5)]
    assert said[:2] == ["Tentative", "Resumed"]  # 0.35 s: not yet the 0.5 s asked for


def test_a_shorter_silence_asked_after_the_user_went_on_changes_nothing():
    ep = Endpointer(config())
    for p in [0.9] * 5 + [0.0] * 3:
        ep.process(0.1, p)
    ep.end_sooner(0.2)
    ep.process(0.1, 0.9)  # speaking again: the pause it was asked for is over
    ends = [ep.process(0.1, 0.0) for _ in range(12)]
    assert [s.end_reason for s in ends if s] == ["silence"]
