"""The settings model, a section per part of the assistant, each key with its meaning."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import (
    Field,
    field_validator,
    model_validator,
)

from voice_assistant.config.alarms import AlarmsConfig
from voice_assistant.config.backend_names import (
    LlmBackend,
    SttBackend,
    TtsBackend,
    WakeBackend,
    backend_field,
)
from voice_assistant.config.endpoint import EndpointConfig
from voice_assistant.config.llm import LlmConfig
from voice_assistant.config.section import Section
from voice_assistant.config.services import (
    WyomingConfig,
    WyomingServiceConfig,
    WyomingTtsConfig,
)
from voice_assistant.config.xdg import xdg_dir


class PathsConfig(Section):
    data_dir: Path = Field(
        default_factory=lambda: xdg_dir("XDG_DATA_HOME", ".local/share") / "voice-assistant",
        description="Where memories, conversations and turns are stored.",
    )

    @property
    def database(self) -> Path:
        return self.data_dir / "memories.sqlite3"

    models_dir: Path | None = Field(
        default=None,
        description="Where `models install` assembles model files; default: the checkout's "
        "models/ folder, else <data_dir>/models.",
    )

    @field_validator("data_dir", "models_dir", mode="after")
    @classmethod
    def _expand_home(cls, value: Path | None) -> Path | None:
        return value.expanduser() if value is not None else None

    @field_validator("models_dir", mode="after")
    @classmethod
    def _models_dir_exists(cls, value: Path | None) -> Path | None:
        if value is not None and not value.is_dir():
            raise ValueError(f"{value} is not a directory")
        return value

    @field_validator("data_dir", mode="after")
    @classmethod
    def _data_dir_is_a_folder(cls, value: Path) -> Path:
        """It is created on first use; something else in its place is an error now."""
        if value.exists() and not value.is_dir():
            raise ValueError(f"{value} exists and is not a directory")
        return value


class ModelsConfig(Section):
    """Each value is a model name from models/manifest.toml, or a path to your own file."""

    stt: str = Field("whisper-base", description="Whisper (CTranslate2) model directory.")
    llm: str = Field("qwen2.5-coder-0.5b", description="GGUF chat model.")
    tts: str = Field("piper-joe", description="Piper voice: directory or .onnx file.")
    embed: str = Field("minilm-l6-int8", description="Sentence embeddings: ONNX + tokenizer.json.")
    wake: str = Field("openwakeword", description="openWakeWord feature models and wake words.")
    turn_end: str = Field(
        "smart-turn-v3.2", description="End-of-turn model (ONNX): whether the speaker finished."
    )
    parser: str = Field("en-core-web-sm", description="spaCy pipeline: reads words and notes.")


class SttConfig(Section):
    backend: SttBackend = backend_field("stt", "faster-whisper")

    language: str = Field("en", description="Spoken language; '' lets whisper detect it.")
    beam_size: int = Field(1, ge=1, le=10, description="1 is greedy and fastest.")
    threads: int = Field(2, ge=1, description="CPU threads for whisper.")
    min_window_s: float = Field(
        15.0, gt=0, le=30, description="Shortest encoder window; 30 = whisper's own padding."
    )
    window_margin_s: float = Field(5.0, ge=0, description="Silence after speech in the window.")
    vocabulary: bool = Field(
        False,
        description="Bias whisper toward the names in your memories (faster-whisper hotwords); "
        "off by default, see BENCHMARKS.md.",
    )
    wyoming: WyomingServiceConfig = WyomingServiceConfig()


class TaskProfile(Section):
    """What one model task may spend: its output allowance and deadline."""

    max_tokens: int = Field(ge=1, description="Output allowance in tokens.")
    deadline_s: float = Field(gt=0, description="Wall-clock limit for the call.")
    review: bool = Field(
        True,
        description="For reply tasks: the model reviews the draft before use (code's checks "
        "review every answer regardless).",
    )
    rewrite: bool = Field(
        True,
        description="For answers: a draft that fails review is written once more with the "
        "failed checks named, before code's reply stands in.",
    )
    model: str = Field(
        "",
        description="The model for this task: a name from models/manifest.toml or a GGUF "
        "path; '' = models.llm.",
    )
    backend: LlmBackend | Literal[""] = Field(
        "", description="The LLM backend for this task (e.g. 'openai'); '' = llm.backend."
    )


class TasksConfig(Section):
    """A profile per model task; a partial table keeps the task's other defaults."""

    understand: TaskProfile = TaskProfile(max_tokens=160, deadline_s=20.0)
    research: TaskProfile = TaskProfile(max_tokens=48, deadline_s=60.0)
    acknowledge: TaskProfile = TaskProfile(max_tokens=60, deadline_s=15.0)
    review: TaskProfile = TaskProfile(max_tokens=40, deadline_s=15.0)
    answer_spoken: TaskProfile = TaskProfile(
        max_tokens=160, deadline_s=30.0, review=False, rewrite=False
    )
    answer_written: TaskProfile = TaskProfile(max_tokens=400, deadline_s=120.0, review=False)
    answer_general: TaskProfile = TaskProfile(
        max_tokens=60, deadline_s=20.0, review=False, model="qwen2.5-coder-1.5b"
    )
    """The 0.5B got 19 of 31 everyday questions right, the 1.5B 28 (BENCHMARKS.md)."""
    acknowledge_by: Literal["code", "model"] = Field(
        "code",
        description="Who words the acknowledgement of a committed change: code states the "
        "receipts (fast, always right); the model writes from the outcome document, then "
        "review checks it. Code by default: see BENCHMARKS.md (a 0.5B reviewer's verdict "
        "follows the document, not the draft).",
    )

    def research_profiles(self) -> dict[str, TaskProfile]:
        """The research core's tasks (``research.core.MemoryResearch``)."""
        names = ("research", "answer_spoken", "answer_written", "answer_general", "review")
        return {name: getattr(self, name) for name in names}

    def turn_profiles(self) -> dict[str, TaskProfile]:
        """The turn runner's own tasks (``turn.runner.TurnRunner``)."""
        return {name: getattr(self, name) for name in ("understand", "acknowledge", "review")}

    def backends(self) -> dict[str, str]:
        """The tasks that name a backend of their own, with it."""
        profiles = {name: getattr(self, name) for name in type(self).model_fields}
        return {
            name: profile.backend
            for name, profile in profiles.items()
            if isinstance(profile, TaskProfile) and profile.backend
        }

    @model_validator(mode="before")
    @classmethod
    def _fill_partial_profiles(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        filled = dict(data)
        for name, info in cls.model_fields.items():
            given = data.get(name)
            if isinstance(given, dict) and isinstance(info.default, TaskProfile):
                filled[name] = {**info.default.model_dump(), **given}
        return filled


class ResearchConfig(Section):
    """Research over memories (docs/decisions/0002); times in seconds."""

    budget_written_s: float = Field(300.0, gt=0, description="Research budget, written replies.")
    budget_spoken_s: float = Field(20.0, gt=0, description="Research budget, spoken replies.")
    calls_spoken: int = Field(
        0, ge=0, description="Research calls after code's first search, spoken replies."
    )
    digest_written_chars: int = Field(6000, ge=500, description="Notes given to a written answer.")
    digest_spoken_chars: int = Field(2500, ge=500, description="Notes given to a spoken answer.")
    final_prompt_reserve: int = Field(
        2000, ge=256, description="Tokens kept free for the final request besides its output."
    )
    search_limit: int = Field(5, ge=1, le=50, description="Hits per search.")
    settle_on_first_search: bool = Field(
        True,
        description="No research call when code's first search found strong notes holding "
        "every word the question is about (measured: same answers, one call fewer).",
    )
    semantic_search: bool = Field(
        True, description="Fuse MiniLM similarity with BM25 (measured: better recall)."
    )
    conversation_idle_s: float = Field(
        300.0, gt=0, description="Idle time that ends a conversation."
    )
    import_max_bytes: int = Field(1_000_000, ge=1, description="Larger files are not imported.")
    date_order: Literal["auto", "month_first", "day_first"] = Field(
        "auto",
        description='How a note\'s "3/10" is read where the note does not show it: "auto" '
        "takes the system locale's order (en_US month first, en_GB day first).",
    )

    def budget(self, mode: str) -> float:
        return self.budget_written_s if mode == "written" else self.budget_spoken_s

    def calls(self, mode: str) -> int | None:
        """How many research calls a turn may make; None: as many as the budget allows."""
        return None if mode == "written" else self.calls_spoken

    def digest_chars(self, mode: str) -> int:
        return self.digest_written_chars if mode == "written" else self.digest_spoken_chars


class WakeConfig(Section):
    """The wake word (openWakeWord); its scores come every 80 ms frame."""

    backend: WakeBackend = backend_field("wake", "openwakeword")

    models: list[str] = Field(
        ["hey_jarvis_v0.1"],
        min_length=1,
        description="Names in the models.wake folder (hey_jarvis_v0.1, alexa_v0.1, "
        "hey_mycroft_v0.1, hey_rhasspy_v0.1) or paths to your own .onnx models.",
    )
    threshold: float = Field(0.5, gt=0, lt=1, description="Score that counts as the wake word.")
    trigger_level: int = Field(
        2, ge=1, description="Consecutive frames at or above the threshold that wake it."
    )
    refractory_s: float = Field(2.0, ge=0, description="After waking, ignore it this long.")
    barge_in_threshold: float = Field(
        0.9, gt=0, lt=1, description="Stricter threshold while the assistant itself speaks."
    )
    gate: bool = Field(
        True,
        description="Run the wake-word models only while voice activity detection hears "
        "speech (measured: the wake path 3.3 % -> 0.3 % of a core in a quiet room, the same "
        "detections; BENCHMARKS.md).",
    )
    pre_roll_s: float = Field(
        2.0, ge=1.3, le=5.0, description="Audio before the speech the gated models are given."
    )

    @field_validator("models", mode="before")
    @classmethod
    def _comma_separated(cls, value: Any) -> Any:
        """The environment gives one string: ``hey_jarvis_v0.1,alexa_v0.1``."""
        return (
            [v.strip() for v in value.split(",") if v.strip()] if isinstance(value, str) else value
        )


class ListenConfig(Section):
    """The live daemon's microphone and speaker, and its listening windows."""

    mic: str = Field("", description="Input device name or index; empty = the system default.")
    speaker: str = Field("", description="Output device name or index; empty = the default.")
    wake_timeout_s: float = Field(
        5.0, gt=0, description="After the wake word, no speech this long → back to idle."
    )
    follow_up_s: float = Field(
        6.0, ge=0, description="After a reply that asks, speech this soon needs no wake word."
    )
    device_retry_max_s: float = Field(
        10.0, gt=0, description="Longest wait between attempts to reopen a lost device."
    )
    thinking_cue: str = Field(
        "",
        description="A fixed phrase spoken while research runs (e.g. 'Let me check your "
        "notes.'); empty = only the earcon. Never a model's words.",
    )
    hotkey: str = Field(
        "", description="A key held to talk, e.g. KEY_F12 (needs evdev and the input group)."
    )
    hotkey_device: str = Field("", description="/dev/input/eventN; empty = any keyboard.")


class TtsConfig(Section):
    backend: TtsBackend = backend_field("tts", "piper")

    length_scale: float | None = Field(None, gt=0, description="Speaking rate (<1 is faster).")
    wyoming: WyomingTtsConfig = WyomingTtsConfig()


class Settings(Section):
    paths: PathsConfig = Field(default_factory=PathsConfig)
    """Made per ``Settings``: its XDG default is read then, not when this module loads."""
    models: ModelsConfig = ModelsConfig()
    stt: SttConfig = SttConfig()
    llm: LlmConfig = LlmConfig()
    tasks: TasksConfig = TasksConfig()
    research: ResearchConfig = ResearchConfig()
    endpoint: EndpointConfig = EndpointConfig()
    tts: TtsConfig = TtsConfig()
    wake: WakeConfig = WakeConfig()
    listen: ListenConfig = ListenConfig()
    wyoming: WyomingConfig = WyomingConfig()
    alarms: AlarmsConfig = AlarmsConfig()
    mode: Literal["spoken", "written"] = Field(
        "spoken", description="Default reply mode for batch runs."
    )

    @model_validator(mode="after")
    def _server_named(self) -> Settings:
        uses = [self.llm.backend, *self.tasks.backends().values()]
        if "openai" in uses and not self.llm.openai.base_url:
            raise ValueError("the 'openai' LLM backend needs llm.openai.base_url")
        for kind, section in (("stt", self.stt), ("tts", self.tts)):
            if section.backend == "wyoming" and not section.wyoming.uri:
                raise ValueError(f"the 'wyoming' {kind} backend needs {kind}.wyoming.uri")
        return self
