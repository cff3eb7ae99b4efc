"""The beams bench's figures: a request heard wrong at one of its cuts, or heard in more
than one way, counts once."""

import numpy as np

from bench.beams import Heard, figures


def test_a_request_heard_two_ways_counts_as_wrong_and_as_several_ways():
    timer, key = "Start a ninety minute timer.", "Where is the spare key?"
    clips = [
        Heard("piper/timer", np.full(160, 0.1, np.float32), timer),
        Heard("piper/timer", np.full(160, 0.2, np.float32), timer),
        Heard("piper/key", np.full(160, 0.3, np.float32), key),
        Heard("piper/key", np.full(160, 0.4, np.float32), key),
    ]
    heard = {
        0.1: "Start a 90 minute timer.",
        0.2: "Start a 19 minute timer.",
        0.3: "Where is the spare key?",
        0.4: "Where is the spare key?",
    }
    line = figures(clips, lambda audio: heard[round(float(audio[0]), 1)])
    assert "heard wrong   1 / 2" in line
    assert "heard several ways   1" in line
    assert "WER 0.050" in line  # one word of 20
