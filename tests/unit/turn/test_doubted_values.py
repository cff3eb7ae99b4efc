"""A time or duration whisper's least sure word gave is asked for, not set; a doubted word
that gave none changes nothing (``turn.doubted_values``)."""

from tests.unit.turn.test_turn_runner import ScriptedTasks, runner
from voice_assistant.research.dialogue import ThisTurn
from voice_assistant.turn.doubted_values import ask_for_doubted, doubted_at, without
from voice_assistant.turn.session import Session
from voice_assistant.turn.understand import quick_acts


def read(utterance: str, doubted: str):
    """Code's acts for ``utterance`` with its first word written ``doubted`` in doubt."""
    understood = quick_acts(utterance)
    assert understood is not None
    places = [i for i, w in enumerate(utterance.split()) if w.strip(".,?!") == doubted]
    return ask_for_doubted(understood, utterance, places[0] if doubted else -1).acts


def test_a_timer_whose_duration_is_the_doubted_word_asks_how_long():
    (act,) = read("Start a 1-minute timer.", "1-minute")
    assert act.kind == "set_timer" and act.missing == ("duration_s",)


def test_a_doubted_word_that_gave_no_value_changes_nothing():
    assert read("Set a timer for ten minutes please.", "please") == read(
        "Set a timer for ten minutes please.", ""
    )
    (act,) = read("Set a pasta timer for eight minutes.", "pasta")
    assert act.ready and act.values["duration_s"] == 480


def test_a_doubted_number_in_a_longer_duration_asks_rather_than_setting_a_part():
    (act,) = read("Set a timer for one hour and thirty minutes.", "thirty")
    assert act.kind == "set_timer" and act.missing == ("duration_s",)
    assert "duration_s" not in act.values


def test_an_alarm_asks_for_what_the_doubted_word_gave():
    (clock,) = read("Set an alarm for 7 pm.", "7")
    assert clock.kind == "set_alarm" and clock.missing == ("time",)
    (half,) = read("Set an alarm for 7 pm.", "pm")
    assert half.missing == ("meridiem",)  # "7:00 in the morning or in the evening?"


def test_a_reminder_keeps_its_words_and_asks_when():
    (act,) = read("Remind me in twenty minutes to take the bread out.", "twenty")
    assert act.kind == "set_reminder" and act.missing == ("when",)
    assert act.values["text"] == "take the bread out"
    (named,) = read("Remind me to call Felix at five.", "Felix")
    assert named.ready  # a name is said back in the receipt, as heard


def test_only_a_word_below_the_doubt_threshold_is_doubted():
    assert doubted_at(2, -3.1) == 2
    assert doubted_at(2, -0.7) == -1


def test_only_the_doubted_word_is_left_out_and_the_sentence_keeps_its_punctuation():
    assert without("Start a 1-minute timer.", 2) == ("Start a timer.", "1-minute")
    assert without("Ten to ten, ten.", 2) == ("Ten to , ten.", "ten")
    assert without("Ten to ten.", 3) == ("Ten to ten.", "")
    assert without("Wake me at 7:30.", 3) == ("Wake me at .", "7:30")


def test_a_word_said_twice_is_doubted_only_where_whisper_doubted_it():
    said = "And a timer for an hour and a half."
    assert read(said, "And")[0].values["duration_s"] == 5400
    (act,) = read(said, "and")
    assert act.missing == ("duration_s",)


def test_a_turn_heard_in_doubt_sets_no_timer_and_asks_how_long():
    turns = runner(ScriptedTasks({}), acknowledge_by="code")
    session = Session()
    turn = ThisTurn((-0.5, -3.0), 2)
    reply = turns.answer("Start a 1-minute timer.", "spoken", session, turn)
    assert turns.actions.running_timers() == []
    assert reply.text.endswith("How long should the timer be?")
    answered = turns.answer("Ninety minutes.", "spoken", session)
    assert [t.duration_s for t in turns.actions.running_timers()] == [5400]
    assert "90 minutes" in answered.text or "1 hour and 30 minutes" in answered.text


def test_the_same_words_heard_surely_set_the_timer():
    turns = runner(ScriptedTasks({}), acknowledge_by="code")
    turn = ThisTurn((-0.2, -0.9), 2)
    turns.answer("Start a 1-minute timer.", "spoken", Session(), turn)
    assert [t.duration_s for t in turns.actions.running_timers()] == [60]


def test_a_doubted_word_code_cannot_read_without_is_a_value_only_when_a_number():
    (noun,) = read("Set a timer for ten minutes.", "timer")  # "Set a for ten minutes."
    assert noun.ready and noun.values["duration_s"] == 600
    (clock,) = read("Wake me at seven.", "seven")  # "Wake me at."
    assert clock.kind == "set_alarm" and clock.missing == ("time",)


def test_a_reminder_asked_when_keeps_its_words_as_read():
    (act,) = read("Remind me to take my bill every day at 9pm.", "9pm")
    assert act.missing == ("when",) and act.values["text"] == "take my bill"
