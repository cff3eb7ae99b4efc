import pytest

from voice_assistant.research.spoken import speakable


@pytest.mark.parametrize(
    ("text", "spoken"),
    [
        ("See [1] and [2, 3].", "See and."),
        ("Read https://example.com/x now.", "Read now."),
        ("- one\n- two\n1. three", "one two three"),
        ("**Bold** and `code`.", "Bold and code."),
        ("It is in ~/notes/dentist.md today.", "It is in today."),
        ("## Heading\nText.", "Heading Text."),
    ],
)
def test_speakable_strips_what_cannot_be_spoken(text, spoken):
    assert speakable(text) == spoken


def test_wer_normalises_case_punctuation_and_clock_times():
    from voice_assistant.wer import word_error_rate

    assert word_error_rate(["At 9:30, Dr. Who's here."], ["at 930 dr who's here"]) == 0.0
    assert word_error_rate(["one two three four"], [""]) == 1.0
