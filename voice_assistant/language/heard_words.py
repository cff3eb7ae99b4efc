"""The words of a question heard in doubt that the matched note does not hold.

A question whisper heard in doubt may hold ordinary words where a name was said ("Which
airline are my flying to lose and win?" for "… to Lisbon with?"). When it names no focus,
only the kind it asks ("airline") and its owner tie it to a note, and any note holding
such a value would do (another trip's airline), said in the frame with the misheard words
around it. Such a question, heard in doubt, is answered only when its note holds each of
its content words, as written or in other words (a synonym, a derived form, a narrower or
wider word: ``focus.focus_found_word``). A question with a focus is not held to this: its
verb is often the note's in other words WordNet does not know ("who owns …": "… belongs
to …"). Light verbs ("go", "have") say nothing of what is asked and need not be held.
"""

from __future__ import annotations

from voice_assistant.language.focus import focus_found_word
from voice_assistant.language.lexicon import words
from voice_assistant.language.question import Question
from voice_assistant.language.reading import NoteReading

LIGHT = words("questions", "light")


def unheld_words(question: Question, reading: NoteReading) -> frozenset[str]:
    """The question's other content words (``Question.extra``, light verbs aside) that no
    unit of the note, nor its title, holds."""
    held = reading.title.union(*(unit.words for unit in reading.units))
    return frozenset(
        word
        for word in question.extra - LIGHT
        if " " not in word and focus_found_word(word, held) is None
    )
