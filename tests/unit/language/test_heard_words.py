"""The words of a question heard in doubt that its note does not hold (``heard_words``)."""

from __future__ import annotations

import pytest

from voice_assistant.language.heard_words import unheld_words
from voice_assistant.language.notes import read_note
from voice_assistant.language.question import read_question

NOTE = ("Trip to Riga", "We fly with Aurora Air via Tallinn in May, staying at the Hotel Linden.")


@pytest.mark.parametrize(
    ("question", "unheld"),
    [
        ("Which airline am I flying to lose and win?", {"lose", "win"}),
        ("Which airline am I flying with?", set()),
        ("Which airline do I need to take?", set()),  # light verbs say nothing
        ("Which hotel are we staying at?", set()),
    ],
)
def test_each_content_word_of_the_question_is_held_by_the_note_or_named(parser, question, unheld):
    reading = read_note(parser, *NOTE)
    assert unheld_words(read_question(parser, question), reading) == unheld
