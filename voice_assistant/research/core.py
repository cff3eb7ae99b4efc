"""The research and notes core: research a question, then write the final answer from notes.

Used by spoken turns (the pipeline) and written ones (``ask``) alike. Every turn is
stored; ``replay`` reruns the final pass on a stored turn's research.
"""

from __future__ import annotations

import time
from dataclasses import asdict, replace
from typing import Any

from voice_assistant.config import ResearchConfig, TaskProfile
from voice_assistant.events import ModelCall, Reply, ResearchStop
from voice_assistant.llm.base import LanguageModel, Message
from voice_assistant.memory.conversation import Conversations, StoredTurn
from voice_assistant.research.answering import Answered, Answerer
from voice_assistant.research.base import Mode
from voice_assistant.research.dialogue import TYPED, Dialogue, ThisTurn
from voice_assistant.research.final import final_request, sources
from voice_assistant.research.hearing import (
    NAMED_LOSS,
    held_beyond_reading,
    question_word,
    readings,
    vocabulary,
)
from voice_assistant.research.loop import ResearchLoop, research_request
from voice_assistant.research.notes import Exchange, Note, build_notes, digest
from voice_assistant.research.passages import decisive, focus
from voice_assistant.research.questions import is_personal
from voice_assistant.research.routing import Evidence, lifts, names_asked, route, user_names
from voice_assistant.research.structured import Structured, StructuredAnswers
from voice_assistant.research.tools import MemoryRecord, ReadResult, ToolCall, ToolResult, Tools


