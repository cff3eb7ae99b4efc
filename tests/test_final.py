"""The final (reserved) answer: its request, Sources, cut-short replies and fallbacks."""

import json

from voice_assistant.llm.base import Completion, Message
from voice_assistant.research import final
from voice_assistant.research.notes import Note

NOTES = [
    Note("Dentist", "file, markdown, home", "Check-up Thursday 12 March at 9:30. Bring the card."),
    Note("Gateway", "file, markdown, work", "The gateway stays on the old queue until March."),
    Note("Bike", "file, markdown, home", "Service on Hill Street costs 60 euros."),
    Note("Wifi", "file, markdown, home", "The guest network is called Garden."),
    Note("Tyres", "file, markdown, home", "Rear tyre 700x32c."),
]


def done(text, reason="stop"):
    return Completion(text, 100, 20, reason, 1.0)


def test_the_final_request_holds_the_question_with_notes_and_no_tool_messages():
    history = [Message("user", "hi"), Message("assistant", "hello")] * 5
    request = final.final_request("When is the dentist?", NOTES[:2], history, "written")
    assert request[0].role == "system" and "search_memories" not in request[0].content
    assert "tool" not in request[0].content.lower()
    assert len(request) == 1 + 6 + 1  # system, six earlier messages, the question
    assert [m.role for m in request[1:-1]] == ["user", "assistant"] * 3
    last = request[-1].content
    assert last.startswith("When is the dentist?\n\nNotes:\n[1] Dentist (file, markdown, home)")
    assert "[2] Gateway" in last
    assert last.endswith(final.INSTRUCTION["written"]) and "JSON" in last


def written(answer, points, open_=""):
    return json.dumps(
        {"answer": answer, "points": [{"note": n, "fact": f} for n, f in points], "open": open_}
    )


def test_cited_notes_are_listed_as_sources_and_invalid_numbers_never():
    text = written(
        "The check-up is on Thursday.",
        [(1, "It is at 9:30."), (9, "Invented."), (2, "The queue stays."), (1, "It is at 9:30.")],
        "Who drives you there.",
    )
    reply = final.written_reply(done(text), NOTES[:2])
    assert reply == (
        "The check-up is on Thursday.\n"
        "- It is at 9:30. [1]\n"
        "- The queue stays. [2]\n"
        "Not in your notes: Who drives you there.\n\n"
        "Sources:\n[1] Dentist (file, markdown, home)\n[2] Gateway (file, markdown, work)"
    )
    assert final.cited("See [2, 9] and [0] and [1].", 2) == [2, 1]
    assert "Sources" not in final.written_reply(done(written("No.", [])), NOTES)


def test_the_written_schema_only_allows_real_note_numbers():
    schema = final.written_schema(3)
    point = schema["properties"]["points"]["items"]["properties"]
    assert point["note"]["enum"] == [1, 2, 3]
    assert final.written_schema(0)["properties"]["points"]["maxItems"] == 0


def test_an_answer_cut_after_a_whole_sentence_gets_the_note_and_three_findings():
    cut = '{"answer": "The check-up is on Thursday. It was moved from'
    reply = final.written_reply(done(cut, "length"), NOTES)
    assert reply.startswith("The check-up is on Thursday.\n\n" + final.CUT_SHORT)
    assert "It was moved from" not in reply
    assert reply.count("\n- ") == 3
    assert "- Dentist: Check-up Thursday 12 March at 9:30." in reply
    assert "…" not in reply and "..." not in reply
    assert final.outcome(done(cut, "length"), "written") == "cut-short"


def test_a_final_turn_that_asks_for_tools_ends_with_the_findings():
    reply = final.written_reply(
        done('It is on Thursday. {"tool": "search_memories", "argument": "dentist"}'), NOTES
    )
    assert reply.startswith("It is on Thursday.\n\n" + final.CUT_SHORT)
    assert "search_memories" not in reply


def test_no_answer_at_all_gives_the_four_strongest_findings():
    for completion in (None, done("")):
        reply = final.written_reply(completion, NOTES)
        assert reply.startswith(final.NO_ANSWER)
        assert reply.count("\n- ") == 4 and "Tyres" not in reply
    assert final.written_reply(None, []) == final.NOTHING_FOUND_WRITTEN


def test_spoken_replies_are_plain_or_the_spoken_fallback():
    assert final.spoken_reply(done("It is on Thursday [1]. Bring the card."), NOTES) == (
        "It is on Thursday. Bring the card."
    )
    fallback = final.spoken_reply(done("It is on Thurs", "deadline"), NOTES)
    assert fallback == (
        "I couldn't finish looking into that. The most relevant thing I found: "
        "Check-up Thursday 12 March at 9:30."
    )
    assert final.spoken_reply(None, []) == "I found nothing about that in your memories."
    assert final.outcome(done("x", "length")) == "cut-short"
    assert final.outcome(None) == "no-answer"
