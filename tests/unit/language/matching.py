"""What code says for a question over notes read by the real parser: the best matched
value's text, or None when it declines (the language tests' common step)."""

from __future__ import annotations

from voice_assistant.language.match import Candidate, best, matches
from voice_assistant.language.notes import read_note
from voice_assistant.language.parser import Parser
from voice_assistant.language.question import read_question


def read_all(parser: Parser, notes: list[tuple[str, str]]) -> list[Candidate]:
    return [Candidate(i, read_note(parser, title, text)) for i, (title, text) in enumerate(notes)]


def value_of(parser: Parser, candidates: list[Candidate], text: str) -> str | None:
    question = read_question(parser, text)
    found = best(question, matches(question, candidates))
    return found[0].text if found else None