class MemoryResearch:
    def __init__(
        self,
        llm: LanguageModel,
        tools: Tools,
        conversations: Conversations,
        config: ResearchConfig,
        profiles: dict[str, TaskProfile],
        n_ctx: int,
        structured: StructuredAnswers | None = None,
    ) -> None:
        self.llm = llm
        self.structured = structured
        """Code's answers to one-value questions (None: every question goes to research)."""
        self.answerer = Answerer(llm, profiles, structured)
        self.tools = tools
        self.conversations = conversations
        self.config = config
        self.profiles = profiles
        reserve = max(p.max_tokens for p in profiles.values()) + config.final_prompt_reserve
        self.loop = ResearchLoop(llm, tools, n_ctx, reserve, profiles["research"].max_tokens)
        self._words: tuple[int, frozenset[str], dict[str, str]] | None = None

    def _known(self) -> tuple[frozenset[str], dict[str, str]]:
        """The user's names and the memories' words, read again when the memories change."""
        store = self.tools.store
        state = store.state()
        if self._words is None or self._words[0] != state:
            memories = store.titles_and_texts()
            self._words = (state, user_names(memories), vocabulary(memories))
        return self._words[1], self._words[2]

    def evidence(self, question: str, heard: Evidence | None = None) -> Evidence:
        """How close the memories come to ``question`` and the user's names it holds, beside
        how sure the recogniser was of its words (``heard``)."""
        store = self.tools.store
        closeness = store.closeness(question) if store.embedder is not None else None
        names = names_asked(question, self._known()[0])
        return replace(heard or Evidence(), closeness=closeness, names=names)

    def hear(self, question: str, heard: Evidence | None = None) -> tuple[str, Evidence]:
        """The question as the memories would spell it, when that reading comes closer to
        them ("How hot do the blaze firings go?" -> "… glaze firings …") or names the
        user's own ("Mom's birthday" -> "Mum's", a note of theirs). A question that
        is general as heard is read again only one letter a word, and the reading is kept
        only when it names the user's own ("Where does Tamas live?" -> "Tomás") or brings
        a memory close (``lifts``): a misheard name is never a question about the world,
        and a question about the world is not bent to the notes by a near miss."""
        evidence = self.evidence(question, heard)
        personal = route(question, None, evidence) == "personal"
        best = (question, evidence)
        for reading, gain in readings(question, self._known()[1], 2 if personal else 1):
            found = self.evidence(reading, heard)
            closer = (found.closeness or 0.0) - (best[1].closeness or 0.0)
            named = bool(found.names - best[1].names)  # "Mom's" read as the note's "Mum's"
            if personal and closer >= (-NAMED_LOSS if named else gain):
                best = (reading, replace(found, read_again=True))
            elif not personal and lifts(evidence, found):
                return reading, replace(found, read_again=True)
        return best

    def prefixes(self, mode: Mode) -> list[tuple[str, list[Message]]]:
        """The fixed prompt prefixes worth warming: the research strategy, then the answer's
        system prompt (kept where the two share a cache). The general-knowledge prompt is
        short: it is left to the first general question."""
        return [
            ("research", research_request("hello", [])),
            (f"answer_{mode}", final_request("hello", [], [], mode)),
        ]

    def conversation(self, session: Dialogue) -> int:
        """The stored conversation of ``session``: its own while open, else a new one."""
        room = session.room
        if session.conversation is not None:
            session.conversation = self.conversations.resume(session.conversation, room=room)
        elif session.continues_latest:
            session.conversation = self.conversations.current(room=room)
        else:
            session.conversation = self.conversations.start(room=room)
        return session.conversation

    def final_pass(
        self,
        question: str,
        notes: list[Note],
        history: list[Message],
        mode: Mode,
        personal: bool | None = None,
    ) -> tuple[list[Note], Answered]:
        """The reserved answer over a digest of the notes (spoken: their passages about the
        question, ``passages``), reviewed (``answering``)."""
        spoken = mode == "spoken"
        kept = digest(focus(notes, question) if spoken else notes, self.config.digest_chars(mode))
        shown = {(n.subject, n.day) for n in kept}
        unseen = [n for n in notes if n.day and (n.subject, n.day) not in shown] if spoken else []
        if personal is None:
            personal = is_personal(question, notes)
        context = " ".join(m.content for m in history if m.role in ("user", "assistant"))
        answered = self.answerer.answer(question, kept, history, mode, personal, context, unseen)
        return kept, answered

    def answer(
        self, question: str, mode: Mode, session: Dialogue | None = None, turn: ThisTurn = TYPED
    ) -> Reply:
        started = time.monotonic()
        conversation = self.conversation(session or Dialogue(room="batch", continues_latest=False))
        history = self.conversations.history(conversation)
        personal: list[bool] = []
        heard = question
        mean, least = turn.heard
        question = question_word(question)
        question, evidence = self.hear(question, Evidence(sureness=mean, least_sure=least))
        coded = self._by_structure(question, evidence)
        if coded is not None:
            routed = _route_trace(evidence, heard, question)
            return self._record_structured(
                coded, question, heard, mode, conversation, turn, started, routed
            )

        def settle(exchanges: list[Exchange]) -> ResearchStop | None:
            """A general question the memories do not come close to needs no research, nor
            does one whose first search found everything it is about."""
            notes = build_notes(exchanges)
            personal.append(route(question, notes, evidence) == "personal")
            if not personal[-1]:
                return "general"
            settles = self.config.settle_on_first_search and decisive(question, notes)
            return "decisive" if settles else None

        run = self.loop.run(question, self.config.budget(mode), settle, self.config.calls(mode))
        notes = build_notes(run.exchanges)
        if question != heard:  # a note found only through a word the reading changed
            notes = held_beyond_reading(heard, question, notes, self._known()[0])
        research_s = time.monotonic() - started
        kept, answered = self.final_pass(question, notes, history, mode, personal[0])
        answered.review["route"] = _route_trace(evidence, heard, question)
        text = answered.text
        calls: list[ModelCall] = [*run.calls, *answered.calls]
        turn_id = self._store(
            turn,
            conversation,
            {
                "mode": mode,
                "question": question,
                "heard": heard,
                "stop_reason": run.stop_reason,
                "exchanges": [
                    {
                        "call": e.call.model_dump(),
                        "result": e.result.model_dump() if e.result is not None else None,
                    }
                    for e in run.exchanges
                ],
                "notes": [{**asdict(n), "text": ""} for n in kept],
                "final_request": [asdict(m) for m in answered.request],
                "reply": text,
                "review": answered.review,
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
            final_outcome=answered.outcome,
            final_prompt_tokens=answered.completion.prompt_tokens if answered.completion else 0,
            turn_id=turn_id,
            review=answered.review,
        )

    def _store(self, turn: ThisTurn, conversation: int, record: dict[str, Any]) -> int:
        """The stored turn: the first lasting thing a turn does (an early start waits),
        once its reply is made."""
        turn.go_ahead(ready=True, reply=record["reply"])
        return self.conversations.record(conversation, record)

    def _by_structure(self, question: str, evidence: Evidence) -> Structured | None:
        """Code's answer when the question asks for one value (``structured``): personal
        or not decides only whether an unmatched question may still be general. A heard
        "Where is my brother's birthday?" that no note places is read as the "When" it
        sounds like, when a note says when (whisper hears a synthetic "When" as "Where")."""
        if self.structured is None:
            return None
        reading = self.structured.read(question)
        if not reading.single:
            return None
        first = ToolCall(tool="search_memories", argument=question)
        notes = build_notes([Exchange(first, self.tools.run(first))])
        personal = route(question, notes, evidence) == "personal"
        coded = self.structured.answer(reading, personal)
        heard = evidence.sureness < 0 and reading.kinds == ("place",)
        if heard and coded is not None and coded.outcome == "declined":
            when = self.structured.answer(replace(reading, kinds=("date", "time")), personal)
            if when is not None and when.outcome == "matched":
                return when
        return coded

    def _record_structured(
        self,
        coded: Structured,
        question: str,
        heard: str,
        mode: Mode,
        conversation: int,
        turn: ThisTurn,
        started: float,
        route: dict[str, Any],
    ) -> Reply:
        review = {
            "kind": "personal",
            "reply": f"code: {coded.outcome} by structure",
            "structure": coded.trace,
            "sources": coded.sources,
            "route": route,
        }
        text = coded.text
        if mode == "written" and coded.memory_ids:  # cited, with code's Sources list
            found = [m for m in map(self.tools.store.get, coded.memory_ids) if m is not None]
            reads = [
                Exchange(
                    ToolCall(tool="read_memory", argument=str(m.id)),
                    ReadResult(id=m.id, memory=MemoryRecord.of(m)),
                )
                for m in found
            ]
            notes = build_notes(reads)
            text = f"{text} [1]\n\n{sources(notes, list(range(1, len(notes) + 1)))}"
        turn_id = self._store(
            turn,
            conversation,
            {
                "mode": mode,
                "question": question,
                "heard": heard,
                "stop_reason": "matched",
                "exchanges": [],
                "notes": [],
                "final_request": [],
                "reply": text,
                "review": review,
                "model_calls": [],
                "timings": {"research": time.monotonic() - started, "final": 0.0},
            },
        )
        return Reply(
            text=text,
            stop_reason="matched",
            mode=mode,
            notes=len(coded.memory_ids),
            final_outcome=coded.outcome,
            turn_id=turn_id,
            review=review,
        )


def _route_trace(evidence: Evidence, heard: str, question: str) -> dict[str, Any]:
    """How the question was routed, for the stored turn and the batch report."""
    return {
        "closeness": None if evidence.closeness is None else round(evidence.closeness, 3),
        "names": sorted(evidence.names),
        "sureness": round(evidence.sureness, 3),
        "least_sure": round(evidence.least_sure, 3),
        **({"heard": heard, "read_as": question} if heard != question else {}),
    }


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
