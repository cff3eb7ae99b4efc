"""The final (reserved) answer: its request, and how its output becomes a reply.

Pure functions. The request holds the system prompt without the tool strategy, up to six
earlier user/assistant messages, and the question followed by the numbered notes. Code,
not the model, adds the Sources list, the cut-short note and the fallbacks.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import BaseModel

from voice_assistant.llm.base import Completion, Message
from voice_assistant.research.base import Mode
from voice_assistant.research.notes import Note, render_digest
from voice_assistant.research.spoken import speakable, whole_sentences

HISTORY_MESSAGES = 6
SYSTEM = (
    "You are a private assistant running on the user's own computer. You answer from the "
    "user's own memories, given to you as numbered notes with their dates. Use what the "
    "notes say; when notes disagree, trust the most recently updated one. If the notes do "
    "not answer the question, say so plainly, and only then add what is commonly known."
)
INSTRUCTION: dict[Mode, str] = {
    "written": (
        'Reply with JSON: "answer" is one or two sentences that answer the question '
        'directly; "points" are one to three key facts, each with the number of the note '
        'it comes from; "open" says what the notes leave open (empty if nothing).'
    ),
    "spoken": (
        "Answer in two or three short, plain sentences that will be read aloud. No lists, "
        "no citations, no links, no file names."
    ),
}
CUT_SHORT = "This answer was cut short. The strongest findings in your memories:"
NO_ANSWER = "I couldn't write an answer. The strongest findings in your memories:"
NOTHING_FOUND_WRITTEN = "I found nothing about that in your memories."
SPOKEN_NOTHING = "I found nothing about that in your memories."
SPOKEN_UNFINISHED = "I couldn't finish looking into that."
OPEN_LABEL = "Not in your notes:"
_ANSWER_FIELD = re.compile(r'"answer"\s*:\s*"((?:[^"\\]|\\.)*)')
_CITATION = re.compile(r"\[(\d+(?:\s*,\s*\d+)*)\]")
_TOOL_REQUEST = re.compile(r'"tool"\s*:|\b(?:search_memories|read_memory|clock)\s*\(')
_CHANGED = (
    r"(?:set|started|cancell?ed|deleted|removed|forgotten|erased|cleared|remembered|saved|"
    r"stored|added|changed|disabled|enabled|turned (?:on|off)|opened|updated)\b(?! nothing)"
)
_CLAIMS_A_CHANGE = re.compile(
    # "I have set a timer", "I'll set one"; "the notes have been deleted"
    rf"\bI(?:'ve|'ll| have| will| just| now| also)*\s+{_CHANGED}"
    rf"|\b(?:notes?|memor(?:y|ies)|timers?|settings?)\s+(?:have|has)\s+(?:now\s+)?been\s+{_CHANGED}"
    # a receipt's words opening a sentence: "Timer set.", "Done."
    r"|(?:^|[.!?:]\s+)[\"']?(?:timers? (?:is |are )?(?:set|started|cancell?ed)|done|"
    r"settings? changed|remembered|forgotten)\b",
    re.I,
)
"""An answer that says something was done. Research only reads, so such a claim is false
by construction: a memory that tells the model to say "Timer set" must not be obeyed."""


def final_request(
    question: str, notes: list[Note], history: list[Message], mode: Mode
) -> list[Message]:
    earlier = [m for m in history if m.role in ("user", "assistant")][-HISTORY_MESSAGES:]
    body = render_digest(notes) if notes else "(no notes: nothing was found)"
    user = f"{question}\n\nNotes:\n{body}\n\n{INSTRUCTION[mode]}"
    return [Message("system", SYSTEM), *earlier, Message("user", user)]


def written_schema(count: int) -> dict[str, Any]:
    """The written answer's shape: code writes the layout; a citation can only name a note."""
    note: dict[str, Any] = {"type": "integer", "enum": list(range(1, count + 1))}
    point = {
        "type": "object",
        "properties": {"note": note, "fact": {"type": "string"}},
        "required": ["note", "fact"],
    }
    points: dict[str, Any] = {"type": "array", "items": point, "maxItems": 3}
    if count:
        points["minItems"] = 1
    else:
        points["maxItems"] = 0
    return {
        "type": "object",
        "properties": {"answer": {"type": "string"}, "points": points, "open": {"type": "string"}},
        "required": ["answer", "points", "open"],
    }


