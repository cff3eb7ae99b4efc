"""The ``llama.cpp`` backend: a context per task family, one loaded copy of each GGUF.

Research, understanding and answer prompts start differently, so on one context each
would evict the other's KV cache; a context per family keeps every fixed prefix warm
(``llm.llama_cpp.research_context``). A task whose profile names a model of its own
(``tasks.X.model``) runs on that model. Contexts are made on first use.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Unpack

from voice_assistant.config import Settings
from voice_assistant.llm.base import CallOptions, Completion, Message, Task
from voice_assistant.llm.llama import LlamaCppLLM

FAMILIES = {"research": "research", "answer_general": "research", "understand": "understand"}
"""Tasks with a context of their own; every other task shares the ``answers`` context. A
general question makes no research call, so its answer borrows the research context and
the answers' cached prefix survives it."""

ModelPath = Callable[[str, str], Path]
"""(setting key, model name) -> the verified file, remembered as loaded."""


class LlamaCppContexts:
    def __init__(self, settings: Settings, model_path: ModelPath) -> None:
        self.settings = settings
        self.model_path = model_path
        self._paths: dict[str, Path] = {}
        self._contexts: dict[tuple[Path, str], LlamaCppLLM] = {}
        self._weights: dict[Path, LlamaCppLLM] = {}
        """The first context on each GGUF: later contexts share its loaded weights."""

    def _model(self, task: Task) -> Path:
        """The GGUF ``task`` runs on, verified once (its file is then watched on disk)."""
        s = self.settings
        profile = getattr(s.tasks, task, None)
        named = profile.model if profile is not None else ""
        key, name = (f"tasks.{task}.model", named) if named else ("models.llm", s.models.llm)
        if name == s.models.llm:
            key = "models.llm"
        if name not in self._paths:
            self._paths[name] = self.model_path(key, name)
        return self._paths[name]

    def family(self, task: Task) -> str:
        own = self.settings.llm.llama_cpp.research_context
        return FAMILIES.get(task, "answers") if own else "answers"

    def context(self, task: Task = "", family: str | None = None) -> LlamaCppLLM:
        """The context ``task`` runs on (``family`` names another, e.g. a benchmark's own)."""
        path = self._model(task)
        key = (path, family or self.family(task))
        if key not in self._contexts:
            loaded = self._weights.get(path)
            if loaded is not None:  # another context on the weights already in memory
                self._contexts[key] = LlamaCppLLM.sharing(loaded)
            else:
                llm = self.settings.llm
                made = LlamaCppLLM(
                    path,
                    n_ctx=llm.llama_cpp.n_ctx,
                    threads=llm.llama_cpp.threads,
                    seed=llm.seed,
                    temperature=llm.temperature,
                    kv_cache=llm.llama_cpp.kv_cache,
                )
                self._weights[path] = self._contexts[key] = made
        return self._contexts[key]

    def complete(
        self, messages: list[Message], *, task: Task, **options: Unpack[CallOptions]
    ) -> Completion:
        return self.context(task).complete(messages, task=task, **options)

    def count_tokens(self, messages: list[Message], task: Task = "") -> int:
        return self.context(task).count_tokens(messages)

    def prepare(self, prefixes: list[tuple[Task, list[Message]]]) -> None:
        """Evaluate each fixed prefix once, so the first turn finds it cached; where tasks
        share a context, only the last prefix given for it is evaluated (it is the one kept)."""
        last: dict[int, tuple[Task, list[Message]]] = {}
        for task, messages in prefixes:
            last[id(self.context(task))] = (task, messages)
        for task, messages in last.values():
            self.complete(messages, task=task, max_tokens=1, deadline_s=60)
