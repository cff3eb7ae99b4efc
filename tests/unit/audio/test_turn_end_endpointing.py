"""Ending a turn by meaning: at a short pause the end-of-turn model is asked, once per
pause; yes ends the utterance there, no waits on for the silence (plain numbers and a
fake model; the real one is tested in tests/integration/test_turn_end.py)."""

import numpy as np

from tests.fakes import LoudWindows, silence, tone
from voice_assistant.config import EndpointConfig
from voice_assistant.end_of_turn.fake import FakeEndOfTurn
from voice_assistant.events import SAMPLE_RATE, Utterance
from voice_assistant.listening.endpointer import Endpointer, finished_at_pause
from voice_assistant.listening.endpointing import LiveEndpointer, Tentative

W = 0.1


def config(**kw):
    base = dict(
        threshold=0.5,
        min_speech_s=0.3,
        silence_timeout_s=1.0,
        max_utterance_s=10.0,
        turn_end_pause_s=0.2,
        turn_end_threshold=0.5,
    )
    base.update(kw)
    return EndpointConfig(**base)


def asks(endpointer, probabilities):
    """For each window: was the model due a question after it?"""
    out = []
    for p in probabilities:
        endpointer.process(W, p)
        out.append(endpointer.pause_to_ask())
    return out


def test_asked_once_per_pause_when_the_pause_reaches_its_length():
    ep = Endpointer(config())
    due = asks(ep, [0.9] * 5 + [0.0] * 5 + [0.9] * 3 + [0.0] * 4)
    assert due == [False] * 6 + [True] + [False] * 3 + [False] * 4 + [True, False, False]


def test_not_asked_before_enough_speech_nor_when_switched_off():
    assert not any(asks(Endpointer(config()), [0.9, 0.9] + [0.0] * 5))  # 0.2 s of speech
    assert not any(asks(Endpointer(config(turn_end_pause_s=0)), [0.9] * 5 + [0.0] * 8))


def test_the_model_is_shown_the_utterance_so_far_with_its_pre_roll():
    ep, model = Endpointer(config()), FakeEndOfTurn(0.9)
    heard = np.ones(SAMPLE_RATE * 3, np.float32)
    verdicts = []
    for p in [0.0] * 5 + [0.9] * 10 + [0.0] * 3:
        ep.process(W, p)
        verdicts.append(finished_at_pause(ep, model, lambda first: heard[first:]))
    assert verdicts == [False] * 16 + [True, False]
    first = int((0.5 - config().pre_roll_s) * SAMPLE_RATE)
    assert model.asked_s == [len(heard[first:]) / SAMPLE_RATE]
    assert ep.start is not None  # the utterance is still open: silence confirms it


def test_an_unfinished_verdict_is_false_and_the_silence_still_ends_it():
    ep, model = Endpointer(config()), FakeEndOfTurn(0.3)
    verdicts = []
    for p in [0.9] * 10 + [0.0] * 3:
        ep.process(W, p)
        verdicts.append(finished_at_pause(ep, model, lambda first: np.zeros(10, np.float32)))
    assert not any(verdicts) and len(model.asked_s) == 1
    segments = [ep.process(W, 0.0) for _ in range(8)]
    assert [s.end_reason for s in segments if s] == ["silence"]


def test_the_pause_is_at_least_the_post_roll_so_the_clip_so_far_is_whole():
    ep = Endpointer(config(turn_end_pause_s=0.1, post_roll_s=0.3))
    assert asks(ep, [0.9] * 5 + [0.0] * 4) == [False] * 7 + [True, False]


def heard(audio, model, **kw):
    """What the live listener says block by block over ``audio`` (None dropped)."""
    pcm = (audio * 32767).astype(np.int16)
    listener = LiveEndpointer(LoudWindows(), config(pre_roll_s=0.2, **kw), model)
    said = [listener.feed(pcm[i : i + 1280]) for i in range(0, len(pcm), 1280)]
    return [s for s in said if s is not None]


