"""The llama.cpp backend with the real default model (Qwen2.5-Coder-0.5B)."""

import json

import pytest

from voice_assistant.errors import StageFailure
from voice_assistant.llm.base import Message

pytestmark = pytest.mark.integration

SYSTEM = Message("system", "You are a helpful assistant. Answer briefly.")


def test_plain_completion_counts_tokens_with_the_model_tokenizer(real_engines):
    llm = real_engines.llm()
    messages = [SYSTEM, Message("user", "What is the capital of France? One word.")]
    out = llm.complete(messages, max_tokens=20, deadline_s=60)
    assert "paris" in out.text.lower()
    assert out.finish_reason == "stop"
    assert out.prompt_tokens == llm.count_tokens(messages) > 10
    assert 0 < out.completion_tokens <= 20


def test_json_schema_constrains_the_output(real_engines):
    schema = {
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "country": {"type": "string"},
            "is_capital": {"type": "boolean"},
        },
        "required": ["city", "country", "is_capital"],
        "additionalProperties": False,
    }
    messages = [SYSTEM, Message("user", "Describe Lyon as JSON with city, country, is_capital.")]
    out = real_engines.llm().complete(messages, max_tokens=80, deadline_s=60, json_schema=schema)
    data = json.loads(out.text)
    assert set(data) == {"city", "country", "is_capital"}
    assert isinstance(data["is_capital"], bool)


def test_the_output_allowance_stops_generation(real_engines):
    messages = [SYSTEM, Message("user", "Count from one to one hundred in words.")]
    out = real_engines.llm().complete(messages, max_tokens=6, deadline_s=60)
    assert out.finish_reason == "length"
    assert out.completion_tokens == 6


def test_the_deadline_stops_generation(real_engines):
    messages = [SYSTEM, Message("user", "Write a long story about a lighthouse keeper.")]
    out = real_engines.llm().complete(messages, max_tokens=400, deadline_s=0.5)
    assert out.finish_reason == "deadline"
    assert out.completion_tokens < 400


def test_a_prompt_that_cannot_fit_is_refused_before_running(real_engines):
    huge = Message("user", "word " * 5000)
    with pytest.raises(StageFailure) as caught:
        real_engines.llm().complete([SYSTEM, huge], max_tokens=50, deadline_s=10)
    assert caught.value.code == "context-full"
