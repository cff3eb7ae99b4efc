"""The short-window rules of the whisper backend (pure functions; no model)."""

from voice_assistant.stt.whisper import looks_runaway, token_budget, window_frames


def test_window_is_speech_plus_margin_with_a_floor_and_whisper_ceiling():
    assert window_frames(250, min_window_s=15, margin_s=5) == 1500  # 2.5 s question
    assert window_frames(1234, min_window_s=15, margin_s=5) == 1800  # rounded up to 18 s
    assert window_frames(2800, min_window_s=15, margin_s=5) == 3000  # never past 30 s
    assert window_frames(250, min_window_s=30, margin_s=5) == 3000  # 30 = whisper's own


def test_runaway_output_falls_back():
    budget = token_budget(2.0)
    assert budget > 8 * 2
    assert not looks_runaway("What is the capital of Australia?", 8, budget)
    assert looks_runaway("anything", budget, budget)
    repeated = "What is the capital of Australia? What is the capital of Australia?"
    assert looks_runaway(repeated, 16, budget)
    assert not looks_runaway("no no no", 3, budget)  # short repeats are speech


def test_a_transcript_too_short_for_its_speech_is_caught():
    import numpy as np

    from voice_assistant.stt.lost_words import lost_words, syllables, voiced_seconds

    assert syllables("Simultaneous call limit reached.") == 9
    assert syllables("simultaneous") == 4  # roughly: 5 heard
    assert syllables("All circuits are busy now.") == 7
    assert syllables("go forward 10 meters") == 7
    rng = np.random.default_rng(0)
    speech = np.concatenate([np.zeros(3200), rng.uniform(-0.3, 0.3, 16000 * 2), np.zeros(3200)])
    assert abs(voiced_seconds(speech.astype(np.float32)) - 2.0) < 0.05
    assert lost_words("simultaneous", speech.astype(np.float32))  # 2 s of speech, 4 syllables
    assert not lost_words("simultaneous call limit reached", speech.astype(np.float32))
    assert not lost_words("yes", speech[: 16000 // 2].astype(np.float32))  # too short to judge
