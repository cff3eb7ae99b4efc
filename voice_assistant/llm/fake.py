"""The ``fake`` LLM backends: no model, words counted as tokens.

``FakeLLM`` replies from a script, in order (unit tests); ``TaskLLM`` answers each task
the way a well-behaved model would (the fake soak, ``llm.backend = "fake"``).
"""

from __future__ import annotations

import json
import re
from typing import Any, Unpack

from voice_assistant.llm.base import CallOptions, Completion, Message


class FakeLLM:
    def __init__(self, replies: list[str] | None = None, finish_reason: str = "stop") -> None:
        self.replies = list(replies or ["It is a fine day."])
        self.finish_reason = finish_reason
        self.calls: list[tuple[list[Message], dict[str, Any]]] = []

    def count_tokens(self, messages: list[Message], task: str = "") -> int:
        return sum(len(m.content.split()) + 4 for m in messages)

    def reply(self, messages: list[Message], task: str, options: dict[str, Any]) -> str:
        self.calls.append((messages, {"task": task, **options}))
        return self.replies[min(len(self.calls) - 1, len(self.replies) - 1)]

    def complete(
        self, messages: list[Message], *, task: str, **asked: Unpack[CallOptions]
    ) -> Completion:
        max_tokens = asked["max_tokens"]
        options = {
            "max_tokens": max_tokens,
            "deadline_s": asked["deadline_s"],
            "schema": asked.get("json_schema"),
            "grammar": asked.get("grammar"),
        }
        words = self.reply(messages, task, options).split()[:max_tokens]
        return Completion(
            text=" ".join(words),
            prompt_tokens=self.count_tokens(messages),
            completion_tokens=len(words),
            finish_reason=self.finish_reason,
            seconds=0.0,
        )


class TaskLLM(FakeLLM):
    """Research reads the first memory found, then answers; understanding splits timer
    clauses from questions; review passes; a spoken answer says the first note's first
    sentence. Stateless: it keeps no calls."""

    def reply(self, messages: list[Message], task: str, options: dict[str, Any]) -> str:
        user = messages[-1].content
        if task == "understand":
            return _split_utterance(user)
        if task == "research":
            found = re.search(r"memory_id=(\d+)", user)
            if found and "read_memory(" not in user:
                return json.dumps({"tool": "read_memory", "argument": found.group(1)})
            return json.dumps({"tool": "answer", "argument": ""})
        if task == "review":
            checks = (options["schema"] or {}).get("properties", {})
            return json.dumps({check: False for check in checks})
        if task == "acknowledge":
            return "Done."
        if task == "answer_spoken":
            return _citing_answer(user)
        return "It is on Thursday. Anything else?"


def _split_utterance(utterance: str) -> str:
    """What a good understanding call returns: timer clauses as acts, the rest questions."""
    acts: list[dict[str, str]] = []
    questions: list[str] = []
    for part in re.split(r"\s+and\s+|(?<=[.!?])\s+", utterance.strip()):
        timer = re.match(r"(?i)set (?:a |an )?(?:(\w+) )?timer(?: for (.+?))?[.!?]?$", part)
        if timer:
            act = {"act": "set_timer", "duration": timer.group(2) or ""}
            acts.append({**act, "label": timer.group(1)} if timer.group(1) else act)
        elif part.strip(" .?!"):
            questions.append(part)
    return json.dumps({"acts": acts, "questions": questions})


def _citing_answer(request: str) -> str:
    """A spoken answer saying the first note's first sentence, as a careful model would."""
    note = re.search(r"^\[1\] [^:]*: (.+)$", request, re.M)
    if note is None:
        return "none"
    return re.split(r"(?<=[.!?])\s", note.group(1))[0] + " (note 1)"
