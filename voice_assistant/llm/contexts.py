"""The ``llama.cpp`` backend: a context per task family, one loaded copy of each GGUF.

Research, understanding and answer prompts start differently, so on one context each
would evict the other's KV cache; a context per family keeps every fixed prefix warm
(``llm.llama_cpp.research_context``). A task whose profile names a model of its own
(``tasks.X.model``) runs on that model. Contexts are made on first use; a task's own
model is released when it has gone unused (``rest``).
"""

from __future__ import annotations

import time
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

N_CTX = {"understand": 2048}
"""A family's context window where it needs less than ``llm.llama_cpp.n_ctx``: reading an
utterance is a 281-token instruction, the utterance and 160 tokens of output, so 2048
leave room for about 6,000 typed characters, and its KV cache takes half the memory."""

ModelPath = Callable[[str, str], Path]
"""(setting key, model name) -> the verified file, remembered as loaded."""


class LlamaCppContexts:
    def __init__(
        self,
        settings: Settings,
        model_path: ModelPath,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.settings = settings
        self.model_path = model_path
        self.clock = clock
        self._used: dict[Path, float] = {}
        """When each GGUF was last called."""
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
        self._used[path] = self.clock()
        key = (path, family or self.family(task))
        if key not in self._contexts:
            llm = self.settings.llm
            n_ctx = min(N_CTX.get(key[1], llm.llama_cpp.n_ctx), llm.llama_cpp.n_ctx)
            loaded = self._weights.get(path)
            if loaded is not None:  # another context on the weights already in memory
                self._contexts[key] = LlamaCppLLM.sharing(loaded, n_ctx)
            else:
                made = LlamaCppLLM(
                    path,
                    n_ctx=n_ctx,
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

    def rest(self) -> bool:
        """Release each task's own model (not ``models.llm``) unused for
        ``llm.llama_cpp.release_task_models_s``; True while one stays loaded that a later
        rest would release."""
        after = self.settings.llm.llama_cpp.release_task_models_s
        if not after:
            return False
        main = self._paths.get(self.settings.models.llm)
        held = [path for path in self._weights if path != main]
        for path in held:
            if self.clock() - self._used[path] >= after:
                self._release(path)
        return any(path in self._weights for path in held)

    def _release(self, path: Path) -> None:
        owner = self._weights.pop(path)
        for key in [key for key in self._contexts if key[0] == path]:
            context = self._contexts.pop(key)
            if context is not owner:
                context.close()
        owner.close()  # last: the other contexts share its weights

    def loaded(self) -> list[Path]:
        """The GGUFs in memory."""
        return list(self._weights)

    def prepare(self, prefixes: list[tuple[Task, list[Message]]]) -> None:
        """Evaluate each fixed prefix once, so the first turn finds it cached; where tasks
        share a context, only the last prefix given for it is evaluated (it is the one kept)."""
        last: dict[int, tuple[Task, list[Message]]] = {}
        for task, messages in prefixes:
            last[id(self.context(task))] = (task, messages)
        for task, messages in last.values():
            self.complete(messages, task=task, max_tokens=1, deadline_s=60)
