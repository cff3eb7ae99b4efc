"""When wake-word scores wake the assistant: plain numbers, time as an input."""

import pytest

from voice_assistant.config import WakeConfig
from voice_assistant.errors import ConfigError
from voice_assistant.wake.openwakeword import wake_model_paths
from voice_assistant.wake.trigger import WakeTrigger

FRAME_S = 0.08


def feed(trigger, scores, start=0.0, speaking=False):
    return [i for i, s in enumerate(scores) if trigger.update(start + i * FRAME_S, s, speaking)]


def test_one_loud_frame_is_not_a_wake_word():
    trigger = WakeTrigger(WakeConfig(threshold=0.5, trigger_level=2))
    assert feed(trigger, [0.1, 0.9, 0.1, 0.9, 0.2]) == []


def test_consecutive_frames_wake_once_then_the_refractory_period_holds():
    trigger = WakeTrigger(WakeConfig(threshold=0.5, trigger_level=2, refractory_s=1.0))
    scores = [0.0, 0.8, 0.9, 0.95, 0.9, 0.8, 0.0, 0.0]
    assert feed(trigger, scores) == [2]  # not again at frames 3-5: same utterance


def test_after_the_refractory_period_it_wakes_again():
    trigger = WakeTrigger(WakeConfig(threshold=0.5, trigger_level=2, refractory_s=0.5))
    scores = [0.9, 0.9] + [0.0] * 10 + [0.9, 0.9]
    assert feed(trigger, scores) == [1, 13]


def test_while_speaking_only_the_stricter_barge_in_threshold_wakes():
    config = WakeConfig(threshold=0.5, trigger_level=2, barge_in_threshold=0.9)
    own_voice = [0.6, 0.7, 0.8, 0.7]  # our own reply, leaking into the mic
    assert feed(WakeTrigger(config), own_voice, speaking=True) == []
    assert feed(WakeTrigger(config), [0.95, 0.97], speaking=True) == [1]


def test_comma_separated_models_from_the_environment():
    assert WakeConfig.model_validate({"models": "alexa_v0.1, hey_jarvis_v0.1"}).models == [
        "alexa_v0.1",
        "hey_jarvis_v0.1",
    ]


def test_an_unknown_wake_model_names_what_is_installed(tmp_path):
    (tmp_path / "hey_jarvis_v0.1.onnx").write_bytes(b"x")
    (tmp_path / "melspectrogram.onnx").write_bytes(b"x")
    custom = tmp_path / "mine.onnx"
    custom.write_bytes(b"x")
    assert wake_model_paths(tmp_path, ["hey_jarvis_v0.1", str(custom)]) == [
        tmp_path / "hey_jarvis_v0.1.onnx",
        custom,
    ]
    with pytest.raises(ConfigError, match=r"'okay_nabu'.*\(hey_jarvis_v0.1, mine\)"):
        wake_model_paths(tmp_path, ["okay_nabu"])