class WrittenAnswer(BaseModel):
    answer: str
    points: list[tuple[int, str]]
    open: str

    @classmethod
    def parse(cls, text: str) -> WrittenAnswer | None:
        try:
            data = json.loads(text)
            points = [(int(p["note"]), str(p["fact"]).strip()) for p in data["points"]]
            return cls(
                answer=str(data["answer"]).strip(), points=points, open=str(data["open"]).strip()
            )
        except (ValueError, KeyError, TypeError):
            return None

    def render(self, count: int) -> str:
        lines = [self.answer]
        seen = {self.answer.lower()}
        for number, fact in self.points:
            if fact and fact.lower() not in seen and 1 <= number <= count:
                seen.add(fact.lower())
                lines.append(f"- {fact} [{number}]")
        if self.open:
            lines.append(f"{OPEN_LABEL} {self.open}")
        return "\n".join(lines)


def partial_answer(text: str) -> str:
    """The ``answer`` text of a cut-off JSON reply (or the text itself if it is not JSON)."""
    match = _ANSWER_FIELD.search(text)
    if match is None:
        return "" if text.lstrip().startswith("{") else text
    try:
        return str(json.loads(f'"{match.group(1)}"'))
    except ValueError:
        return match.group(1)


def cited(text: str, count: int) -> list[int]:
    """Valid note numbers cited in ``text``, in order of first citation."""
    numbers: list[int] = []
    for group in _CITATION.findall(text):
        for part in group.split(","):
            n = int(part)
            if 1 <= n <= count and n not in numbers:
                numbers.append(n)
    return numbers


def sources(notes: list[Note], numbers: list[int]) -> str:
    lines = [f"[{n}] {notes[n - 1].subject} ({notes[n - 1].label})" for n in numbers]
    return "Sources:\n" + "\n".join(lines)


def findings(notes: list[Note], count: int) -> str:
    return "\n".join(f"- {note.subject}: {note.first_sentence}" for note in notes[:count])


def asks_for_tools(text: str) -> int | None:
    """Where the answer starts asking for a tool again, if it does."""
    match = _TOOL_REQUEST.search(text)
    return match.start() if match else None


def claims_a_change(text: str) -> bool:
    return _CLAIMS_A_CHANGE.search(text) is not None


def outcome(completion: Completion | None, mode: Mode = "spoken") -> str:
    """``answered``, ``cut-short`` (stopped early or asked for tools), ``no-answer`` or
    ``claimed-change`` (it says something was done: never used, code's fallback speaks)."""
    if completion is None or not completion.text.strip():
        return "no-answer"
    if claims_a_change(completion.text):
        return "claimed-change"
    if mode == "written" and completion.finish_reason == "stop":
        return "answered" if WrittenAnswer.parse(completion.text) else "cut-short"
    if completion.finish_reason != "stop" or asks_for_tools(completion.text) is not None:
        return "cut-short"
    return "answered"


def written_reply(completion: Completion | None, notes: list[Note]) -> str:
    kind = outcome(completion, "written")
    if kind in ("no-answer", "claimed-change") or completion is None:
        return f"{NO_ANSWER}\n{findings(notes, 4)}" if notes else NOTHING_FOUND_WRITTEN
    parsed = WrittenAnswer.parse(completion.text) if kind == "answered" else None
    if parsed is not None:
        text = parsed.render(len(notes))
    else:
        written = partial_answer(completion.text)
        stop = asks_for_tools(written)
        kept = whole_sentences(written[:stop] if stop is not None else written)
        tail = f"{CUT_SHORT}\n{findings(notes, 3)}" if notes else NOTHING_FOUND_WRITTEN
        text = f"{kept}\n\n{tail}" if kept else tail
    numbers = cited(text, len(notes))
    return f"{text}\n\n{sources(notes, numbers)}" if numbers else text


def spoken_fallback(notes: list[Note]) -> str:
    if not notes:
        return SPOKEN_NOTHING
    strongest = speakable(notes[0].first_sentence)
    return f"{SPOKEN_UNFINISHED} The most relevant thing I found: {strongest}"


def spoken_reply(completion: Completion | None, notes: list[Note]) -> str:
    if outcome(completion) == "answered" and completion is not None:
        text = speakable(completion.text)
        if text:
            return text
    return spoken_fallback(notes)
