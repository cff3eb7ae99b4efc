from pathlib import Path

import pytest

from tests.paths import CHECKOUT
from voice_assistant.cli.entry import main
from voice_assistant.config import Settings, load_settings
from voice_assistant.errors import ConfigError


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text)
    return path


def test_defaults_without_a_file(tmp_path):
    settings, _sources = load_settings(None, environ={"XDG_CONFIG_HOME": str(tmp_path)})
    assert settings.models.llm == "qwen2.5-coder-0.5b"
    assert settings.tasks.answer_spoken.deadline_s == 30.0
    assert settings.endpoint.silence_timeout_s > 0


def test_file_values_are_read(tmp_path):
    path = write(
        tmp_path, "[llm.llama_cpp]\nn_ctx = 2048\n[tasks.answer_spoken]\nmax_tokens = 50\n"
    )
    settings, sources = load_settings(path, environ={})
    assert settings.llm.llama_cpp.n_ctx == 2048
    assert settings.tasks.answer_spoken.max_tokens == 50
    assert settings.tasks.answer_spoken.deadline_s == 30.0
    assert sources == [str(path)]


def test_environment_overrides_the_file(tmp_path):
    path = write(tmp_path, "[llm.llama_cpp]\nn_ctx = 2048\n")
    env = {"VOICE_ASSISTANT__LLM__LLAMA_CPP__N_CTX": "1024", "VOICE_ASSISTANT__STT__BEAM_SIZE": "3"}
    settings, _ = load_settings(path, environ=env)
    assert settings.llm.llama_cpp.n_ctx == 1024
    assert settings.stt.beam_size == 3


@pytest.mark.parametrize(
    ("text", "env", "named"),
    [
        ("[llm]\nn_ctxx = 2048\n", {}, "llm.n_ctxx: unknown key"),
        ("[llm.llama_cpp]\nn_ctx = 'big'\n", {}, "llm.llama_cpp.n_ctx"),
        (
            "[llm]\nn_ctx = 2048\nthreads = 1\n",
            {},
            "write llm.llama_cpp.n_ctx, llm.llama_cpp.threads",
        ),
        ("colour = 'blue'\n", {}, "colour: unknown key"),
        ("", {"VOICE_ASSISTANT__ENDPOINT__THRESHOLD": "2"}, "endpoint.threshold"),
        ("", {"VOICE_ASSISTANT__NOPE__X": "1"}, "nope: unknown key"),
        ("[paths]\nmodels_dir = '/no/such/dir'\n", {}, "paths.models_dir"),
    ],
)
def test_bad_values_name_the_key(tmp_path, text, env, named):
    with pytest.raises(ConfigError) as caught:
        load_settings(write(tmp_path, text), environ=env)
    assert named in caught.value.message


def test_invalid_toml_and_missing_explicit_file(tmp_path):
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_settings(write(tmp_path, "[llm\n"), environ={})
    with pytest.raises(ConfigError, match="does not exist"):
        load_settings(tmp_path / "nope.toml", environ={})


def test_config_show_prints_effective_values(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("VOICE_ASSISTANT__LLM__LLAMA_CPP__THREADS", "1")
    path = write(tmp_path, "[stt]\nbeam_size = 2\n")
    assert main(["--config", str(path), "config", "show"]) == 0
    out = capsys.readouterr().out
    assert '[stt]\nbackend = "faster-whisper"\nlanguage = "en"\nbeam_size = 2' in out
    assert "threads = 1" in out
    assert str(path) in out


def test_bad_config_exits_2_naming_the_key(tmp_path, capsys):
    path = write(tmp_path, "[stt]\nbeam = 2\n")
    assert main(["--config", str(path), "config", "show"]) == 2
    assert "stt.beam: unknown key" in capsys.readouterr().err


def test_home_is_expanded_in_paths(tmp_path):
    settings, _ = load_settings(write(tmp_path, "[paths]\ndata_dir = '~/va'\n"), environ={})
    assert settings.paths.data_dir == Path.home() / "va"


def test_the_readme_example_config_is_valid():
    import re
    import tomllib

    from voice_assistant.config import Settings

    readme = (CHECKOUT / "README.md").read_text()
    block = re.search(r"```toml\n(.*?)```", readme, re.S)
    assert block, "README.md shows an example config"
    example = tomllib.loads(block.group(1))
    settings = Settings.model_validate(example)
    assert settings.wake.models == ["hey_jarvis_v0.1"]


def test_a_list_setting_comes_from_the_environment_as_json(tmp_path):
    env = {
        "VOICE_ASSISTANT__WYOMING__SATELLITES": '["tcp://kitchen:10700", "tcp://hall:10700"]',
        "VOICE_ASSISTANT__WAKE__MODELS": '["hey_jarvis_v0.1"]',
    }
    settings, _ = load_settings(None, environ=env)
    assert settings.wyoming.satellites == ["tcp://kitchen:10700", "tcp://hall:10700"]
    with pytest.raises(ConfigError, match=r"wyoming\.satellites\.0"):
        load_settings(None, environ={"VOICE_ASSISTANT__WYOMING__SATELLITES": '["kitchen"]'})


def test_config_show_is_toml_that_loads_back_as_the_same_settings(tmp_path, capsys):
    import tomllib

    config = tmp_path / "config.toml"
    config.write_text(
        '[wyoming]\nsatellites = ["tcp://kitchen:10700"]\nallow = ["10.0.0.0/24"]\n'
        '[listen]\nthinking_cue = "One \\"moment\\"."\n'
    )
    assert main(["--config", str(config), "config", "show"]) == 0
    shown = tomllib.loads(capsys.readouterr().out)
    settings, _ = load_settings(config, environ={})
    again = settings.model_validate(shown)
    assert again.model_dump(exclude={"llm"}) == settings.model_dump(exclude={"llm"})
    assert again.wyoming.satellites == ["tcp://kitchen:10700"]
    assert again.listen.thinking_cue == 'One "moment".'


def test_the_default_data_folder_follows_xdg_data_home_when_settings_are_made(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "a"))
    first = Settings().paths.database
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "b"))
    assert first == tmp_path / "a" / "voice-assistant" / "memories.sqlite3"
    assert Settings().paths.data_dir == tmp_path / "b" / "voice-assistant"  # not the first's


def test_the_kv_cache_is_f16_unless_q8_0_with_flash_attention_is_asked(tmp_path):
    from voice_assistant.llm.llama import kv_options

    assert kv_options(Settings().llm.llama_cpp.kv_cache, 8) == {}
    settings, _ = load_settings(write(tmp_path, '[llm.llama_cpp]\nkv_cache = "q8_0"\n'))
    assert kv_options(settings.llm.llama_cpp.kv_cache, 8) == {
        "flash_attn": True,
        "type_k": 8,
        "type_v": 8,
    }
