"""Each task on the backend its profile names (``tasks.X.backend``): answers on a server
with a GPU, say, and understanding on the local llama.cpp. A call goes by its task; a task
that names none goes to ``llm.backend``."""

from __future__ import annotations

from typing import Unpack

from voice_assistant.llm.base import (
    CallOptions,
    Completion,
    LanguageModel,
    Message,
    Task,
    prepare,
    prompt_tokens,
    rest,
)


class TaskRouter:
    def __init__(self, default: LanguageModel, by_task: dict[Task, LanguageModel]) -> None:
        self.default = default
        self.by_task = by_task

    def model_for(self, task: Task) -> LanguageModel:
        return self.by_task.get(task, self.default)

    def complete(
        self, messages: list[Message], *, task: Task, **options: Unpack[CallOptions]
    ) -> Completion:
        return self.model_for(task).complete(messages, task=task, **options)

    def count_tokens(self, messages: list[Message], task: Task = "") -> int:
        return prompt_tokens(self.model_for(task), messages, task)

    def prepare(self, prefixes: list[tuple[Task, list[Message]]]) -> None:
        """Each backend warms the prefixes of its own tasks."""
        models = [self.default, *self.by_task.values()]
        for model in {id(m): m for m in models}.values():
            prepare(model, [(t, m) for t, m in prefixes if self.model_for(t) is model])

    def rest(self) -> bool:
        models = [self.default, *self.by_task.values()]
        return any([rest(model) for model in {id(m): m for m in models}.values()])
