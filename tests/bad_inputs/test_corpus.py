"""The corpus itself: every file has an expectation and a line in its README."""

from __future__ import annotations

from tests.bad_inputs.corpus import BAD, CONFIGS, GENERATED_MEMORIES, GENERATED_WAVS, MEMORIES, WAVS
from voice_assistant.daemon.control_socket import ControlError
from voice_assistant.errors import AssistantError, AudioInputError, ConfigError

TABLES = {"wav": WAVS, "config": CONFIGS, "memory": MEMORIES}


def test_every_corpus_file_has_an_expectation_and_is_listed_in_the_readme():
    readme = (BAD / "README.md").read_text()
    for kind, table in TABLES.items():
        names = {p.name for p in (BAD / kind).iterdir()}
        assert names == set(table), f"tests/data/bad/{kind}: files and the table differ"
        for name in names:
            assert (BAD / kind / name).stat().st_size < 50_000, name
            assert f"`{kind}/{name}`" in readme, f"README.md does not list {kind}/{name}"
    for name in [*GENERATED_WAVS, *GENERATED_MEMORIES]:
        assert f"`{name}`" in readme, f"README.md does not list the generated {name}"


def test_errors_are_assistant_errors_with_a_stage_and_code():
    for error in (
        AudioInputError("not-a-wav", "m"),
        ConfigError("invalid", "m"),
        ControlError("not-running", "m"),
    ):
        assert isinstance(error, AssistantError) and error.stage and error.code
