"""Malformed config files: ``load_settings``, ``config show``, the model check at use."""

from __future__ import annotations

import pytest

from tests.bad_inputs.corpus import BAD, CONFIGS, IS_ROOT, ROOT_REASON, deny_reading
from voice_assistant.cli.entry import EXIT_ERROR, main
from voice_assistant.config import load_settings
from voice_assistant.errors import ConfigError
from voice_assistant.modelstore import resolve


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_load_settings_on_the_config_corpus(name):
    code, words = CONFIGS[name]
    path = BAD / "config" / name
    if code == "use":
        settings, _ = load_settings(path, environ={})
        with pytest.raises(ConfigError) as caught:
            resolve(settings, "models.stt")
        assert caught.value.code == "bad-path" and words in caught.value.message
        return
    with pytest.raises(ConfigError) as caught:
        load_settings(path, environ={})
    assert caught.value.code == code
    assert str(path) in caught.value.message and words in caught.value.message


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_config_show_on_the_config_corpus(name, capsys):
    code, words = CONFIGS[name]
    path = BAD / "config" / name
    status = main(["--config", str(path), "config", "show"])
    out, err = capsys.readouterr()
    if code == "use":  # a model name is checked by the command that needs the model
        assert status == 0 and "whisper-huge-v9" in out
        return
    assert status == EXIT_ERROR
    assert err.startswith("error: ") and str(path) in err and words in err


@pytest.mark.parametrize(
    ("make", "code", "words"),
    [
        (lambda tmp: tmp, "unreadable", "cannot be read: [Errno 21] Is a directory"),
        (lambda tmp: tmp / "nope.toml", "missing", "does not exist"),
    ],
    ids=["a-folder", "missing"],
)
def test_config_paths_that_are_not_files(tmp_path, capsys, make, code, words):
    path = make(tmp_path)
    with pytest.raises(ConfigError) as caught:
        load_settings(path, environ={})
    assert caught.value.code == code and words in caught.value.message
    assert main(["--config", str(path), "config", "show"]) == EXIT_ERROR
    assert str(path) in capsys.readouterr().err


def test_a_config_that_cannot_be_opened(tmp_path, monkeypatch, capsys):
    path = tmp_path / "config.toml"
    path.write_text("[llm]\nn_ctx = 2048\n")
    deny_reading(monkeypatch, path.name)
    with pytest.raises(ConfigError, match=r"cannot be read: .*Permission denied") as caught:
        load_settings(path, environ={})
    assert caught.value.code == "unreadable" and str(path) in caught.value.message
    assert main(["--config", str(path), "config", "show"]) == EXIT_ERROR
    assert "Permission denied" in capsys.readouterr().err


@pytest.mark.skipif(IS_ROOT, reason=ROOT_REASON)
def test_a_config_without_read_permission(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[llm]\nn_ctx = 2048\n")
    path.chmod(0)
    with pytest.raises(ConfigError, match="Permission denied"):
        load_settings(path, environ={})
