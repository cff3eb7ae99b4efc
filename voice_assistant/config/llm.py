"""The ``[llm]`` section: what any backend reads (temperature, seed), and each backend's
own settings under it (``[llm.llama_cpp]``, ``[llm.openai]``)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from voice_assistant.config.backend_names import LlmBackend, backend_field
from voice_assistant.config.section import Section
from voice_assistant.config.services import OpenAIConfig


class LlamaCppConfig(Section):
    """llama.cpp's own settings (``llm.backend = "llama.cpp"``)."""

    n_ctx: int = Field(4096, ge=512, description="Context window in tokens.")
    threads: int = Field(2, ge=1, description="CPU threads.")
    research_context: bool = Field(
        True,
        description="Contexts of their own for research and understanding calls, so every "
        "fixed prompt prefix stays in a warm KV cache.",
    )
    release_task_models_s: float = Field(
        120.0,
        ge=0,
        description="A task's own model (the general answers' 1.5B, 1.8 GB resident) is "
        "released after this many seconds unused while the daemon is idle, and loaded again "
        "(about 1 s) at its next call; 0 keeps it loaded.",
    )
    kv_cache: Literal["f16", "q8_0"] = Field(
        "f16",
        description="How each context's KV cache is stored: f16, or q8_0 (half the memory, "
        "with llama.cpp's flash attention, which it needs; it changes some of the model's "
        "answers, one measured for the worse).",
    )


MOVED_TO_LLAMA_CPP = ("n_ctx", "threads", "research_context")


class LlmConfig(Section):
    backend: LlmBackend = backend_field("llm", "llama.cpp")

    temperature: float = Field(0.0, ge=0.0, le=2.0)
    seed: int = Field(0, description="Sampling seed, for repeatable replies.")
    llama_cpp: LlamaCppConfig = LlamaCppConfig()
    openai: OpenAIConfig = OpenAIConfig()

    @model_validator(mode="before")
    @classmethod
    def _llama_cpp_keys_moved(cls, data: Any) -> Any:
        """llama.cpp's keys live under ``[llm.llama_cpp]``: say where, not "unknown key"."""
        moved = [k for k in MOVED_TO_LLAMA_CPP if isinstance(data, dict) and k in data]
        if moved:
            keys = ", ".join(f"llm.llama_cpp.{k}" for k in moved)
            raise ValueError(f"llama.cpp's settings moved: write {keys} ([llm.llama_cpp])")
        return data

    def context_tokens(self, backend: str) -> int:
        """The context window of ``backend`` in tokens, which research budgets on: the
        served model's for ``openai``; llama.cpp's (and the fake's, standing in for it)."""
        return self.openai.context_tokens if backend == "openai" else self.llama_cpp.n_ctx
