"""The research core end to end with a scripted model: stored turns, history, replay."""

from tests.fakes import ANSWER, DENTIST_SAID, fake_research, spoken, written
from voice_assistant.llm.fake import FakeLLM
from voice_assistant.turn.session import Session


def test_a_written_answer_cites_sources_and_the_turn_is_stored():
    answer = written("The dentist is on Thursday.", (1, "on Thursday at 9:30", "At 9:30."))
    llm = FakeLLM([ANSWER, answer])
    research = fake_research(llm)
    reply = research.answer("When is the dentist?", "written")
    assert reply.text.startswith(
        "The dentist is on Thursday.\n- At 9:30. [1]\n\nSources:\n[1] Dentist (cli, note; updated "
    )
    assert llm.calls[1][1]["schema"]["properties"]["points"]["items"]["properties"]["note"][
        "enum"
    ] == [1]
    assert (reply.stop_reason, reply.notes, reply.final_outcome) == ("answered", 1, "answered")
    assert [c.task for c in reply.model_calls] == ["research", "answer_written"]
    assert reply.turn_id is not None
    turn = research.conversations.turn(reply.turn_id)
    assert turn is not None and turn.reply == reply.text
    assert turn.exchanges[0]["call"]["tool"] == "search_memories"
    assert turn.notes[0]["subject"] == "Dentist"
    final_request = turn.final_request
    assert final_request[-1]["content"].startswith("When is the dentist?\n\nNotes:\n[1] Dentist")
    assert not any("memory_id" in m["content"] for m in final_request)
    assert turn.review["kind"] == "personal" and turn.review["reply"] == "model, reviewed"
    assert reply.review == turn.review


def test_the_next_turn_sees_earlier_messages_without_tool_exchanges():
    at = spoken("The dentist is at 9:30.")
    llm = FakeLLM([ANSWER, DENTIST_SAID, ANSWER, at])
    research, session = fake_research(llm), Session()
    research.answer("When is the dentist?", "spoken", session)
    research.answer("What time is the dentist?", "spoken", session)
    final_messages = llm.calls[3][0]
    assert [m.role for m in final_messages] == ["system", "user", "assistant", "user"]
    assert final_messages[1].content == "When is the dentist?"
    assert final_messages[2].content == "The dentist is on Thursday."  # what was said


def test_a_question_its_first_search_settles_gets_no_research_call():
    from voice_assistant.config import Settings

    llm = FakeLLM([DENTIST_SAID])
    reply = fake_research(llm, Settings()).answer("When is the dentist?", "spoken")
    assert reply.stop_reason == "decisive"  # the found note holds "dentist"
    assert [c.task for c in reply.model_calls] == ["answer_spoken"]
    assert reply.text == "The dentist is on Thursday."
    assert llm.calls[0][0][-1].content.startswith(
        "When is the dentist?\n\nNotes:\n[1] Dentist: The dentist is on Thursday at 9:30.\n"
    )  # the note alone: no other note shares its subject, so no date


def test_a_spoken_answer_that_fails_gives_the_spoken_fallback():
    llm = FakeLLM([ANSWER, '{"facts": [{"note": 1, "quote": "The dentist is on Thurs'], "deadline")
    reply = fake_research(llm).answer("When is the dentist?", "spoken")
    assert reply.text == (
        "I couldn't finish looking into that. The most relevant thing I found: "
        "The dentist is on Thursday at 9:30."
    )
    assert reply.final_outcome == "cut-short"


def test_replay_rebuilds_notes_from_the_stored_structures():
    from voice_assistant.research.core import stored_exchanges
    from voice_assistant.research.notes import build_notes

    llm = FakeLLM([ANSWER, written("Thursday.")])
    research = fake_research(llm)
    reply = research.answer("When is the dentist?", "written")
    assert reply.turn_id is not None
    turn = research.conversations.turn(reply.turn_id)
    assert turn is not None
    notes = build_notes(stored_exchanges(turn))
    assert [n.subject for n in notes] == ["Dentist"]
    _, answered = research.final_pass(turn.question, notes, [], "written")
    assert answered.request[-1].content == turn.final_request[-1]["content"]


def test_a_new_conversation_forgets_earlier_messages():
    llm = FakeLLM([ANSWER, DENTIST_SAID, "Fine."])
    research = fake_research(llm)
    research.answer("When is the dentist?", "spoken", Session())
    research.answer("How are you?", "spoken", Session.independent())  # general: one call
    assert [m.role for m in llm.calls[2][0]] == ["system", "user"]


def test_batch_files_are_independent_turns(tmp_path):
    import numpy as np
    import soundfile

    from tests.fakes import fake_assembly, silence, tone
    from voice_assistant.cli.batch import run_batch

    llm = FakeLLM(["It is noon."])
    for name in ("a", "b"):
        audio = np.concatenate([silence(0.3), tone(1.0), silence(1.2)])
        soundfile.write(tmp_path / f"{name}.wav", audio, 16000)
    run_batch([tmp_path / "a.wav", tmp_path / "b.wav"], fake_assembly(llm=llm), tmp_path / "o")
    assert len(llm.calls) == 2  # "what time is it": general knowledge, one call a file
    assert [m.role for m in llm.calls[1][0]] == ["system", "user"]


class FinalFails(FakeLLM):
    """Research works; the final call cannot prepare its context."""

    def complete(self, messages, *, task, max_tokens, deadline_s, json_schema=None, grammar=None):
        if len(self.calls) >= 1:
            from voice_assistant.errors import StageFailure

            self.calls.append((messages, {}))
            raise StageFailure("answer", "context-full", "the final request does not fit")
        return super().complete(
            messages,
            task=task,
            max_tokens=max_tokens,
            deadline_s=deadline_s,
            json_schema=json_schema,
        )


def test_a_final_turn_that_cannot_prepare_its_context_ends_with_the_findings():
    from voice_assistant.research.final import NO_ANSWER

    research = fake_research(FinalFails([ANSWER]))
    written = research.answer("When is the dentist?", "written")
    assert written.text == f"{NO_ANSWER}\n- Dentist: The dentist is on Thursday at 9:30."
    assert (written.stop_reason, written.final_outcome) == ("answered", "no-answer")
    spoken = fake_research(FinalFails([ANSWER])).answer("When is the dentist?", "spoken")
    assert spoken.text.startswith("I couldn't finish looking into that.")
