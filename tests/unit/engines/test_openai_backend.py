"""The OpenAI-compatible LLM backend's pure parts: the request in each server's dialect,
the event stream, its configuration, and a server that cannot be reached."""

import pytest

from bench.peers import free_port
from voice_assistant.cli.entry import main
from voice_assistant.config import OpenAIConfig, Settings
from voice_assistant.errors import StageFailure
from voice_assistant.llm.base import Message
from voice_assistant.llm.openai import OpenAICompatibleLLM, request_body, server_events

SCHEMA = {"type": "object", "properties": {"tool": {"type": "string"}}, "required": ["tool"]}
ASK = [Message("system", "Be brief."), Message("user", "Hello?")]


def body(dialect: str, **kwargs):
    config = OpenAIConfig(base_url="http://127.0.0.1:1/v1", model="m", dialect=dialect)
    options = {"json_schema": None, "grammar": None, **kwargs}
    return request_body(config, ASK, 40, options["json_schema"], options["grammar"], 0.0, 7)


def test_every_request_streams_with_its_allowance_and_seed():
    sent = body("openai")
    assert sent["stream"] is True and sent["max_tokens"] == 40 and sent["seed"] == 7
    assert sent["messages"] == [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "Hello?"},
    ]
    assert sent["stream_options"] == {"include_usage": True}


def test_a_json_schema_goes_where_each_server_reads_it():
    assert body("llama-cpp-python", json_schema=SCHEMA)["response_format"] == {
        "type": "json_object",
        "schema": SCHEMA,
    }
    for dialect in ("openai", "llama.cpp", "vllm", "ollama"):
        sent = body(dialect, json_schema=SCHEMA)["response_format"]
        assert sent["type"] == "json_schema" and sent["json_schema"]["schema"] == SCHEMA


def test_a_grammar_is_sent_only_to_servers_that_take_one_and_caching_to_llama_cpp():
    gbnf = 'root ::= "yes" | "no"'
    assert body("llama-cpp-python", grammar=gbnf)["grammar"] == gbnf
    assert body("llama.cpp", grammar=gbnf)["grammar"] == gbnf
    assert "grammar" not in body("openai", grammar=gbnf)
    assert body("llama.cpp")["cache_prompt"] is True
    assert "cache_prompt" not in body("llama-cpp-python")


def test_the_event_stream_is_read_until_done():
    lines = [
        b": ping\n",
        b'data: {"choices": [{"delta": {"content": "Par"}}]}\n',
        b"\n",
        b"data: not json\n",
        b'data: {"choices": [{"delta": {"content": "is"}, "finish_reason": "stop"}]}\n',
        b'data: {"choices": [], "usage": {"prompt_tokens": 12, "completion_tokens": 2}}\n',
        b"data: [DONE]\n",
        b'data: {"choices": [{"delta": {"content": "after the end"}}]}\n',
    ]
    events = list(server_events(iter(lines)))
    assert len(events) == 3
    assert events[-1]["usage"]["prompt_tokens"] == 12


def test_the_openai_backend_needs_a_server_and_masks_its_key(tmp_path, capsys):
    with pytest.raises(ValueError, match=r"llm.openai.base_url"):
        Settings.model_validate({"llm": {"backend": "openai"}})
    config = tmp_path / "config.toml"
    config.write_text(
        '[llm]\nbackend = "openai"\n[llm.openai]\nbase_url = "http://127.0.0.1:8080/v1"\n'
        'api_key = "sk-very-secret"\n'
    )
    assert main(["--config", str(config), "config", "show"]) == 0
    out = capsys.readouterr().out
    assert 'backend = "openai"' in out and "sk-very-secret" not in out and "**********" in out


def test_a_server_that_cannot_be_reached_is_named_in_the_error():
    port = free_port()  # nothing listens there
    llm = OpenAICompatibleLLM(OpenAIConfig(base_url=f"http://127.0.0.1:{port}/v1"))
    with pytest.raises(StageFailure) as caught:
        llm.complete(ASK, task="answer_spoken", max_tokens=10, deadline_s=5)
    assert caught.value.code == "llm-unreachable"
    assert f"http://127.0.0.1:{port}/v1" in caught.value.message


def test_a_task_naming_another_backend_is_routed_to_it(tmp_path):
    from voice_assistant.engines import Engines
    from voice_assistant.llm.fake import FakeLLM, TaskLLM
    from voice_assistant.llm.router import TaskRouter

    settings = Settings.model_validate(
        {
            "paths": {"models_dir": str(tmp_path)},  # no model files at all
            "llm": {"backend": "openai", "openai": {"base_url": "http://127.0.0.1:9/v1"}},
            "tasks": {"understand": {"backend": "fake"}},
        }
    )
    engines = Engines(settings)
    engines.check_models(["llm"])  # neither backend reads a model file here
    routed = engines.llm()
    assert isinstance(routed, TaskRouter)
    assert isinstance(routed.model_for("understand"), TaskLLM)
    assert isinstance(routed.model_for("answer_spoken"), OpenAICompatibleLLM)
    with pytest.raises(ValueError, match=r"needs llm\.openai\.base_url"):
        Settings.model_validate({"tasks": {"answer_spoken": {"backend": "openai"}}})

    local, server = FakeLLM(["local"]), FakeLLM(["server"])
    router = TaskRouter(local, {"answer_spoken": server})
    said = router.complete(ASK, task="answer_spoken", max_tokens=5, deadline_s=1).text
    assert said == "server"
    assert router.complete(ASK, task="understand", max_tokens=5, deadline_s=1).text == "local"
    router.prepare([("understand", ASK), ("answer_spoken", ASK)])  # fakes: nothing to warm
    assert router.count_tokens(ASK, "answer_spoken") == server.count_tokens(ASK)
