"""The word whisper was least sure of, from its tokens' log probabilities."""

import math

import numpy as np

from voice_assistant.stt.word_doubt import least_sure_word, token_log_probs


def test_a_token_s_log_probability_is_read_from_its_step_s_logits():
    logits = [np.log(np.array([0.7, 0.2, 0.1])), np.array([2.0, 2.0, 2.0])]
    found = token_log_probs(logits, [0, 2])
    assert math.isclose(found[0], math.log(0.7))
    assert math.isclose(found[1], math.log(1 / 3))


def test_a_word_of_several_tokens_is_as_unsure_as_their_sum():
    pieces = [" Who", " is", " Mr", ".", " Ak", "eff", "er", "?"]
    probs = [-0.01, -0.02, -0.1, -0.01, -1.5, -2.0, -0.5, -0.05]
    at, word, log_prob = least_sure_word(pieces, probs)
    assert (at, word) == (3, "Akeffer")
    assert math.isclose(log_prob, -4.05)


def test_punctuation_alone_is_no_word_and_no_words_is_sure():
    assert least_sure_word([" Yes", " ..."], [-0.1, -3.0]) == (0, "Yes", -0.1)
    assert least_sure_word([" Oh", " ...", " yes"], [-0.1, -3.0, -0.2]) == (2, "yes", -0.2)
    assert least_sure_word([], []) == (-1, "", 0.0)


def test_the_place_is_among_the_words_split_at_spaces_punctuation_included():
    pieces = [" Set", " a", " -", " timer", " for", " 1", "-", "minute", "."]
    probs = [-0.1, -0.1, -0.1, -0.1, -0.1, -2.0, -0.1, -0.5, -0.01]
    at, word, _ = least_sure_word(pieces, probs)
    assert "".join(pieces).split()[at] == "1-minute." and word == "1-minute"
