"""The model's review of a fact: the yes/no checks code cannot decide.

Whether the note's words say everything the sentence says (a claim beyond the material:
"penicillin and peanuts" from "allergic to penicillin"), and whether the sentence gives
what the question asks for. One short, fresh request per fact that passed code's checks:
the question, the note's sentence the fact quotes, and the fact's sentence. (Asking the
model to check its own answer by extending the answer's request caught nothing on the
seeded drafts: it approved itself; docs/decisions/0001.) It runs only where a task profile
asks for it (``tasks.answer_spoken.review``), on the model ``tasks.review.model`` names.
"""

from __future__ import annotations

import json
from typing import Any

from voice_assistant.llm.base import Message

SYSTEM = "You check one answer against the words of a note. Reply with JSON only."
QUESTIONS = {
    "supported": "Does the note say everything the answer says?",
    "answers": "Does the answer give what the question asks for?",
}
FAILED_AS = {"supported": "claims_beyond_material", "answers": "answers_the_question"}
"""A check answered false, named as decision 0003 names it."""


def schema() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {check: {"type": "boolean"} for check in QUESTIONS},
        "required": list(QUESTIONS),
        "additionalProperties": False,
    }


def request(question: str, sentence: str, say: str) -> list[Message]:
    asked = "\n".join(f"- {check}: {text}" for check, text in QUESTIONS.items())
    user = (
        f'Question: {question}\nThe note says: "{sentence}"\nAnswer: "{say}"\n\n'
        f"{asked}\nReply with JSON: true or false for each."
    )
    return [Message("system", SYSTEM), Message("user", user)]


def failed(output: str) -> list[str] | None:
    """The checks that failed, by decision 0003's names (empty: it passes); None if the verdict
    is unusable."""
    try:
        verdict = json.loads(output)
    except ValueError:
        return None
    if not isinstance(verdict, dict) or not all(
        isinstance(verdict.get(c), bool) for c in QUESTIONS
    ):
        return None
    return [FAILED_AS[c] for c in QUESTIONS if verdict[c] is not True]
