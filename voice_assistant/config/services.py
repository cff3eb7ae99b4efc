"""Settings for engines served by another program or machine: an OpenAI-compatible LLM
server (``llm.backend = "openai"``) and Wyoming STT/TTS services (``backend = "wyoming"``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, SecretStr

from voice_assistant.config.section import Section
from voice_assistant.errors import AssistantError
from voice_assistant.wyoming.uri import address, network


class OpenAIConfig(Section):
    """An OpenAI-compatible chat-completions server (``llm.backend = "openai"``)."""

    base_url: str = Field("", description="The API root, e.g. http://127.0.0.1:8080/v1.")
    model: str = Field("", description="The model name the server knows ('' if it has one).")
    api_key: SecretStr = Field(
        SecretStr(""), description="Sent as a bearer token when set; shown masked."
    )
    dialect: Literal["openai", "llama-cpp-python", "llama.cpp", "vllm", "ollama"] = Field(
        "openai",
        description="How the server takes a JSON schema, a GBNF grammar (llama-cpp-python, "
        "llama.cpp) and prompt caching (llama.cpp).",
    )
    connect_timeout_s: float = Field(5.0, gt=0, description="Longest wait to connect.")
    context_tokens: int = Field(
        4096,
        ge=512,
        description="The served model's context window in tokens (research budgets on it).",
    )


def checked_by(check: Callable[[str], object]) -> Callable[[str], str]:
    """A validator from a check of ``wyoming/uri.py`` ('' passes: the setting is unset);
    the check's own message becomes the configuration error."""

    def validate(value: str) -> str:
        try:
            if value:
                check(value)
        except AssistantError as exc:
            raise ValueError(exc.message) from None
        return value

    return validate


def _address(uri: str) -> object:
    return address(uri)


def _network(entry: str) -> object:
    return network(entry)


WyomingUri = Annotated[str, AfterValidator(checked_by(_address))]
"""'' (unset) or a ``tcp://HOST:PORT`` address."""
AllowEntry = Annotated[str, AfterValidator(checked_by(_network))]
"""An address or a network (CIDR)."""


class WyomingServiceConfig(Section):
    """A Wyoming service on another machine (``backend = "wyoming"``)."""

    uri: WyomingUri = Field("", description="Its address, tcp://HOST:PORT.")
    connect_timeout_s: float = Field(5.0, gt=0, description="Longest wait to connect.")
    context_tokens: int = Field(
        4096,
        ge=512,
        description="The served model's context window in tokens (research budgets on it).",
    )
    read_timeout_s: float = Field(
        30.0, gt=0, description="Longest silence from the service before the stage fails."
    )


class WyomingTtsConfig(WyomingServiceConfig):
    voice: str = Field("", description="The service's voice name; '' = its default voice.")
    sample_rate: int = Field(
        22050, ge=8000, le=48000, description="The rate we play at; other rates are resampled."
    )


class WyomingConfig(Section):
    """The network: the Wyoming server beside the daemon and the satellites it drives."""

    serve: WyomingUri = Field(
        "", description="Serve Wyoming here beside the daemon (run --wyoming overrides it)."
    )
    allow: list[AllowEntry] = Field(
        [],
        description="Peers that may connect to the server: addresses or networks (CIDR); "
        "[] = any; this machine is always allowed.",
    )
    zeroconf: bool = Field(
        False, description="Announce the server on the local network (_wyoming._tcp)."
    )
    satellites: list[WyomingUri] = Field(
        [], description="Wyoming satellites the daemon drives, tcp://HOST:PORT each."
    )
    satellite_retry_max_s: float = Field(
        30.0, ge=1, description="Longest wait between tries to reach a satellite."
    )
