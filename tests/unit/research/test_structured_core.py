"""The research core with code's answers from structure (the real parser, a scripted
model): a one-value question is answered by code with no model call; a heard "Where" no
note places is read as the "When" it sounds like; the model's open answer stands only
where code finds each value it states in a note about what was asked."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fakes import spoken
from tests.paths import PARSER_MODEL
from voice_assistant.config import Settings
from voice_assistant.language.notes import NoteReader
from voice_assistant.language.parser import Parser
from voice_assistant.llm.fake import FakeLLM
from voice_assistant.memory.conversation import Conversations
from voice_assistant.memory.sqlite import connect
from voice_assistant.memory.store import MemoryStore
from voice_assistant.research.core import MemoryResearch
from voice_assistant.research.dialogue import Dialogue, ThisTurn
from voice_assistant.research.structured import StructuredAnswers
from voice_assistant.research.tools import Tools


@pytest.fixture(scope="module")
def parser() -> Parser:
    return Parser(PARSER_MODEL)


def core(parser: Parser, llm: FakeLLM) -> MemoryResearch:
    store = MemoryStore(connect(Path(":memory:")), device="test", reader=NoteReader(lambda: parser))
    store.add("Wilhelmina: 14 February\nBarnaby: 29 August", title="Birthdays", kind="note")
    store.add("My brother Casimir lives in Trondheim.", title="Casimir", kind="note")
    store.add("Tickets £12 adults, £6 children.", title="Carol concert", kind="note")
    store.add("The billing service belongs to the ledger team.", title="Billing", kind="note")
    store.add("My cousin Joaquín lives in Sevilla.", title="Cousin", kind="note")
    settings = Settings()
    return MemoryResearch(
        llm,
        Tools(store),
        Conversations(store.db),
        settings.research,
        settings.tasks.research_profiles(),
        n_ctx=4096,
        structured=StructuredAnswers(parser, store),
    )


def test_a_one_value_question_is_answered_by_code_with_no_model_call(parser):
    llm = FakeLLM()
    reply = core(parser, llm).answer("When is Wilhelmina's birthday?", "spoken")
    assert reply.text == "Wilhelmina's birthday is on 14 February."
    assert reply.final_outcome == "matched" and llm.calls == []


def test_a_heard_where_no_note_places_is_the_when_it_sounds_like(parser):
    session = Dialogue(room="test", continues_latest=False)
    research = core(parser, FakeLLM())
    heard = ThisTurn(heard=(-0.6, -1.2))
    reply = research.answer("Where is Wilhelmina's birthday?", "spoken", session, heard)
    assert "14 February" in reply.text
    typed = research.answer("Where is Wilhelmina's birthday?", "spoken")
    assert "14 February" not in typed.text and typed.final_outcome == "declined"


def test_the_model_s_open_answer_with_another_person_s_value_is_declined(parser):
    llm = FakeLLM([spoken("Her birthday is on 29 August.")])  # the first search settles
    reply = core(parser, llm).answer("Tell me about Wilhelmina's birthday.", "spoken")
    assert "29 August" not in reply.text and reply.final_outcome == "declined"
    assert reply.review is not None
    assert "'29 August' (date): no note about what was asked holds it" in str(reply.review)


def test_the_model_s_open_answer_the_notes_hold_stands(parser):
    llm = FakeLLM([spoken("Her birthday is on 14 February.")])
    reply = core(parser, llm).answer("Tell me about Wilhelmina's birthday.", "spoken")
    assert "14 February" in reply.text
    assert reply.review is not None and reply.review["drafts"][0]["failed"] == []


def test_a_word_of_a_note_s_title_heard_capitalised_is_no_unknown_name(parser):
    llm = FakeLLM()
    reply = core(parser, llm).answer(
        "How much are tickets for children at the Carol concert?", "spoken"
    )
    assert "£6" in reply.text and llm.calls == []
    unknown = core(parser, llm).answer("When is Ottoline's birthday?", "spoken")
    assert unknown.final_outcome == "declined"  # a name no note says is still declined


@pytest.mark.parametrize(
    ("heard", "said"),
    [
        ("Who owns the Billing Service?", "ledger team"),  # the note writes it lower case
        ("Where does Joaquin live?", "Sevilla"),  # the note's "Joaquín", accent unheard
    ],
)
def test_a_name_as_whisper_writes_it_is_the_note_s(parser, heard, said):
    reply = core(parser, FakeLLM()).answer(heard, "spoken")
    assert said in reply.text and reply.final_outcome == "matched"
