"""Review: yes/no checks on a draft reply, only those that apply, as a JSON object.

Which checks apply is decided by code from the outcome document and the draft; the model
answers exactly those keys. A check passes when ``asks_the_ask`` is true and every other
check is false.
"""

from __future__ import annotations

import json
from typing import Any

from voice_assistant.turn.outcome import OutcomeDocument

QUESTIONS = {
    "asks_the_ask": "Does the reply ask: {ask}",
    "asks_anything_else": "Does the reply ask the user anything else?",
    "claims_beyond_material": "Does the reply state anything its material does not say?",
    "contradicts_shown": "Does the reply contradict what is shown?",
    "leaves_something_out": "Does the reply leave out something its material says was done?",
}
MUST_BE_TRUE = {"asks_the_ask"}


def applicable_checks(document: OutcomeDocument, draft: str, answers: int = 0) -> list[str]:
    checks = []
    if document.ask:
        checks += ["asks_the_ask", "asks_anything_else"]
    elif "?" in draft:
        checks.append("asks_anything_else")
    checks.append("claims_beyond_material")
    if document.shown:
        checks.append("contradicts_shown")
    if document.done or document.not_done or answers:
        checks.append("leaves_something_out")
    return checks


def review_schema(checks: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {check: {"type": "boolean"} for check in checks},
        "required": checks,
        "additionalProperties": False,
    }


def review_prompt(document: OutcomeDocument, draft: str, checks: list[str]) -> str:
    material = "\n".join(document.material()) or "(nothing)"
    asked = "\n".join(
        f"- {check}: {QUESTIONS[check].format(ask=document.ask or '')}" for check in checks
    )
    return f"Material:\n{material}\n\nReply:\n{draft}\n\nAnswer each with true or false:\n{asked}"


def findings(output: str, checks: list[str]) -> list[str] | None:
    """The failed checks (empty: the reply passes); None if the verdict is unusable."""
    try:
        verdict = json.loads(output)
    except ValueError:
        return None
    if not isinstance(verdict, dict) or set(verdict) != set(checks):
        return None
    if not all(isinstance(verdict[c], bool) for c in checks):
        return None
    return [c for c in checks if verdict[c] != (c in MUST_BE_TRUE)]
