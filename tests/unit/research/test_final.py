"""The final (reserved) answer: its requests, Sources, fallbacks (docs/decisions/0002)."""

from voice_assistant.llm.base import Message
from voice_assistant.research import final
from voice_assistant.research.notes import Note

NOTES = [
    Note("Dentist", "file, markdown, home", "Check-up Thursday 12 March at 9:30. Bring the card."),
    Note("Gateway", "file, markdown, work", "The gateway stays on the old queue until March."),
    Note("Bike", "file, markdown, home", "Service on Hill Street costs 60 euros."),
    Note("Wifi", "file, markdown, home", "The guest network is called Garden."),
    Note("Tyres", "file, markdown, home", "Rear tyre 700x32c."),
]


def test_the_final_request_holds_the_question_with_notes_and_no_tool_messages():
    history = [Message("user", "hi"), Message("assistant", "hello")] * 5
    for mode in ("written", "spoken"):
        request = final.final_request("When is the dentist?", NOTES[:2], history, mode)
        assert request[0].role == "system" and "search_memories" not in request[0].content
        assert "tool" not in request[0].content.lower()
        assert request[0].content == f"{final.SYSTEM}\n\n{final.RULES[mode]}"  # a fixed prefix
        assert len(request) == 1 + 6 + 1  # system, six earlier messages, the question
        assert [m.role for m in request[1:-1]] == ["user", "assistant"] * 3
        last = request[-1].content
        assert last.startswith("When is the dentist?\n\nNotes:\n[1] Dentist (file, markdown, home)")
        assert "[2] Gateway" in last
        assert last.endswith(final.INSTRUCTION[mode])


def test_a_rewrite_extends_the_request_with_the_draft_and_the_failed_checks():
    request = final.final_request("When is the dentist?", NOTES[:1], [], "spoken")
    rewrite = final.rewrite_request(request, '{"facts": []}', ["a (x)", "b (y)"])
    assert rewrite[: len(request)] == request  # the answer's KV cache is extended, not redone
    assert rewrite[-2] == Message("assistant", '{"facts": []}')
    assert rewrite[-1].role == "user" and "a (x); b (y)" in rewrite[-1].content


def test_a_general_question_is_asked_without_notes():
    request = final.general_request("What is the capital of Australia?", [])
    assert [m.role for m in request] == ["system", "user"]
    assert "Notes" not in request[-1].content


def test_earlier_general_replies_reach_the_model_without_code_s_framing():
    """The model copied "Your memories have nothing on that." from its earlier replies, so
    code's framing came out twice, then three times, and the answer went missing."""
    earlier = "Your memories have nothing on that. The capital of Australia is Canberra."
    history = [Message("user", "What is the capital of Australia?"), Message("assistant", earlier)]
    request = final.general_request("And of Austria?", history)
    assert request[2] == Message("assistant", "The capital of Australia is Canberra.")
    assert request[1] == history[0]


def test_cited_notes_are_listed_as_sources_and_invalid_numbers_never():
    assert final.cited("See [2, 9] and [0] and [1].", 2) == [2, 1]
    assert final.sources(NOTES, [2, 1]) == (
        "Sources:\n[2] Gateway (file, markdown, work)\n[1] Dentist (file, markdown, home)"
    )


def test_no_answer_gives_the_strongest_findings():
    cut = final.written_fallback(NOTES, kept="The check-up is on Thursday.")
    assert cut.startswith("The check-up is on Thursday.\n\n" + final.CUT_SHORT)
    assert cut.count("\n- ") == 3
    assert "- Dentist: Check-up Thursday 12 March at 9:30." in cut
    none = final.written_fallback(NOTES)
    assert none.startswith(final.NO_ANSWER) and none.count("\n- ") == 4 and "Tyres" not in none
    assert final.written_fallback([]) == final.NOTHING_FOUND_WRITTEN
    assert final.spoken_fallback(NOTES) == (
        "I couldn't finish looking into that. The most relevant thing I found: "
        "Check-up Thursday 12 March at 9:30."
    )
    assert final.spoken_fallback([]) == "I found nothing about that in your memories."


def test_an_answer_claiming_a_change_is_recognised():
    assert final.claims_a_change("Timer set. I have set a timer for 5 minutes.")
    assert final.claims_a_change("All your notes have been deleted.")
    assert not final.claims_a_change("The timer rings at 14:05 in the note.")