def test_a_tentative_utterance_at_the_pause_then_the_same_one_confirmed_by_silence():
    audio = np.concatenate([silence(1.0), tone(1.0), silence(2.0)])
    model = FakeEndOfTurn(0.9)
    tentative, final = heard(audio, model)
    assert isinstance(tentative, Tentative) and isinstance(final, Utterance)
    assert final.end_reason == "silence" and tentative.utterance.end_reason == "turn-end"
    assert (tentative.utterance.start_s, tentative.utterance.end_s) == (final.start_s, final.end_s)
    assert np.array_equal(tentative.utterance.samples, final.samples)
    assert len(model.asked_s) == 1 and 1.3 < model.asked_s[0] < 1.5  # pre-roll, tone, pause


def test_the_user_going_on_after_a_tentative_one_is_said_and_the_final_is_longer():
    audio = np.concatenate([silence(1.0), tone(1.0), silence(0.5), tone(0.6), silence(2.0)])
    said = heard(audio, FakeEndOfTurn(0.9))
    assert [type(s).__name__ for s in said] == ["Tentative", "Resumed", "Tentative", "Utterance"]
    assert said[0].utterance.end_s < said[3].end_s
    assert (said[2].utterance.start_s, said[2].utterance.end_s) == (said[3].start_s, said[3].end_s)


def test_an_unfinished_verdict_offers_nothing_early_without_the_late_pause():
    audio = np.concatenate([silence(1.0), tone(1.0), silence(2.0)])
    said = heard(audio, FakeEndOfTurn(0.1), turn_end_late_pause_s=0)
    assert [type(s).__name__ for s in said] == ["Utterance"]
    assert [type(s).__name__ for s in heard(audio, None)] == ["Utterance"]  # no model: none


def test_a_pause_reaching_the_late_length_offers_the_utterance_whatever_the_model_said():
    """The model misses some voices' endings: at ``turn_end_late_pause_s`` the turn starts
    anyway, and the silence still confirms it (the same utterance)."""
    audio = np.concatenate([silence(1.0), tone(1.0), silence(2.0)])
    model = FakeEndOfTurn(0.1)
    tentative, final = heard(audio, model, turn_end_late_pause_s=0.5)
    assert isinstance(tentative, Tentative) and isinstance(final, Utterance)
    assert (tentative.utterance.start_s, tentative.utterance.end_s) == (final.start_s, final.end_s)
    assert len(model.asked_s) == 1  # asked once, at the short pause; the late one asks not


def test_a_late_start_the_user_goes_on_from_is_resumed_and_each_pause_has_its_own():
    audio = np.concatenate([silence(1.0), tone(1.0), silence(0.7), tone(0.6), silence(2.0)])
    said = heard(audio, FakeEndOfTurn(0.1), turn_end_late_pause_s=0.5)
    assert [type(s).__name__ for s in said] == ["Tentative", "Resumed", "Tentative", "Utterance"]
    shorter = np.concatenate([silence(1.0), tone(1.0), silence(0.4), tone(0.6), silence(2.0)])
    said = heard(shorter, FakeEndOfTurn(0.1), turn_end_late_pause_s=0.5)
    assert [type(s).__name__ for s in said] == ["Tentative", "Utterance"]  # 0.4 s: none


def test_the_late_pause_comes_once_per_pause_and_never_when_off():
    ep = Endpointer(config(turn_end_late_pause_s=0.5))
    due = []
    for p in [0.9] * 5 + [0.0] * 7 + [0.9] * 3 + [0.0] * 6:
        ep.process(W, p)
        due.append(ep.late_pause())
    assert due == [False] * 9 + [True] + [False] * 2 + [False] * 3 + [False] * 4 + [True, False]
    off = Endpointer(config(turn_end_late_pause_s=0))
    for p in [0.9] * 5 + [0.0] * 8:
        off.process(W, p)
        assert not off.late_pause()
