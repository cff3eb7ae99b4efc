"""One validated settings model (``sections``), loaded from a TOML file and the
environment (``load``)."""

from voice_assistant.config.endpoint import EndpointConfig
from voice_assistant.config.llm import LlamaCppConfig, LlmConfig
from voice_assistant.config.load import ENV_PREFIX, env_overrides, load_settings
from voice_assistant.config.section import Section
from voice_assistant.config.sections import (
    ListenConfig,
    ModelsConfig,
    PathsConfig,
    ResearchConfig,
    Settings,
    SttConfig,
    TaskProfile,
    TasksConfig,
    TtsConfig,
    WakeConfig,
)
from voice_assistant.config.services import OpenAIConfig
from voice_assistant.config.xdg import default_config_path, xdg_dir

__all__ = [
    "ENV_PREFIX",
    "EndpointConfig",
    "ListenConfig",
    "LlamaCppConfig",
    "LlmConfig",
    "ModelsConfig",
    "OpenAIConfig",
    "PathsConfig",
    "ResearchConfig",
    "Section",
    "Settings",
    "SttConfig",
    "TaskProfile",
    "TasksConfig",
    "TtsConfig",
    "WakeConfig",
    "default_config_path",
    "env_overrides",
    "load_settings",
    "xdg_dir",
]
