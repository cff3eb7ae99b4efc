"""A turn started before the user was surely done stops at its first lasting step when it
is dropped (``Dialogue.go_ahead`` raises ``Dropped``): no act done, no turn stored, no
reply, and the drop is never turned into "I couldn't answer"."""

import pytest

from tests.fakes import fake_pipeline
from tests.unit.turn.test_turn_runner import (
    DENTIST,
    SAID_DENTIST,
    ScriptedTasks,
    runner,
    understood,
)
from voice_assistant.errors import Dropped
from voice_assistant.llm.fake import FakeLLM
from voice_assistant.pipeline.stages import Delivery
from voice_assistant.research.dialogue import ThisTurn
from voice_assistant.turn.session import Session


def dropped(whole: bool = False, ready: bool = False, reply: str = "") -> None:
    raise Dropped("dropped", "the user went on speaking after the pause")


def test_a_dropped_act_is_never_done():
    llm = ScriptedTasks(
        {"understand": [understood([{"act": "set_timer", "duration": "5 minutes"}])]}
    )
    turns = runner(llm)
    session = Session()
    with pytest.raises(Dropped):
        turns.answer("Set a timer for five minutes", "spoken", session, ThisTurn(go_ahead=dropped))
    assert turns.actions.running_timers() == []
    assert session.last_receipts == ()


def test_a_dropped_question_stores_no_turn_and_is_not_an_answer():
    llm = ScriptedTasks({"answer": [SAID_DENTIST]})
    turns = runner(llm, memories=[DENTIST])
    with pytest.raises(Dropped):
        turns.answer(
            "When is my dentist appointment?", "spoken", Session(), ThisTurn(go_ahead=dropped)
        )
    db = turns.research.conversations.db
    assert db.execute("SELECT COUNT(*) FROM turns").fetchone()[0] == 0


def test_the_pipeline_reports_a_dropped_turn_and_says_nothing():
    from tests.fakes import ANSWER

    pipeline = fake_pipeline(llm=FakeLLM([ANSWER, SAID_DENTIST]))
    session = Session()
    result = pipeline.run("When is the dentist?", session, delivery=Delivery(go_ahead=dropped))
    assert result.stop_reason == "dropped" and result.error is None
    assert result.reply is None and result.speech is None
    assert not hasattr(session, "go_ahead")  # the hook was the turn's, not the session's


def test_a_whole_command_waits_with_the_reply_it_will_say_and_nothing_done_yet():
    llm = ScriptedTasks(
        {"understand": [understood([{"act": "set_timer", "duration": "5 minutes"}])]}
    )
    turns = runner(llm, acknowledge_by="code")
    asked: list[tuple[bool, bool, str]] = []

    def waits(whole: bool = False, ready: bool = False, reply: str = "") -> None:
        asked.append((whole, ready, reply))
        assert turns.actions.running_timers() == []  # the preview kept nothing
        db = turns.actions.db
        assert db.execute("SELECT COUNT(*) FROM receipts").fetchone()[0] == 0

    turn = ThisTurn(go_ahead=waits)
    reply = turns.answer("Set a timer for five minutes", "spoken", Session(), turn)
    assert [(w, r) for w, r, _ in asked] == [(True, True)]
    assert asked[0][2] == reply.text and "rings at" in reply.text  # foreseen, then said
    assert len(turns.actions.running_timers()) == 1  # done once, after the go-ahead


def test_a_reply_the_model_words_or_with_a_question_is_not_foreseen():
    llm = ScriptedTasks(
        {"understand": [understood([{"act": "set_timer", "duration": "5 minutes"}])]}
    )
    turns = runner(llm, acknowledge_by="model")
    asked: list[str] = []
    turn = ThisTurn(go_ahead=lambda whole=False, ready=False, reply="": asked.append(reply))
    turns.answer("Set a timer for five minutes", "spoken", Session(), turn)
    assert asked == [""]


def test_acts_that_are_not_whole_commands_are_never_previewed():
    llm = ScriptedTasks(
        {"understand": [understood([{"act": "remember", "text": "the bins go out on Tuesday"}])]}
    )
    turns = runner(llm, acknowledge_by="code")
    previewed: list[object] = []
    turns.actions.preview = lambda acts, room="local": previewed.append(acts)
    asked: list[str] = []
    turn = ThisTurn(go_ahead=lambda whole=False, ready=False, reply="": asked.append(reply))
    turns.answer("Remember that the bins go out on Tuesday", "spoken", Session(), turn)
    assert asked == [""] and previewed == []
