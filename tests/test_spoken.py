import pytest

from voice_assistant.llm.base import Completion
from voice_assistant.research.plain import CUT_SHORT_SPOKEN, finish_text, stop_reason
from voice_assistant.research.spoken import speakable, whole_sentences


@pytest.mark.parametrize(
    ("text", "spoken"),
    [
        ("See [1] and [2, 3].", "See and."),
        ("Read https://example.com/x now.", "Read now."),
        ("- one\n- two\n1. three", "one two three"),
        ("**Bold** and `code`.", "Bold and code."),
        ("It is in ~/notes/dentist.md today.", "It is in today."),
        ("## Heading\nText.", "Heading Text."),
    ],
)
def test_speakable_strips_what_cannot_be_spoken(text, spoken):
    assert speakable(text) == spoken


def test_whole_sentences_drops_the_unfinished_tail():
    assert whole_sentences("One. Two! Three is cut") == "One. Two!"
    assert whole_sentences('He said "go." Then') == 'He said "go."'
    assert whole_sentences("no sentence ends here") == ""


def completion(text, reason):
    return Completion(text, 10, 5, reason, 0.1)


def test_a_cut_short_answer_keeps_whole_sentences_without_ellipsis():
    text = finish_text(completion("Canberra is the capital. It was chosen in", "length"), "spoken")
    assert text == "Canberra is the capital."
    assert "…" not in text and "..." not in text


def test_nothing_whole_gives_a_code_written_sentence():
    assert (
        finish_text(completion("Canberra was chosen as", "deadline"), "spoken") == CUT_SHORT_SPOKEN
    )


def test_stop_reasons():
    assert stop_reason(completion("x", "stop")) == "answered"
    assert stop_reason(completion("x", "length")) == "output-limit"
    assert stop_reason(completion("x", "deadline")) == "deadline"


def test_warming_sends_the_same_system_prompt_the_answer_uses():
    from voice_assistant.config import TasksConfig
    from voice_assistant.llm.fake import FakeLLM
    from voice_assistant.research.plain import PlainAnswer

    tasks = TasksConfig()
    llm = FakeLLM()
    research = PlainAnswer(llm, {"spoken": tasks.answer_spoken, "written": tasks.answer_written})
    research.warm("spoken")
    research.answer("what time is it", "spoken")
    warm, answer = llm.calls
    assert warm[0][0] == answer[0][0]  # same system message: the KV prefix is reused
    assert warm[1]["max_tokens"] == 1
