"""The model's review of an answer: the yes/no checks code cannot decide.

Whether the answer claims more than its quotes say, whether it answers the question, and
whether a newer note says otherwise. The request extends the answer's own request (its
KV cache), so only the draft and the checks are evaluated. It runs only where a task
profile asks for it (``tasks.answer_spoken.review``): the figures in BENCHMARKS.md say
whether it catches what code's checks miss.
"""

from __future__ import annotations

import json
from typing import Any

from voice_assistant.llm.base import Message
from voice_assistant.research.notes import Note

QUESTIONS = {
    "claims_beyond_material": "Does the answer state anything its quoted notes do not say?",
    "answers_the_question": "Does the answer give what the question asks for?",
    "contradicts_newer_note": "Does a newer note say something different from the answer?",
}
MUST_BE_TRUE = {"answers_the_question"}


def applicable(notes: list[Note]) -> list[str]:
    """A newer note can only contradict when the notes were written on different days."""
    checks = ["claims_beyond_material", "answers_the_question"]
    if len({note.day for note in notes if note.day}) > 1:
        checks.append("contradicts_newer_note")
    return checks


def schema(checks: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {check: {"type": "boolean"} for check in checks},
        "required": checks,
        "additionalProperties": False,
    }


def request(answer_request: list[Message], draft: str, checks: list[str]) -> list[Message]:
    asked = "\n".join(f"- {check}: {QUESTIONS[check]}" for check in checks)
    prompt = f"Check your answer. Reply with JSON, true or false for each:\n{asked}"
    return [*answer_request, Message("assistant", draft), Message("user", prompt)]


def failed(output: str, checks: list[str]) -> list[str] | None:
    """The checks that failed (empty: it passes); None if the verdict is unusable."""
    try:
        verdict = json.loads(output)
    except ValueError:
        return None
    if not isinstance(verdict, dict) or not all(isinstance(verdict.get(c), bool) for c in checks):
        return None
    return [c for c in checks if verdict[c] != (c in MUST_BE_TRUE)]
