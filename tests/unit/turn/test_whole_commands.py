"""Which requests are likely over by code's reading alone (``understand.whole_commands``): a
turn started at a pause on them may be confirmed by a shorter silence, if the user set one."""

from voice_assistant.turn.acts import Act
from voice_assistant.turn.understand import (
    ANSWER_TO_THE_ASK,
    Understanding,
    quick_acts,
    whole_commands,
)


def read(utterance: str) -> bool:
    understood = quick_acts(utterance)
    return understood is not None and whole_commands(understood)


def test_closed_commands_with_every_value_are_whole():
    assert read("set a timer for ten minutes")
    assert read("start a five minute timer for the tea")
    assert read("cancel the pasta timer")
    assert read("what time is it")


def test_a_missing_value_free_text_or_a_question_waits_for_the_silence():
    assert not read("set a timer for")  # the duration may still come
    assert not read("set a timer")
    assert not read("remember that the spare key is")  # free text may always go on
    assert not read("set a timer for ten minutes and tell me when the dentist is")
    assert quick_acts("set a timer for ten") is None or not read("set a timer for ten")


def test_only_code_reads_it_whole_and_an_answer_to_the_ask_counts():
    ten = Act("set_timer", {"duration_s": 600})
    assert not whole_commands(Understanding((ten,), (), source="model"))
    assert whole_commands(Understanding((ten,), (), source=ANSWER_TO_THE_ASK))
    assert not whole_commands(Understanding((ten,), (), source="rule", disputes=True))
    assert not whole_commands(Understanding((), (), source="rule"))
