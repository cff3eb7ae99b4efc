"""The final (reserved) answer's requests, and code's own words around it.

Pure functions. The request holds the system prompt (no tool strategy) with the mode's
rules, up to six earlier user/assistant messages, and the question followed by the
numbered notes. Its output is constrained (``support``): cited sentences when spoken,
JSON when written, so it cannot ask for tools again; code, not the model, adds the
Sources list, the cut-short note and the fallbacks.
"""

from __future__ import annotations

import re

from voice_assistant.llm.base import Message
from voice_assistant.research.base import Mode
from voice_assistant.research.notes import Note, render_digest
from voice_assistant.research.spoken import speakable

HISTORY_MESSAGES = 6
SYSTEM = (
    "You are a private assistant running on the user's own computer. You answer from the "
    "user's own memories, given to you as numbered notes with their dates. Use only what "
    "the notes say; when notes disagree, trust the newest one. Never guess a value the "
    "notes do not give, and never take a note about one thing or person for another."
)
RULES: dict[Mode, str] = {
    "spoken": (
        "Reply with what the notes say that answers exactly the question: at most two "
        "facts, each one short, plain sentence said to the user (your …), read aloud, that "
        "states only what one note says, followed by (note N). If no note answers exactly "
        "what was asked, reply: none\n"
        "Example notes:\n[1] Piano (2025-05-02): The tuner comes every spring. The last "
        "tuning cost 90 euros.\n"
        "Question: What is the tuner's name?\nnone\n"
        "Question: How much did the piano tuning cost?\n"
        "Your last piano tuning cost 90 euros. (note 1)"
    ),
    "written": (
        'Reply with JSON: "answer" is one or two sentences that answer the question '
        'directly; "points" are one to three key facts, each with "note" (its number), '
        '"quote" (the exact words of that note) and "fact" (the point, stating only what the '
        'quote says); "open" says what the notes leave open (empty if nothing). If no note '
        'answers exactly what was asked, "answer" says so.'
    ),
}
INSTRUCTION: dict[Mode, str] = {
    "spoken": "Answer in your own words, then (note N), or none.",
    "written": 'Answer as JSON {"answer": ..., "points": [...], "open": ...}, quoting the notes.',
}
REWRITE = (
    "Your answer failed these checks: {findings}. Write it again in the same form. State "
    "only what the note says, and if no note answers exactly what was asked, give no facts."
)
GENERAL_SYSTEM = (
    "You answer general knowledge questions in one or two short, plain sentences. If you "
    "do not know the answer, say so."
)
NO_MEMORIES = "Your memories have nothing on that."
GENERAL_WRITTEN = "From general knowledge:"
NOT_FOUND = "I couldn't find that in your memories."
CUT_SHORT = "This answer was cut short. The strongest findings in your memories:"
NO_ANSWER = "I couldn't write an answer. The strongest findings in your memories:"
NOTHING_FOUND_WRITTEN = "I found nothing about that in your memories."
SPOKEN_NOTHING = "I found nothing about that in your memories."
SPOKEN_UNFINISHED = "I couldn't finish looking into that."
OPEN_LABEL = "Not in your notes:"
_CITATION = re.compile(r"\[(\d+(?:\s*,\s*\d+)*)\]")
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


def earlier_messages(history: list[Message]) -> list[Message]:
    return [m for m in history if m.role in ("user", "assistant")][-HISTORY_MESSAGES:]


def final_request(
    question: str, notes: list[Note], history: list[Message], mode: Mode
) -> list[Message]:
    """System prompt and the mode's rules (a fixed, cached prefix), up to six earlier
    messages, then the question with its numbered notes."""
    body = render_digest(notes) if notes else "(no notes: nothing was found)"
    user = f"{question}\n\nNotes:\n{body}\n\n{INSTRUCTION[mode]}"
    system = f"{SYSTEM}\n\n{RULES[mode]}"
    return [Message("system", system), *earlier_messages(history), Message("user", user)]


def rewrite_request(request: list[Message], draft: str, failed: list[str]) -> list[Message]:
    """The same request, the draft as the model wrote it, and the failed checks by name:
    it extends the answer's KV cache, so only the new lines are evaluated."""
    fix = REWRITE.format(findings="; ".join(failed))
    return [*request, Message("assistant", draft), Message("user", fix)]


def without_framing(message: Message) -> Message:
    """An earlier reply as the model wrote it: code's "nothing in your memories" framing
    taken out, so the model does not copy it into its next general answer."""
    if message.role != "assistant":
        return message
    text = message.content.replace(NO_MEMORIES, "").replace(GENERAL_WRITTEN, "")
    return Message("assistant", " ".join(text.split()))


def general_request(question: str, history: list[Message]) -> list[Message]:
    """A general question the memories do not cover: no notes, general knowledge only."""
    return [
        Message("system", GENERAL_SYSTEM),
        *map(without_framing, earlier_messages(history)),
        Message("user", question),
    ]


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


def claims_a_change(text: str) -> bool:
    return _CLAIMS_A_CHANGE.search(text) is not None


def spoken_fallback(notes: list[Note]) -> str:
    """No answer in time: code's sentences, never the model's."""
    if not notes:
        return SPOKEN_NOTHING
    strongest = speakable(notes[0].first_sentence)
    return f"{SPOKEN_UNFINISHED} The most relevant thing I found: {strongest}"


def written_fallback(notes: list[Note], kept: str = "") -> str:
    """What was written and passed review, then the strongest findings (decision 0002)."""
    if not notes:
        return kept or NOTHING_FOUND_WRITTEN
    if kept:
        return f"{kept}\n\n{CUT_SHORT}\n{findings(notes, 3)}"
    return f"{NO_ANSWER}\n{findings(notes, 4)}"
