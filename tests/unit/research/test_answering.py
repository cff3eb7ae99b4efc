"""The final answer reviewed before it is used: pass, rewrite once, code's reply."""

import json
from pathlib import Path

from tests.paths import PARSER_MODEL
from voice_assistant.config import Settings
from voice_assistant.language.parser import Parser
from voice_assistant.llm.fake import FakeLLM
from voice_assistant.memory.sqlite import connect
from voice_assistant.memory.store import MemoryStore
from voice_assistant.research.answering import Answerer
from voice_assistant.research.final import NO_MEMORIES
from voice_assistant.research.notes import Note
from voice_assistant.research.structured import StructuredAnswers

RACE = Note(
    "Running plan",
    "file, health; written 2026-06-30",
    "Training for the half marathon: long run on Sundays. Race day is 26 April.",
    day="2026-06-30",
)
PASSPORT = Note(
    "Passport",
    "file, travel; written 2026-07-01",
    "My passport expires in June next year.",
    day="2026-07-01",
)
GROUNDER = StructuredAnswers(Parser(PARSER_MODEL), MemoryStore(connect(Path(":memory:"))))
"""Code's check of each value a fact states (the real parser; these notes are read as
given, not from the store)."""
GOOD = {"note": 1, "quote": "Race day is 26 April", "say": "Your half marathon is on 26 April."}
BAD = {"note": 1, "quote": "Race day is 26 April", "say": "Your half marathon is on 26 May."}


def facts(*items):
    """A spoken answer as the model writes it: "sentence (note n)" for each fact."""
    return " ".join(f"{item['say']} (note {item['note']})" for item in items) or "none"


def answerer(replies, finish_reason="stop", **profile_changes):
    tasks = Settings().tasks
    for task, changes in profile_changes.items():
        setattr(tasks, task, getattr(tasks, task).model_copy(update=changes))
    profiles = {
        name: getattr(tasks, name)
        for name in ("answer_spoken", "answer_written", "answer_general", "review")
    }
    llm = FakeLLM(replies, finish_reason=finish_reason)
    return Answerer(llm, profiles, GROUNDER), llm


def test_a_supported_answer_is_spoken_after_review():
    ask, llm = answerer([facts(GOOD)])
    out = ask.answer("When is my half marathon?", [RACE], [], "spoken", personal=True)
    assert (out.text, out.outcome) == ("Your half marathon is on 26 April.", "answered")
    assert [c.task for c in out.calls] == ["answer_spoken"]
    assert 'number ::= "1"\n' in llm.calls[0][1]["grammar"]  # only a real note can be cited
    assert out.review["reply"] == "model, reviewed" and out.review["drafts"][0]["failed"] == []


def test_a_failed_answer_is_rewritten_once_with_the_failed_checks_named():
    ask, llm = answerer([facts(BAD), facts(GOOD)], answer_spoken={"rewrite": True})
    out = ask.answer("When is my half marathon?", [RACE], [], "spoken", personal=True)
    assert (out.text, out.outcome) == ("Your half marathon is on 26 April.", "rewritten")
    rewrite = llm.calls[1][0]
    assert rewrite[-2].content == facts(BAD)
    assert "fact 1: '26 May' (date): no note about what was asked holds it" in rewrite[-1].content
    assert [len(d["failed"]) for d in out.review["drafts"]] == [1, 0]


def test_an_answer_that_fails_twice_gives_way_to_code_s_reply():
    invented = {"note": 1, "quote": "My passport expires in June", "say": "It is 12345."}
    ask, _ = answerer([facts(invented), facts(invented)], answer_spoken={"rewrite": True})
    out = ask.answer("What is my passport number?", [PASSPORT], [], "spoken", personal=True)
    assert out.outcome == "declined" and "12345" not in out.text
    assert out.text == "I have nothing about your passport number in your notes."
    assert out.review["reply"] == "code: declined (no answer passed review)"
    assert len(out.calls) == 2  # the draft and one rewrite, no more


def test_a_spoken_answer_is_not_rewritten_unless_its_profile_asks():
    ask, llm = answerer([facts(BAD), facts(GOOD)])  # measured: rewrites never passed
    out = ask.answer("When is my half marathon?", [RACE], [], "spoken", personal=True)
    assert len(llm.calls) == 1 and out.outcome == "declined"
    assert "26 May" not in out.text
    assert len(out.review["drafts"]) == 1  # the one draft, reviewed once


def test_notes_without_the_answer_are_declined_without_a_rewrite():
    ask, llm = answerer([facts()])
    out = ask.answer("What is my sister's name?", [PASSPORT], [], "spoken", personal=True)
    assert out.text == "I have nothing about your sister's name in your notes."
    assert len(llm.calls) == 1


