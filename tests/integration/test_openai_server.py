"""The OpenAI-compatible LLM backend against a real server: llama-cpp-python's own
``llama_cpp.server`` with the project's GGUF, started here on a free local port."""

from __future__ import annotations

import json
import time

import pytest

from bench.remote_llm import llama_server
from tests.batch_run import run_batch
from voice_assistant.config import OpenAIConfig
from voice_assistant.llm.base import Message
from voice_assistant.llm.openai import OpenAICompatibleLLM

pytestmark = pytest.mark.integration

SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string"}, "is_capital": {"type": "boolean"}},
    "required": ["city", "is_capital"],
    "additionalProperties": False,
}


@pytest.fixture(scope="module")
def server(real_settings, tmp_path_factory):
    """The server's API root and its log; stopped when the module's tests are done."""
    log = tmp_path_factory.mktemp("llm-server") / "server.log"
    with llama_server(real_settings, log) as base:
        yield base, log


def llm(base: str) -> OpenAICompatibleLLM:
    return OpenAICompatibleLLM(OpenAIConfig(base_url=base, dialect="llama-cpp-python"))


def test_the_json_schema_is_respected_and_the_tokens_counted(server):
    server, _ = server
    messages = [Message("user", "Describe Lyon as JSON with city and is_capital.")]
    out = llm(server).complete(
        messages, task="research", max_tokens=60, deadline_s=120, json_schema=SCHEMA
    )
    assert out.finish_reason == "stop"
    data = json.loads(out.text)
    assert set(data) == {"city", "is_capital"} and isinstance(data["is_capital"], bool)
    assert 0 < out.completion_tokens <= 60 and out.prompt_tokens > 0


def test_the_output_allowance_and_the_deadline_are_honoured(server):
    server, _ = server
    story = [Message("user", "Write a long story about a lighthouse keeper.")]
    short = llm(server).complete(story, task="answer_written", max_tokens=8, deadline_s=120)
    assert short.finish_reason == "length" and short.completion_tokens <= 8
    started = time.monotonic()
    cut = llm(server).complete(story, task="answer_written", max_tokens=400, deadline_s=0.8)
    assert cut.finish_reason == "deadline"
    assert cut.completion_tokens < 400
    assert time.monotonic() - started < 10  # generous: a loaded machine, never the 400 tokens
    again = llm(server).complete(
        [Message("user", "What is the capital of France? One word.")],
        task="answer_spoken",
        max_tokens=10,
        deadline_s=120,
    )
    assert "paris" in again.text.lower()  # the server serves on after a call was cut


def batch(env: dict[str, str], out) -> dict[str, dict]:
    done, rows = run_batch(env, out)
    assert done.returncode == 0, done.stderr
    return rows


def posts(log) -> int:
    return log.read_text().count("POST /v1/chat/completions")


def test_a_batch_run_answers_through_the_server(server, demo_data, tmp_path):
    base, log = server
    before = posts(log)
    rows = batch(
        {
            "VOICE_ASSISTANT__PATHS__DATA_DIR": str(demo_data),
            "VOICE_ASSISTANT__LLM__BACKEND": "openai",
            "VOICE_ASSISTANT__LLM__OPENAI__BASE_URL": base,
            "VOICE_ASSISTANT__LLM__OPENAI__DIALECT": "llama-cpp-python",
        },
        tmp_path,
    )
    dentist, capital = rows["dentist.wav"], rows["capital.wav"]
    assert dentist["error"] is None and "thursday" in dentist["reply"].lower()
    assert capital["error"] is None and "canberra" in capital["reply"].lower()
    assert all(call["completion_tokens"] > 0 for call in dentist["model_calls"])
    assert dentist["reply_wav"]  # spoken by piper, as in any batch run
    calls = len(dentist["model_calls"]) + len(capital["model_calls"])
    assert posts(log) - before == calls  # every call went to the server


def test_a_task_can_run_on_the_server_while_the_rest_stays_local(server, demo_data, tmp_path):
    base, log = server
    before = posts(log)
    rows = batch(
        {
            "VOICE_ASSISTANT__PATHS__DATA_DIR": str(demo_data),
            "VOICE_ASSISTANT__TASKS__ANSWER_GENERAL__BACKEND": "openai",
            "VOICE_ASSISTANT__LLM__OPENAI__BASE_URL": base,
            "VOICE_ASSISTANT__LLM__OPENAI__DIALECT": "llama-cpp-python",
        },
        tmp_path,
    )
    capital, dentist = rows["capital.wav"], rows["dentist.wav"]
    assert "canberra" in capital["reply"].lower() and "thursday" in dentist["reply"].lower()
    assert dentist["model_calls"] == []  # one value, matched by code: no model at all
    general = [c for c in capital["model_calls"] if c["task"] == "answer_general"]
    assert len(general) == 1
    assert posts(log) - before == 1  # only the general answer went to the server
