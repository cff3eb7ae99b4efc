"""Endpointing rules with plain numbers: (window seconds, speech probability)."""

from tests.fakes import LoudnessVAD, silence, tone
from voice_assistant.config import EndpointConfig
from voice_assistant.events import SAMPLE_RATE
from voice_assistant.listening.endpointer import Endpointer, first_utterance

W = 0.1  # window seconds, to keep the arithmetic readable


def feed(endpointer, probabilities):
    out = []
    for p in probabilities:
        segment = endpointer.process(W, p)
        if segment:
            out.append(segment)
    return out


def config(**kw):
    base = dict(threshold=0.5, min_speech_s=0.3, silence_timeout_s=0.5, max_utterance_s=5.0)
    base.update(kw)
    return EndpointConfig(**base)


def test_silence_gives_nothing():
    ep = Endpointer(config())
    assert feed(ep, [0.0] * 100) == []
    assert ep.flush() is None


def test_speech_then_silence_timeout_ends_the_utterance():
    ep = Endpointer(config())
    segments = feed(ep, [0.0] * 3 + [0.9] * 10 + [0.0] * 5)
    assert len(segments) == 1
    seg = segments[0]
    assert abs(seg.start_s - 0.3) < 1e-9
    assert abs(seg.end_s - 1.3) < 1e-9
    assert abs(seg.speech_s - 1.0) < 1e-9
    assert seg.end_reason == "silence"


def test_a_short_pause_does_not_end_it():
    ep = Endpointer(config())
    segments = feed(ep, [0.9] * 5 + [0.0] * 4 + [0.9] * 5 + [0.0] * 5)
    assert len(segments) == 1
    assert abs(segments[0].end_s - 1.4) < 1e-9


def test_hysteresis_keeps_a_dip_as_speech():
    ep = Endpointer(config())
    segments = feed(ep, [0.9] * 3 + [0.4] * 10 + [0.0] * 5)
    assert abs(segments[0].speech_s - 1.3) < 1e-9


def test_a_click_shorter_than_min_speech_is_dropped():
    ep = Endpointer(config())
    assert feed(ep, [0.0, 0.9, 0.9] + [0.0] * 10) == []


def test_max_utterance_cuts_a_monologue():
    ep = Endpointer(config(max_utterance_s=2.0))
    segments = feed(ep, [0.9] * 30)
    assert segments[0].end_reason == "max-length"
    assert abs(segments[0].end_s - 2.0) < 1e-9


def test_flush_ends_an_open_utterance():
    ep = Endpointer(config())
    assert feed(ep, [0.9] * 5) == []
    seg = ep.flush()
    assert seg is not None and seg.end_reason == "end-of-input"


def test_first_utterance_cuts_with_pre_and_post_roll():
    cfg = config(pre_roll_s=0.2, post_roll_s=0.1)
    audio = __import__("numpy").concatenate([silence(1.0), tone(1.0), silence(2.0), tone(1.0)])
    utt = first_utterance(audio, LoudnessVAD(), cfg)
    assert utt is not None
    assert utt.end_reason == "silence"
    assert 0.75 < utt.start_s < 0.85
    assert 2.05 < utt.end_s < 2.2
    assert abs(len(utt.samples) / SAMPLE_RATE - (utt.end_s - utt.start_s)) < 1e-3


def test_first_utterance_of_silence_is_none():
    assert first_utterance(silence(3.0), LoudnessVAD(), config()) is None


def test_streaming_utterances_from_blocks_match_the_endpointer():
    """listen.utterances over 80 ms blocks with a loudness 'VAD' standing in for silero."""
    import numpy as np

    from tests.fakes import LoudWindows
    from voice_assistant.listening.endpointing import utterances

    audio = np.concatenate([silence(1.0), tone(1.0), silence(2.0), tone(0.6), silence(2.0)])
    pcm = (audio * 32767).astype(np.int16)
    blocks = [pcm[i : i + 1280] for i in range(0, len(pcm), 1280)]
    found = list(utterances(blocks, LoudWindows(), config(pre_roll_s=0.2, post_roll_s=0.1)))
    assert [u.end_reason for u in found] == ["silence", "silence"]
    assert abs(found[0].start_s - 0.8) < 0.05 and abs(found[1].start_s - 3.8) < 0.05
    assert abs(len(found[0].samples) / SAMPLE_RATE - 1.3) < 0.05  # 0.2 + 1.0 + 0.1
    assert np.abs(found[0].samples).max() > 0.4  # it holds the tone itself