def test_no_notes_no_model_call():
    ask, llm = answerer([facts(GOOD)])
    out = ask.answer("What is my blood type?", [], [], "spoken", personal=True)
    assert out.text == "I have nothing about your blood type in your notes." and not llm.calls


def test_a_general_question_is_answered_from_general_knowledge_saying_so_first():
    ask, llm = answerer(["The capital of Australia is Canberra."])
    out = ask.answer("What is the capital of Australia?", [RACE], [], "spoken", personal=False)
    assert out.text == f"{NO_MEMORIES} The capital of Australia is Canberra."
    assert out.outcome == "general" and [c.task for c in out.calls] == ["answer_general"]
    assert "Notes" not in llm.calls[0][0][-1].content


def test_an_answer_stopped_early_keeps_only_its_whole_reviewed_facts():
    cut = facts(GOOD) + " Long runs are on"
    ask, _ = answerer([cut], finish_reason="deadline")
    out = ask.answer("When is my half marathon?", [RACE], [], "spoken", personal=True)
    assert (out.text, out.outcome) == ("Your half marathon is on 26 April.", "cut-short")
    ask, _ = answerer(["Your half marathon is on"], finish_reason="deadline")
    out = ask.answer("When is my half marathon?", [RACE], [], "spoken", personal=True)
    assert out.text.startswith("I couldn't finish looking into that.")


def test_an_answer_claiming_a_change_is_never_used():
    claim = {"note": 1, "quote": "Race day is 26 April", "say": "I have set a timer for 26 April."}
    ask, _ = answerer([facts(claim), facts(claim)])
    out = ask.answer("When is my half marathon?", [RACE], [], "spoken", personal=True)
    assert "set a timer" not in out.text and out.outcome == "declined"
    assert any("research changes nothing" in f for f in out.review["drafts"][0]["failed"])


def test_the_model_review_runs_where_the_profile_asks_one_fresh_call_a_fact():
    beyond = json.dumps({"supported": False, "answers": True})
    fine = json.dumps({"supported": True, "answers": True})
    ask, llm = answerer(
        [facts(GOOD), beyond, facts(GOOD), fine], answer_spoken={"review": True, "rewrite": True}
    )
    out = ask.answer("When is my half marathon?", [RACE], [], "spoken", personal=True)
    assert [c.task for c in out.calls] == ["answer_spoken", "review", "answer_spoken", "review"]
    review_request = llm.calls[1][0]
    assert review_request[0].content.startswith("You check one answer")  # a fresh request
    # the sentences it rests on: the value's, and the topic's ("half marathon")
    assert (
        'The note says: "Training for the half marathon: long run on Sundays. Race day is 26 '
        'April."' in review_request[-1].content
    )
    assert out.outcome == "rewritten"
    assert "claims_beyond_material" in out.review["drafts"][0]["failed"][0]
    ask, llm = answerer([facts(GOOD)])  # off by default: no review call
    ask.answer("When is my half marathon?", [RACE], [], "spoken", personal=True)
    assert len(llm.calls) == 1


def test_a_written_answer_lists_its_points_with_sources():
    written = json.dumps(
        {
            "answer": "Your half marathon is on 26 April.",
            "points": [
                {"note": 1, "quote": "Race day is 26 April", "fact": "Race day is 26 April."}
            ],
            "open": "",
        }
    )
    ask, _ = answerer([written])
    out = ask.answer("When is my half marathon?", [RACE], [], "written", personal=True)
    assert out.text == (
        "Your half marathon is on 26 April.\n- Race day is 26 April. [1]\n\n"
        "Sources:\n[1] Running plan (file, health; written 2026-06-30)"
    )


def test_a_general_answer_is_checked_by_code_too():
    ask, _ = answerer(["I have set a timer for you."])
    out = ask.answer("What is the capital of Australia?", [], [], "spoken", personal=False)
    assert out.text == "I found nothing about that in your memories."
    assert out.review["drafts"][0]["failed"]


def test_a_sum_may_be_answered_by_a_number_alone():
    from voice_assistant.research.answering import general_findings

    assert general_findings("What's a hundred divided by eight?", "12.5") == []
    assert general_findings("What is 7x8?", "56.") == []
    assert general_findings("What's the capital of Egypt?", "12.5") == [
        "the answer is not about what was asked"
    ]


def test_a_spoken_answer_copying_its_note_s_title_is_said_without_it():
    copied = {
        "note": 1,
        "quote": "long run on Sundays",
        "say": "Running plan: Training for the half marathon: long run on Sundays.",
    }
    ask, _llm = answerer([facts(copied)])
    out = ask.answer("What day is my long run?", [RACE], [], "spoken", personal=True)
    assert out.text == "Training for the half marathon: long run on Sundays."
