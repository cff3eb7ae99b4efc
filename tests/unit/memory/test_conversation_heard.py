"""A reply cut by stop or barge-in: the conversation keeps what was heard."""

from pathlib import Path

from voice_assistant.memory.conversation import Conversations
from voice_assistant.memory.sqlite import connect


def turn(question, reply):
    return {
        "mode": "spoken",
        "question": question,
        "stop_reason": "answered",
        "exchanges": [],
        "notes": [],
        "final_request": [],
        "reply": reply,
        "model_calls": [],
        "timings": {},
    }


def test_the_history_keeps_only_what_was_heard():
    conversations = Conversations(connect(Path(":memory:")))
    cid = conversations.start()
    first = conversations.record(cid, turn("Tell me about Priya.", "Priya is a colleague."))
    second = conversations.record(cid, turn("And the trip?", "You fly Monday. The hotel is X."))
    conversations.heard(second, "You fly Monday.")
    history = [(m.role, m.content) for m in conversations.history(cid)]
    assert history == [
        ("user", "Tell me about Priya."),
        ("assistant", "Priya is a colleague."),
        ("user", "And the trip?"),
        ("assistant", "You fly Monday."),
    ]
    published, earlier = conversations.turn(second), conversations.turn(first)
    assert published is not None and earlier is not None
    assert published.reply == "You fly Monday. The hotel is X."  # published
    assert earlier.reply == "Priya is a colleague."
