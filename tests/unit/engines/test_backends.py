"""Engines chosen by configuration: a backend key per engine, a registry, fakes that
stand where the real engines do, and the LLM call that names its task."""

from pathlib import Path

import numpy as np
import pytest

from tests.fakes import silence, tone
from tests.paths import PARSER_MODEL
from voice_assistant import backends
from voice_assistant.assembly import assemble
from voice_assistant.cli.entry import main
from voice_assistant.config import Settings
from voice_assistant.end_of_turn.fake import FakeEndOfTurn
from voice_assistant.engines import Engines
from voice_assistant.errors import ConfigError
from voice_assistant.language.parser import Parser
from voice_assistant.llm.base import CountsTokens, Message, prompt_tokens
from voice_assistant.llm.contexts import LlamaCppContexts
from voice_assistant.llm.fake import FakeLLM, TaskLLM
from voice_assistant.memory.embed import HashEmbedder
from voice_assistant.stt.fake import FakeSTT
from voice_assistant.tts.fake import FakeTTS
from voice_assistant.vad import LoudnessVAD


def test_config_show_lists_each_engine_s_backend(capsys):
    assert main(["config", "show"]) == 0
    out = capsys.readouterr().out
    for section, default in [
        ("stt", "faster-whisper"),
        ("llm", "llama.cpp"),
        ("tts", "piper"),
        ("wake", "openwakeword"),
    ]:
        assert f'[{section}]\nbackend = "{default}"' in out
        assert default in backends.names(section)


def test_configuration_names_every_backend_the_registry_builds_and_no_other():
    from voice_assistant.config.backend_names import BACKENDS

    assert {kind: tuple(backends.names(kind)) for kind in backends.REGISTRY} == BACKENDS


def test_an_unknown_backend_is_refused_naming_the_known_ones(tmp_path, capsys):
    config = tmp_path / "config.toml"
    config.write_text('[stt]\nbackend = "vosk"\n')
    assert main(["--config", str(config), "config", "show"]) == 2
    err = capsys.readouterr().err
    assert "stt.backend: unknown stt backend 'vosk'; known: faster-whisper, wyoming, fake" in err
    with pytest.raises(ValueError):
        Settings.model_validate({"llm": {"backend": "openai"}})


def test_fake_backends_need_no_model_and_run_a_whole_turn(tmp_path):
    settings = Settings.model_validate(
        {
            "paths": {"data_dir": str(tmp_path), "models_dir": str(tmp_path)},  # no model
            "stt": {"backend": "fake"},
            "llm": {"backend": "fake"},
            "tts": {"backend": "fake"},
        }
    )
    engines = Engines(
        settings,
        vad=LoudnessVAD(),
        embedder=HashEmbedder(),
        turn_end=FakeEndOfTurn(),
        parser=Parser(PARSER_MODEL),  # not an engine with a backend: the real parser
    )
    assistant = assemble(settings, engines)
    engines.check_models(["stt", "llm", "tts"])  # nothing to install for fakes
    assert isinstance(engines.stt(), FakeSTT) and isinstance(engines.tts(), FakeTTS)
    assert isinstance(engines.llm(), TaskLLM)
    assistant.memories.add("The dentist is on Thursday at 9:30.", title="Dentist")
    stt = engines.stt()
    assert isinstance(stt, FakeSTT)
    stt.text = "When is the dentist?"
    assistant.preload(["stt", "llm", "tts"])  # the fake has nothing to prepare
    result = assistant.pipeline.run(np.concatenate([silence(0.3), tone(1.0), silence(1.5)]))
    assert result.error is None, result.error
    assert result.reply is not None and "Thursday" in result.reply.text
    assert result.speech is not None and len(result.speech.samples) > 0


def test_a_missing_model_of_a_real_backend_is_still_reported(tmp_path):
    settings = Settings.model_validate({"paths": {"models_dir": str(tmp_path)}})
    with pytest.raises(Exception) as caught:
        Engines(settings).check_models(["llm"])
    assert "models install" in str(caught.value)
    # an engine given ready-made needs no file
    Engines(settings, llm=FakeLLM()).check_models(["llm"])


def test_every_call_names_its_task_and_llama_cpp_picks_the_context_by_it():
    settings = Settings()

    def unused(key: str, name: str) -> Path:  # no model is loaded to tell families apart
        raise AssertionError(f"resolved the model {key}={name}")

    contexts = LlamaCppContexts(settings, unused)
    assert contexts.family("research") == contexts.family("answer_general") == "research"
    assert contexts.family("understand") == "understand"
    assert {contexts.family(t) for t in ("answer_spoken", "review", "acknowledge")} == {"answers"}
    one = LlamaCppContexts(
        Settings.model_validate({"llm": {"llama_cpp": {"research_context": False}}}), unused
    )
    assert {one.family(t) for t in ("research", "understand", "answer_spoken")} == {"answers"}


def test_a_backend_without_a_tokenizer_gets_a_conservative_estimate():
    class Plain:
        def complete(self, messages, *, task, max_tokens, deadline_s, **constraints):
            raise AssertionError("not called")

    messages = [Message("system", "x" * 300), Message("user", "What is the time?")]
    assert not isinstance(Plain(), CountsTokens)
    estimate = prompt_tokens(Plain(), messages)
    assert estimate >= 300 // 4 + 17 // 4  # at least what ~4 characters a token gives
    assert isinstance(FakeLLM(), CountsTokens)
    assert prompt_tokens(FakeLLM(), messages) == FakeLLM().count_tokens(messages)


def test_the_fake_llm_records_the_task_of_each_call():
    llm = FakeLLM(["Fine."])
    llm.complete([Message("user", "hi")], task="review", max_tokens=5, deadline_s=1)
    assert llm.calls[0][1]["task"] == "review"


def test_an_unknown_config_backend_is_a_config_error(tmp_path):
    from voice_assistant.config import load_settings

    config = tmp_path / "c.toml"
    config.write_text('[wake]\nbackend = "porcupine"\n')
    with pytest.raises(ConfigError) as caught:
        load_settings(config)
    assert caught.value.code == "invalid" and "wake.backend" in caught.value.message


def test_research_budgets_on_the_context_of_the_backend_it_runs_on(tmp_path):
    def research_context(llm: dict) -> int:
        settings = Settings.model_validate({"paths": {"data_dir": str(tmp_path)}, "llm": llm})
        assistant = assemble(settings, Engines(settings, llm=FakeLLM(), embedder=HashEmbedder()))
        return assistant.research_core().loop.n_ctx

    assert research_context({"llama_cpp": {"n_ctx": 2048}}) == 2048
    served = {
        "backend": "openai",
        "openai": {"base_url": "http://127.0.0.1:9/v1", "context_tokens": 16384},
    }
    assert research_context({**served, "llama_cpp": {"n_ctx": 2048}}) == 16384
