"""A scripted LLM for unit tests: replies in order, counts words as tokens."""

from __future__ import annotations

from typing import Any

from voice_assistant.llm.base import Completion, Message


class FakeLLM:
    def __init__(self, replies: list[str] | None = None, finish_reason: str = "stop") -> None:
        self.replies = list(replies or ["It is a fine day."])
        self.finish_reason = finish_reason
        self.calls: list[tuple[list[Message], dict[str, Any]]] = []

    def count_tokens(self, messages: list[Message]) -> int:
        return sum(len(m.content.split()) + 4 for m in messages)

    def complete(
        self,
        messages: list[Message],
        *,
        max_tokens: int,
        deadline_s: float,
        json_schema: dict[str, Any] | None = None,
        grammar: str | None = None,
    ) -> Completion:
        self.calls.append(
            (
                messages,
                {
                    "max_tokens": max_tokens,
                    "deadline_s": deadline_s,
                    "schema": json_schema,
                    "grammar": grammar,
                },
            )
        )
        text = self.replies[min(len(self.calls) - 1, len(self.replies) - 1)]
        words = text.split()[:max_tokens]
        return Completion(
            text=" ".join(words),
            prompt_tokens=self.count_tokens(messages),
            completion_tokens=len(words),
            finish_reason=self.finish_reason,
            seconds=0.0,
        )
