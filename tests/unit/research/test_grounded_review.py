"""The review of the model's facts by the matching of code's own answers: a value a fact
states stands only when the note it cites holds it, of what was asked, of the question's
owner, on the side asked (the real parser over notes in a store, as research gives them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.paths import PARSER_MODEL
from voice_assistant.language.notes import NoteReader
from voice_assistant.language.parser import Parser
from voice_assistant.memory.sqlite import connect
from voice_assistant.memory.store import MemoryStore
from voice_assistant.research.notes import Note
from voice_assistant.research.structured import StructuredAnswers

NOTES = {
    "Brother": "My brother Casimir lives in Trondheim.",
    "Running plan": "Training for the 10k: long run on Saturdays. Race day is 12 September.",
    "Teapots": "Teapots: retail price 40 euros, wholesale price 22 euros.",
    "Jugs": "Jugs sell for 15 euros retail. No wholesale price has been set for them yet.",
    "Van": "The van is a green panel van.",
    "Cat": "Her next vet appointment is on Tuesday 3 November at 11:40, for her jab.",
}


@pytest.fixture(scope="module")
def grounder() -> tuple[StructuredAnswers, dict[str, Note]]:
    parser = Parser(PARSER_MODEL)
    store = MemoryStore(connect(Path(":memory:")), device="test", reader=NoteReader(lambda: parser))
    notes = {}
    for title, text in NOTES.items():
        memory_id = store.add(text, title=title, kind="note")
        notes[title] = Note(title, "note", text, day="2026-11-01", text=text, memory_id=memory_id)
    return StructuredAnswers(parser, store), notes


def unheld(grounder, question: str, say: str, title: str, context: str = "") -> list[str]:
    answers, notes = grounder
    return answers.unheld(question, say, notes[title], context)


@pytest.mark.parametrize(
    ("question", "say", "title"),
    [
        ("What is my passport number?", "It is 12345.", "Brother"),  # no note holds it
        ("When is my 10k?", "It is on 12 October.", "Running plan"),  # a month is a value
        ("What's the wholesale price of my teapots?", "It is 40 euros.", "Teapots"),  # retail
        ("What's the wholesale price of my jugs?", "It is 15 euros.", "Jugs"),  # none is set
        ("What colour is the van?", "The van is a red panel van.", "Van"),  # a colour too
        ("How much is the cat's jab going to cost?", "It will cost 11 euros.", "Cat"),  # 11:40
    ],
)
def test_a_value_its_note_does_not_hold_of_what_was_asked_fails(grounder, question, say, title):
    assert unheld(grounder, question, say, title) != []


@pytest.mark.parametrize(
    ("question", "say", "title", "context"),
    [
        ("When is my 10k?", "It is on 12 September.", "Running plan", ""),
        ("When is my 10k?", "It is on 12 September, as Idris said.", "Running plan", "Idris runs."),
        ("What's the wholesale price of my teapots?", "It is 22 euros.", "Teapots", ""),
        ("How much do my teapots sell for retail?", "They sell for €40 retail.", "Teapots", ""),
        ("What colour is the van?", "The van is green.", "Van", ""),
        ("Where does my brother live?", "Your brother Casimir lives in Trondheim.", "Brother", ""),
    ],
)
def test_a_value_its_note_holds_stands(grounder, question, say, title, context):
    assert unheld(grounder, question, say, title, context) == []
