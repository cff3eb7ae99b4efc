"""The installed end-of-turn model (Smart Turn v3.2) on the demo's real speech: a whole
question is finished; the same question cut off three quarters of the way is not."""

from pathlib import Path

import numpy as np
import pytest

from voice_assistant.audio.wavfile import read_wav
from voice_assistant.config import Settings
from voice_assistant.engines import Engines

pytestmark = pytest.mark.integration
DEMO = Path(__file__).resolve().parents[2] / "demo"


@pytest.mark.parametrize("name", ["questions/capital.wav", "acts/timer_and_question.wav"])
def test_a_whole_question_is_finished_and_one_cut_short_is_not(name):
    model = Engines(Settings()).turn_end()
    audio, _ = read_wav(DEMO / name)
    last_loud = int(np.flatnonzero(np.abs(audio) > 0.03)[-1])
    whole = audio[: last_loud + 1600]  # and 0.1 s of the silence after it
    cut = audio[: int(last_loud * 0.75)]
    assert model.finished(whole) > 0.7
    assert model.finished(cut) < 0.3
