"""Everything the language layer loads on first use, loaded up front: a daemon's or a
batch's first turn then holds no loading in its timings (about a second on two cores)."""

from __future__ import annotations

from voice_assistant.language import forms
from voice_assistant.language.inflection import inflected
from voice_assistant.language.parser import Parser
from voice_assistant.language.question import read_question
from voice_assistant.language.wordnet import wordnet


def warm(parser: Parser) -> None:
    """spaCy's tokenizer and the command forms, the English pipeline, WordNet's database
    and LemmInflect's tables, each used once on a fixed sentence."""
    forms.whole("timer", forms.said("set a timer for ten minutes"))
    read_question(parser, "When is my appointment?")
    wordnet().synonyms("colour")
    inflected("plan", "VBD")
