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
from voice_assistant.language.grounding import lacks_kind, unheld
from voice_assistant.language.match import (
    Candidate,
    Match,
    aliases,
    best,
    matches,
    own_preposition,
)
from voice_assistant.language.notes import read_note
from voice_assistant.language.parser import Parser
from voice_assistant.language.question import Question, read_question
from voice_assistant.language.reading import USER, NoteReading, Token
from voice_assistant.language.tokens import tokens_of
from voice_assistant.language.written import in_full
from voice_assistant.memory.store import Memory, MemoryStore
from voice_assistant.research.notes import Note
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
        self._read: tuple[str, Question] = ("", Question("", (), (0, 0), ()))
        """The last question read (the review asks of each fact of one answer)."""

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
        unheard -= {
            n for n in unheard for _, r in readings if r is not None and _a_word(r, n, question)
        }
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

    def unheld(self, question: str, say: str, note: Note, context: str = "") -> list[str]:
        """The values a fact of the model's answer states that the note it cites does not
        hold of what was asked (``language.grounding``): the matching of code's own."""
        memory = self.store.get(note.memory_id) if note.memory_id else None
        reading = self._reading(memory) if memory is not None else None
        if reading is None and note.day:  # a note not in the store: read it now
            reading = read_note(self.parser, note.subject, note.text or note.excerpt)
        if reading is None:
            return []  # a tool's note (the clock): nothing to match
        words = frozenset(t.lemma for s in self._said(context) for t in s) if context else None
        found = unheld(self._question(question), self._said(say), [reading], words or frozenset())
        return [f.text() for f in found]

    def declined(self, question: str) -> str:
        """Code's decline of ``question``, saying back what was heard."""
        return frame_decline(self._question(question))

    def unanswered(self, question: str, says: list[str]) -> str | None:
        """What a one-value question asks that the model's answer does not give."""
        return lacks_kind(self._question(question), self._said(" ".join(says)))

    def _question(self, text: str) -> Question:
        if self._read[0] != text:
            self._read = (text, self.read(text))
        return self._read[1]

    def _said(self, text: str) -> list[tuple[Token, ...]]:
        return [tokens_of(s) for s in self.parser(text).sents]

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
        said = in_full(match.text) if value_kind == "date" else match.text
        text = frame_answer(question, said, value_kind, own_preposition(question, match))
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


def _a_word(reading: NoteReading, name: str, question: Question) -> bool:
    """A capitalised word of the question, as whisper writes one, that a note has as a
    word: written in lower case in its text ("the Billing Service": "The billing
    service belongs to …"), or in its title beside the question's focus ("the Regatta
    dinner" under "Regatta dinner")."""
    if name in reading.title and reading.title & (question.focus - {name}):
        return True
    lower = {t.lemma for u in reading.units for t in u.tokens if t.text.islower()}
    return set(name.split()) <= lower


def _day(memory: Memory) -> str:
    return MemoryRecord.of(memory).day
