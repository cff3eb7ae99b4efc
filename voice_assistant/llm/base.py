from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, NotRequired, Protocol, TypedDict, Unpack, runtime_checkable

from voice_assistant.config import TaskProfile
from voice_assistant.errors import StageFailure
from voice_assistant.events import CallFigures, ModelCall

Role = Literal["system", "user", "assistant"]


@dataclass(frozen=True)
class Message:
    role: Role
    content: str


@dataclass(frozen=True, kw_only=True)
class Completion(CallFigures):
    """A finished call: its text, and what it cost and how it ended."""

    text: str

    def as_call(self, task: str) -> ModelCall:
        """The record of this call that reports and benchmarks keep (times to the ms)."""
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


Task = str
"""What a call is for: ``understand``, ``research``, ``answer_spoken``, ``answer_written``,
``answer_general``, ``review``, ``acknowledge`` (a ``tasks.*`` profile), or a caller's own
name. A backend may run tasks on contexts or models of their own."""


class CallOptions(TypedDict):
    """What a call asks beside its messages and task: an output allowance, a deadline,
    and optionally constrained output (a JSON schema, or a GBNF grammar)."""

    max_tokens: int
    deadline_s: float
    json_schema: NotRequired[dict[str, Any] | None]
    grammar: NotRequired[str | None]


class LanguageModel(Protocol):
    """A chat model with an output allowance, a deadline and optional constrained output:
    a JSON schema, or a grammar (GBNF, rule ``root``). Each call names its task.

    A backend may also offer ``count_tokens(messages, task)`` (exact prompt tokens; else
    ``prompt_tokens`` estimates), ``prepare(prefixes)`` (warm what it can before the
    first turn; see ``Prepares``) and ``rest()`` (release a model only some tasks use,
    when the daemon is idle; see ``Rests``)."""

    def complete(
        self, messages: list[Message], *, task: Task, **options: Unpack[CallOptions]
    ) -> Completion: ...


@runtime_checkable
class CountsTokens(Protocol):
    def count_tokens(self, messages: list[Message], task: Task = "") -> int:
        """Prompt tokens these messages cost, counted with the model's own tokenizer."""
        ...


@runtime_checkable
class Prepares(Protocol):
    def prepare(self, prefixes: list[tuple[Task, list[Message]]]) -> None:
        """Warm the fixed prompt prefix of each task (e.g. fill a KV cache); on a shared
        cache the last prefix given for it is the one kept."""
        ...


@runtime_checkable
class Rests(Protocol):
    def rest(self) -> bool:
        """Release what only some tasks use (a task's own model) once it has gone unused
        long enough; it loads again at its next call. True while something held could be
        released by a later rest."""
        ...


CHARS_PER_TOKEN = 3
"""A conservative estimate: English runs about 4 characters per token in these models."""
PER_MESSAGE = 8
"""Role markers and separators around each message."""


def prompt_tokens(llm: LanguageModel, messages: list[Message], task: Task = "") -> int:
    """The prompt's tokens: the backend's own count, or a conservative estimate."""
    if isinstance(llm, CountsTokens):
        return llm.count_tokens(messages, task)
    return sum(len(m.content) // CHARS_PER_TOKEN + PER_MESSAGE for m in messages)


def prepare(llm: LanguageModel, prefixes: list[tuple[Task, list[Message]]]) -> None:
    """Warm a backend that can be warmed; others need nothing."""
    if isinstance(llm, Prepares):
        llm.prepare(prefixes)


def rest(llm: LanguageModel) -> bool:
    """Rest a backend that holds something it can release; others hold nothing."""
    return llm.rest() if isinstance(llm, Rests) else False


def call_task(
    llm: LanguageModel,
    task: Task,
    profile: TaskProfile,
    messages: list[Message],
    calls: list[ModelCall],
    schema: dict[str, Any] | None = None,
    grammar: str | None = None,
) -> Completion | None:
    """One call of ``task`` within its profile's output allowance and deadline, recorded
    in ``calls``; None when the engine failed mid-call (``StageFailure``), so the caller's
    code takes over (a model file missing or damaged, ``ModelError``, is the turn's error)."""
    try:
        out = llm.complete(
            messages,
            task=task,
            max_tokens=profile.max_tokens,
            deadline_s=profile.deadline_s,
            json_schema=schema,
            grammar=grammar,
        )
    except StageFailure:
        return None
    calls.append(out.as_call(task))
    return out


@dataclass(frozen=True)
class TaskCalls:
    """The model with each task's profile, held by whoever makes task calls."""

    llm: LanguageModel
    profiles: dict[str, TaskProfile]

    def call(
        self,
        task: Task,
        messages: list[Message],
        calls: list[ModelCall],
        schema: dict[str, Any] | None = None,
        grammar: str | None = None,
    ) -> Completion | None:
        return call_task(self.llm, task, self.profiles[task], messages, calls, schema, grammar)

    def text(
        self,
        task: Task,
        messages: list[Message],
        calls: list[ModelCall],
        schema: dict[str, Any] | None = None,
    ) -> str | None:
        """The reply's text when the model finished it (not cut by its allowance or its
        deadline)."""
        out = self.call(task, messages, calls, schema)
        return out.text if out is not None and out.finish_reason == "stop" else None
