"""Shared fixtures. Integration fixtures load the real models once per session.

They never skip: a missing model is a failure that says `voice-assistant models install`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.paths import MEMORIES
from voice_assistant.assembly import Assembly, assemble
from voice_assistant.config import Settings, load_settings
from voice_assistant.memory.importer import import_paths
from voice_assistant.memory.sqlite import connect
from voice_assistant.memory.store import MemoryStore


@pytest.fixture(autouse=True)
def _isolated_xdg(tmp_path_factory, monkeypatch):
    """No test reads or writes the developer's own config or data."""
    home = tmp_path_factory.mktemp("xdg")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    for name in list(__import__("os").environ):
        if name.startswith("VOICE_ASSISTANT__"):
            monkeypatch.delenv(name)


@pytest.fixture(scope="session")
def demo_data(tmp_path_factory) -> Path:
    """A data folder whose store holds the example memories (imported for real)."""
    return with_demo_memories(tmp_path_factory.mktemp("data"))


def with_demo_memories(data: Path) -> Path:
    """``data`` as a data folder holding the example memories and nothing else: the live
    daemon's own, so no timer or reminder a batch test set rings into its speaker."""
    settings, _ = load_settings(None, environ={"VOICE_ASSISTANT__PATHS__DATA_DIR": str(data)})
    store = MemoryStore(connect(settings.paths.database))
    report = import_paths(store, [MEMORIES])
    assert report.added == 5 and not report.skipped
    store.db.close()
    return data


@pytest.fixture(scope="session")
def real_settings(demo_data) -> Settings:
    settings, _ = load_settings(
        None,
        environ={
            "XDG_CONFIG_HOME": "/nonexistent",
            "VOICE_ASSISTANT__PATHS__DATA_DIR": str(demo_data),
        },
    )
    return settings


@pytest.fixture(scope="session")
def real_assembly(real_settings) -> Assembly:
    assistant = assemble(real_settings)
    assistant.engines.check_models(["stt", "llm", "tts"])
    return assistant
