"""Which engines each kind may be served by, by name: configuration checks a ``backend``
key against these without importing the engines (``backends.py`` builds each)."""

from __future__ import annotations

from functools import partial
from typing import Annotated, Any

from pydantic import AfterValidator, Field


def backend_field(kind: str, default: str) -> Any:
    return Field(
        default,
        description=f"Which {kind} engine serves this (voice_assistant/backends.py lists "
        "them; 'fake' ones need no model and are for tests).",
    )


BACKENDS: dict[str, tuple[str, ...]] = {
    "stt": ("faster-whisper", "wyoming", "fake"),
    "tts": ("piper", "wyoming", "fake"),
    "llm": ("llama.cpp", "openai", "fake"),
    "wake": ("openwakeword",),
}
"""The engines each kind may be served by, by name: ``backends.py`` builds each (a test
keeps the two alike), so configuration never imports the engines."""


def known_backend(kind: str, name: str) -> str:
    """A backend name the registry knows, or an error listing the ones it does."""
    if name not in BACKENDS[kind]:
        known = ", ".join(BACKENDS[kind])
        raise ValueError(f"unknown {kind} backend {name!r}; known: {known}")
    return name


SttBackend = Annotated[str, AfterValidator(partial(known_backend, "stt"))]
LlmBackend = Annotated[str, AfterValidator(partial(known_backend, "llm"))]
TtsBackend = Annotated[str, AfterValidator(partial(known_backend, "tts"))]
WakeBackend = Annotated[str, AfterValidator(partial(known_backend, "wake"))]
