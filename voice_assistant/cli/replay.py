"""``voice-assistant replay TURN_ID``: the final pass again, on a stored turn's research.

Notes are rebuilt from the stored structured results with today's code, so a change to
notes or to the final request can be measured on real stored research (how decision 0002 was
validated: 6,153 -> 1,536 prompt tokens).
"""

from __future__ import annotations

import time
from typing import Any

from voice_assistant.errors import AssistantError
from voice_assistant.llm.base import Message, prompt_tokens
from voice_assistant.research.base import Mode
from voice_assistant.research.core import MemoryResearch, stored_exchanges
from voice_assistant.research.notes import build_notes


def replay(research: MemoryResearch, turn_id: int, mode: Mode | None = None) -> int:
    turn = research.conversations.turn(turn_id)
    if turn is None:
        raise AssistantError("no-such-turn", f"there is no stored turn {turn_id}")
    use: Mode = mode or ("written" if turn.mode == "written" else "spoken")
    if turn.stop_reason == "matched" and research.structured is not None:
        return _replay_structured(research, turn.id, turn.mode, turn.question, turn.review)
    notes = build_notes(stored_exchanges(turn))
    history = [Message(m["role"], m["content"]) for m in turn.final_request[1:-1]]  # type: ignore[arg-type]
    personal = turn.review.get("kind", "personal") == "personal"
    started = time.monotonic()
    kept, answered = research.final_pass(turn.question, notes, history, use, personal)
    seconds = time.monotonic() - started
    print(f"turn {turn.id} ({turn.mode}, research stopped on {turn.stop_reason}): {turn.question}")
    print(f"notes: {len(notes)} ({len(kept)} in the digest)")
    completion = answered.completion
    task = f"answer_{use}"
    tokens = (
        completion.prompt_tokens
        if completion
        else prompt_tokens(research.llm, answered.request, task)
    )
    print(f"final request: {tokens} prompt tokens; answered in {seconds:.2f}s")
    print_review("stored", turn.review)
    print_review("replayed", answered.review)
    print()
    print(answered.text)
    return 0


def _replay_structured(
    research: MemoryResearch, turn_id: int, mode: str, question: str, review: dict[str, Any]
) -> int:
    """A turn code answered from the notes' structure: the match again, on today's notes
    and readings (no model call either time)."""
    assert research.structured is not None
    started = time.monotonic()
    coded = research.structured.answer(research.structured.read(question), personal=True)
    seconds = time.monotonic() - started
    print(f"turn {turn_id} ({mode}, research stopped on matched): {question}")
    print(f"matched by structure again in {seconds:.3f}s (no model call)")
    print_review("stored", review)
    if coded is None:
        print("review (replayed): an open question now, for research and the model")
        return 0
    print(f"review (replayed): code: {coded.outcome} by structure {coded.trace}")
    print()
    print(coded.text)
    return 0


def print_review(which: str, review: dict[str, Any]) -> None:
    """A turn's review: each draft and what failed, and which reply was given."""
    if not review:
        print(f"review ({which}): none recorded")
        return
    print(f"review ({which}, {review.get('kind', '?')} question): {review.get('reply', '?')}")
    for number, draft in enumerate(review.get("drafts", []), 1):
        failed = "; ".join(draft.get("failed", [])) or "passed"
        print(f"  draft {number}: {failed}")
