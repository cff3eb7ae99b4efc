"""A question whose answer is one value, answered by code from the notes' structure.

The question is read once by the parser (``language.question``); the notes research
finds were read when they were written (their stored readings). A value is said only
from a note's unit that matches the question's focus, owner, qualifiers and kind
(``language.match``), in the question's own frame and from the user's side
(``language.frame``). No model is called: it is fast, and reviewed by construction, as
nothing but the matched value is said. A question the notes hold no such value for is
declined with what was heard, and a name no note mentions is declined too. A question
offering its own answers ("… the front or the back?") is answered with the one side a note
says (``language.choosing``); an open question (an account, a summary, a yes or no), and
a choice no note settles, is left to research and the model.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from voice_assistant.language.choosing import Chosen, choose
from voice_assistant.language.frame import answer as frame_answer
from voice_assistant.language.frame import choice as frame_choice
from voice_assistant.language.frame import decline as frame_decline
from voice_assistant.language.grounding import Ungrounded, ungrounded
from voice_assistant.language.match import Candidate, Match, aliases, best, matches
from voice_assistant.language.parser import Parser
from voice_assistant.language.question import Question, read_question
from voice_assistant.language.reading import USER, NoteReading
from voice_assistant.language.tokens import tokens_of
from voice_assistant.memory.store import Memory, MemoryStore
from voice_assistant.research.tools import MemoryRecord

CANDIDATES = 10
"""Notes a question is matched against: the search's best, and those naming its owner."""


@dataclass(frozen=True)
class Structured:
    """Code's answer to a one-value question, or its decline."""

    text: str
    outcome: str
    """``matched`` (a value said) or ``declined``."""
    question: Question
    sources: list[dict[str, str]] = field(default_factory=list)
    """The notes the value came from (title, day), for "How do you know?"."""
    memory_ids: tuple[int, ...] = ()
    """The notes the value came from, for a written reply's Sources list."""
    trace: dict[str, Any] = field(default_factory=dict)


class StructuredAnswers:
    def __init__(self, parser: Parser, store: MemoryStore) -> None:
        self.parser = parser
        self.store = store

    def read(self, question: str) -> Question:
        return read_question(self.parser, question)

    def answer(self, question: Question, personal: bool) -> Structured | None:
        """Code's answer to ``question`` when it asks for one value; None when it asks for
        an account (the model's), or when nothing matched and it is not ``personal``
        (a question about the world: general knowledge may answer it)."""
        if not question.single:
            return None
        memories = self._candidates(question)
        readings = [(m, self._reading(m)) for m in memories]
        known = {n for _, r in readings if r is not None for n in r.names}
        owner = question.owner or frozenset()
        unheard = {
            n for n in question.names if not ({n} | (owner if n in owner else set())) & known
        }
        unheard -= self._names_anywhere(unheard, owner)
        # a name no note mentions, of a personal question or one it asks something of
        # ("When is Bram's birthday?"), is declined as heard; of one about the world ("Who
        # wrote Middlemarch?") only when the notes would otherwise answer it ("Who's Prior
        # asking about the failed settlements?": a misheard name)
        if unheard & (question.possessors if not personal else unheard):
            return self._declined(question, {"unknown names": sorted(unheard)})
        candidates = [
            Candidate(i, r, _day(m)) for i, (m, r) in enumerate(readings) if r is not None
        ]
        if question.sides:  # "… the front or the back?": one side said, or the model's
            picked = choose(
                question.focus,
                question.sides,
                [(c.key, c.reading) for c in candidates],
                aliases(c.reading for c in candidates),
            )
            return self._chosen(question, picked, memories) if picked else None
        chosen = best(question, matches(question, candidates))
        if chosen and unheard:
            return self._declined(question, {"unknown names": sorted(unheard)})
        if chosen:
            return self._matched(question, chosen[0], memories)
        if not personal and not question.possessors:
            return None
        return self._declined(question, {"matched": 0, "notes": len(candidates)})

    def ground(self, question: Question, text: str, memory_ids: list[int]) -> list[Ungrounded]:
        """What the model's answer ``text`` states that no note it was given holds of what
        was asked (``language.grounding``): the same matching as code's own answers."""
        memories = [m for m in map(self.store.get, memory_ids) if m is not None]
        readings = [r for r in map(self._reading, memories) if r is not None]
        said = [tokens_of(s) for s in self.parser(text.split("\n\n")[0]).sents]
        return ungrounded(question, said, readings)

    def _candidates(self, question: Question) -> list[Memory]:
        found = [hit.memory for hit in self.store.search(question.text, CANDIDATES)]
        owners = sorted((question.owner or frozenset()) - {USER})
        for owner in owners[:3]:  # notes that name the owner, however the search ranked
            found += [hit.memory for hit in self.store.search(owner, 3)]
        return list({m.id: m for m in found}.values())

    def _names_anywhere(self, names: set[str], owner: frozenset[str]) -> set[str]:
        """The names some note mentions, though the search did not bring it (a relation by
        any of its words: "mom" for a note's "mum")."""
        found = set()
        for name in names:
            variants = {name} | (set(owner) - {USER} if name in owner else set())
            if any(self._mentions(m, variants) for v in variants for m in self._search(v)):
                found.add(name)
        return found

    def _search(self, name: str) -> list[Memory]:
        return [hit.memory for hit in self.store.search(name, 3)]

    def _mentions(self, memory: Memory, names: set[str]) -> bool:
        reading = self._reading(memory)
        return reading is not None and bool(names & reading.names)

    def _reading(self, memory: Memory) -> NoteReading | None:
        data = self.store.reading(memory)
        return NoteReading.from_json(data) if data is not None else None

    def _matched(self, question: Question, match: Match, memories: list[Memory]) -> Structured:
        memory = memories[match.key]
        value_kind = match.values[0].kind
        text = frame_answer(question, match.text, value_kind)
        trace = {
            "value": match.text,
            "kind": value_kind,
            "sentence": match.unit.text,
            "note": memory.title,
            "score": match.score,
        }
        sources = [{"title": memory.title, "day": _day(memory)}]
        return Structured(text, "matched", question, sources, (memory.id,), trace)

    def _chosen(self, question: Question, chosen: Chosen, memories: list[Memory]) -> Structured:
        memory = memories[chosen.key]
        text = frame_choice(chosen.side.text)
        trace = {"side": chosen.side.text, "sentence": chosen.unit.text, "note": memory.title}
        sources = [{"title": memory.title, "day": _day(memory)}]
        return Structured(text, "matched", question, sources, (memory.id,), trace)

    def _declined(self, question: Question, why: dict[str, Any]) -> Structured:
        return Structured(frame_decline(question), "declined", question, trace=why)


def _day(memory: Memory) -> str:
    return MemoryRecord.of(memory).day
