from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Protocol

from voice_assistant.events import ModelCall

Role = Literal["system", "user", "assistant"]


@dataclass(frozen=True)
class Message:
    role: Role
    content: str


@dataclass(frozen=True)
class Completion:
    """A finished call: its text, token counts, and why generation stopped."""

    text: str
    prompt_tokens: int
    completion_tokens: int
    finish_reason: str
    """``stop`` (the model ended), ``length`` (output allowance) or ``deadline``."""
    seconds: float
    prompt_tokens_evaluated: int = 0
    prompt_eval_s: float = 0.0
    generation_s: float = 0.0

    def as_call(self, task: str) -> ModelCall:
        """The record of this call that reports and benchmarks keep."""
        return ModelCall(
            task=task,
            prompt_tokens=self.prompt_tokens,
            completion_tokens=self.completion_tokens,
            seconds=round(self.seconds, 3),
            finish_reason=self.finish_reason,
            prompt_tokens_evaluated=self.prompt_tokens_evaluated,
            prompt_eval_s=round(self.prompt_eval_s, 3),
            generation_s=round(self.generation_s, 3),
        )


class LanguageModel(Protocol):
    """A chat model with an output allowance, a deadline and optional constrained output:
    a JSON schema, or a grammar (GBNF, rule ``root``)."""

    def complete(
        self,
        messages: list[Message],
        *,
        max_tokens: int,
        deadline_s: float,
        json_schema: dict[str, Any] | None = None,
        grammar: str | None = None,
    ) -> Completion: ...

    def count_tokens(self, messages: list[Message]) -> int:
        """Prompt tokens these messages cost, counted with the model's own tokenizer."""
        ...
