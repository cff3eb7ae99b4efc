"""The research and notes core: research a question, then write the final answer from notes.

Used by spoken turns (the pipeline) and written ones (``ask``) alike. Every turn is
stored; ``replay`` reruns the final pass on a stored turn's research.
"""

from __future__ import annotations

import time
from dataclasses import asdict

from voice_assistant.config import ResearchConfig, TaskProfile
from voice_assistant.errors import StageFailure
from voice_assistant.events import ModelCall, Reply
from voice_assistant.llm.base import Completion, LanguageModel, Message
from voice_assistant.memory.conversation import Conversations, StoredTurn
from voice_assistant.research.base import Mode
from voice_assistant.research.final import (
    final_request,
    outcome,
    spoken_reply,
    written_reply,
    written_schema,
)
from voice_assistant.research.loop import ResearchLoop, research_request
from voice_assistant.research.notes import Exchange, Note, build_notes, digest
from voice_assistant.research.tools import ToolCall, ToolResult, Tools


def final_text(completion: Completion | None, notes: list[Note], mode: Mode) -> str:
    return (
        written_reply(completion, notes) if mode == "written" else spoken_reply(completion, notes)
    )


class MemoryResearch:
    def __init__(
        self,
        llm: LanguageModel,
        research_llm: LanguageModel,
        tools: Tools,
        conversations: Conversations,
        config: ResearchConfig,
        profiles: dict[str, TaskProfile],
        n_ctx: int,
    ) -> None:
        self.llm = llm
        self.tools = tools
        self.conversations = conversations
        self.config = config
        self.profiles = profiles
        reserve = max(p.max_tokens for p in profiles.values()) + config.final_prompt_reserve
        self.loop = ResearchLoop(
            research_llm, tools, n_ctx, reserve, profiles["research"].max_tokens
        )

    def warm(self, mode: Mode) -> None:
        """Fill the KV caches with the fixed prefixes: the research strategy, the final system
        prompt (on one shared context, the last one warmed is the one kept)."""
        self.loop.llm.complete(research_request("hello", []), max_tokens=1, deadline_s=60)
        self.llm.complete(final_request("hello", [], [], mode), max_tokens=1, deadline_s=60)

    def new_conversation(self) -> None:
        self.conversations.start()

    def final_pass(
        self, question: str, notes: list[Note], history: list[Message], mode: Mode
    ) -> tuple[list[Note], list[Message], Completion | None]:
        """The reserved answer: its digest of notes, its request, and its completion."""
        limit = self.config.digest_chars(mode)
        kept = digest(notes, limit)
        request = final_request(question, kept, history, mode)
        profile = self.profiles[f"answer_{mode}"]
        try:
            completion = self.llm.complete(
                request,
                max_tokens=profile.max_tokens,
                deadline_s=profile.deadline_s,
                json_schema=written_schema(len(kept)) if mode == "written" else None,
            )
        except StageFailure:
            completion = None
        return kept, request, completion

    def answer(self, question: str, mode: Mode) -> Reply:
        started = time.monotonic()
        conversation = self.conversations.current()
        history = self.conversations.history(conversation)
        run = self.loop.run(question, self.config.budget(mode))
        notes = build_notes(run.exchanges)
        research_s = time.monotonic() - started
        kept, request, completion = self.final_pass(question, notes, history, mode)
        text = final_text(completion, kept, mode)
        calls: list[ModelCall] = [*run.calls]
        if completion is not None:
            calls.append(completion.as_call(f"answer_{mode}"))
        turn_id = self.conversations.record(
            conversation,
            {
                "mode": mode,
                "question": question,
                "stop_reason": run.stop_reason,
                "exchanges": [
                    {
                        "call": e.call.model_dump(),
                        "result": e.result.model_dump() if e.result is not None else None,
                    }
                    for e in run.exchanges
                ],
                "notes": [asdict(n) for n in kept],
                "final_request": [asdict(m) for m in request],
                "reply": text,
                "model_calls": [asdict(c) for c in calls],
                "timings": {
                    "research": research_s,
                    "final": time.monotonic() - started - research_s,
                },
            },
        )
        return Reply(
            text=text,
            stop_reason=run.stop_reason,
            mode=mode,
            model_calls=tuple(calls),
            notes=len(notes),
            final_outcome=outcome(completion, mode),
            final_prompt_tokens=completion.prompt_tokens if completion else 0,
            turn_id=turn_id,
        )


def stored_exchanges(turn: StoredTurn) -> list[Exchange]:
    """Rebuild a stored turn's research exchanges as structures."""
    from pydantic import TypeAdapter

    adapter: TypeAdapter[ToolResult] = TypeAdapter(ToolResult)
    return [
        Exchange(
            ToolCall.model_validate(item["call"]),
            adapter.validate_python(item["result"]) if item["result"] is not None else None,
        )
        for item in turn.exchanges
    ]
