"""One way to call a task, for the research core and the turn runner alike: the profile's
allowance and deadline, the call recorded, an engine failing mid-call handed to code."""

import pytest

from voice_assistant.config import TaskProfile
from voice_assistant.errors import ModelError, StageFailure
from voice_assistant.events import ModelCall
from voice_assistant.llm.base import Message, TaskCalls, call_task
from voice_assistant.llm.fake import FakeLLM


class Failing(FakeLLM):
    def __init__(self, error: Exception) -> None:
        super().__init__()
        self.error = error

    def reply(self, messages, task, options):
        raise self.error


def test_a_call_uses_its_profile_and_is_recorded():
    llm, calls = FakeLLM(["Fine."]), list[ModelCall]()
    profile = TaskProfile(max_tokens=7, deadline_s=3.0)
    out = call_task(llm, "understand", profile, [Message("user", "hi")], calls)
    assert out is not None and out.text == "Fine."
    assert [c.task for c in calls] == ["understand"]
    options = llm.calls[0][1]
    assert (options["task"], options["max_tokens"], options["deadline_s"]) == ("understand", 7, 3.0)


def test_an_engine_failing_mid_call_is_none_and_a_missing_model_is_the_turn_s_error():
    calls = list[ModelCall]()
    profile = TaskProfile(max_tokens=8, deadline_s=1.0)
    failing = Failing(StageFailure("answer", "llm-refused", "the server answered 500"))
    assert call_task(failing, "research", profile, [Message("user", "?")], calls) is None
    assert calls == []
    missing = Failing(ModelError("model-missing", "qwen is not installed"))
    with pytest.raises(ModelError):
        call_task(missing, "research", profile, [Message("user", "?")], calls)


def test_a_task_s_text_is_kept_only_when_the_model_finished_it():
    profiles = {"acknowledge": TaskProfile(max_tokens=8, deadline_s=1.0)}
    finished, calls = FakeLLM(["Timer set."]), list[ModelCall]()
    assert TaskCalls(finished, profiles).text("acknowledge", [], calls) == "Timer set."
    cut = FakeLLM(["Timer set for"], finish_reason="length")
    assert TaskCalls(cut, profiles).text("acknowledge", [], calls) is None
    assert [c.task for c in calls] == ["acknowledge", "acknowledge"]
