"""Every part of an utterance becomes an act or a question: clauses, checked by code.

"Set a timer for five minutes and tell me when my car is being serviced." holds two
parts. Code splits an utterance at its joints (", and", "and" before a question or a
command, a sentence end); the unambiguous "act and question" forms are read by code
alone; and after the model has split an utterance, a clause that no act and no question
covers becomes a question, so no part is lost. A timer's label must come from the
timer's own clause: a question is never turned into a label.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from voice_assistant.turn.acts import Act

REMIND_ME_OF = r"remind me (?=(?:what|what's|when|where|who|whose|which|how|why|whether|if)\b)"
""""Remind me what we're reading": a question about something already known, no reminder."""
_QUESTION_START = (
    rf"(?:tell me|can you tell me|could you tell me|please tell me|{REMIND_ME_OF}|what|what's|"
    r"whats|when|where|who|who's|which|how|why|is|are|do|does|did|can|could|will|would|"
    r"should)"
)
_COMMAND_START = (
    r"(?:set|start|put|make|cancel|stop|remember|remind|wake|forget|delete|note|jot|write|list|show|"
    r"please|can you|could you|let's|let us|give me)"
)
_HEARD_AND = r"\s+(?:in|an)\s+(?=(?:when|where)\s+(?:is|are|was|were|do|does|did|will)\b)"
JOINT = re.compile(
    rf"(?:[.;?!]\s+|,\s*(?:(?:and|then|also),?\s+)?|\s+(?:and|then|also),?\s+)"
    rf"(?=(?:(?:and|then|also),?\s+)?(?:{_QUESTION_START}|{_COMMAND_START})\b)|{_HEARD_AND}",
    re.I,
)
"""Where one part ends and the next begins: "and" alone joins nouns ("milk and eggs"),
so it splits only before a question or a command. Whisper hears a quick "and" as "in"
("What time is it in when is my dentist appointment?"): "in when is" joins nothing."""
JOINING = re.compile(r"(?:and|then|also)", re.I)
TELL_ME = re.compile(
    rf"^(?:and |also |then )?(?:please )?(?:(?:can you |could you )?tell me\s+|{REMIND_ME_OF})",
    re.I,
)
QUESTION = re.compile(rf"^(?:and |also |then )?{_QUESTION_START}\b", re.I)
WH = re.compile(
    rf"^(?:(?:can|could) you tell me|please tell me|tell me|{REMIND_ME_OF}|what|what's|whats|"
    r"when|where|who|who's|which|how|why)\b",
    re.I,
)
ACT_WORDS: dict[str, str] = {
    "set_timer": r"\b(?:timers?|time)\b",
    "cancel_timer": r"\btimers?\b",
    "list_timers": r"\btimers?\b",
    "what_time": r"\b(?:time|date|day)\b",
    "remember": r"\b(?:remember|remind|note|jot|write)\b",
    "forget": r"\b(?:forget|delete|remove)\b",
    "set_alarm": r"\b(?:alarms?|wake)\b",
    "set_reminder": r"\bremind\b",
    "cancel_alarm": r"\b(?:alarms?|reminders?)\b",
    "list_alarms": r"\b(?:alarms?|reminders?)\b",
}


FILLER = re.compile(r"(?:^|(?<=[.;?!,])\s*)(?:oh|um+|uh+|er+|ah+|erm|hmm+)\b[,.!]?", re.I)
""""Oh, and remember …": a sound that opens a clause says nothing and joins nothing."""


def split(utterance: str) -> list[str]:
    """The utterance's parts, in order, without the words that join them."""
    utterance = FILLER.sub("", utterance.strip())
    parts = [p.strip(" ,") for p in JOINT.split(utterance.strip())]
    parts = [re.sub(r"^(?:(?:and|then|also),?\s+)+", "", p, flags=re.I) for p in parts]
    return [p for p in parts if p.strip(" ,") and not JOINING.fullmatch(p.strip(" ,"))]


def is_question(part: str) -> bool:
    return bool(QUESTION.match(part.strip()))


def is_clear_question(part: str) -> bool:
    """A question whatever joins it: a wh- word or "tell me" first, or a question mark
    ("…, and are collected at seven" is no question: "are" may go on a remembered text)."""
    text = part.strip()
    return is_question(text) and (bool(WH.match(text)) or text.endswith("?"))


def as_question(part: str) -> str:
    """A part as the question research gets: "tell me when my car is being serviced" ->
    "When my car is being serviced?"."""
    text = TELL_ME.sub("", part.strip()).strip().rstrip(".!")
    if not text:
        return part.strip()
    text = text[0].upper() + text[1:]
    return text if text.endswith("?") else f"{text}?"


def said_words(text: str) -> str:
    """The words of a text, lower case, one space apart: to find one text inside another."""
    return " ".join(re.findall(r"[\w']+", text.lower()))


REMINDED = re.compile(rf"^(?:and |also |then )?(?:please )?{REMIND_ME_OF}", re.I)


def reminder_question(text: str, utterance: str) -> str | None:
    """ "Remind me when the plumber is coming" asks when he is: a text to remember that the
    utterance says only in such a part is that question, never a memory."""
    wanted = said_words(text)
    found = None
    for part in split(utterance):
        said = said_words(part)
        if wanted and f" {wanted} " in f" {said} ":
            if not REMINDED.match(part.strip()):
                return None
            found = as_question(part)
    return found


def _words(text: str) -> set[str]:
    return set(re.findall(r"[\w']+", text.lower()))


def covers_act(act: Act, part: str) -> bool:
    pattern = ACT_WORDS.get(act.kind)
    return bool(pattern and re.search(pattern, part, re.I))


def covers_question(question: str, part: str) -> bool:
    """Most of the part's words are in the question (or the other way round)."""
    asked, said = _words(question), _words(TELL_ME.sub("", part))
    if not said or not asked:
        return False
    return 2 * len(asked & said) >= min(len(asked), len(said))


def uncovered(utterance: str, acts: tuple[Act, ...], questions: tuple[str, ...]) -> list[str]:
    """The parts no act and no question covers (each should become a question)."""
    return [
        part
        for part in split(utterance)
        if not any(covers_act(a, part) for a in acts)
        and not any(covers_question(q, part) for q in questions)
    ]


def label_in_its_clause(label: str, utterance: str) -> bool:
    """A timer's label is a few words said in the timer's own clause ("a pasta timer")."""
    words = said_words(label)
    if not words or len(words.split()) > 3:
        return False
    for part in split(utterance):
        said = said_words(part)
        if re.search(r"\btimers?\b", part, re.I) and f" {words} " in f" {said} ":
            return True
    return False


def act_and_question(
    utterance: str, read: Callable[[str], tuple[Act, ...] | None]
) -> tuple[tuple[Act, ...], tuple[str, ...]] | None:
    """Utterances made wholly of commands code can read (``read``) and clear questions,
    with at least one command: "Remember that X, and tell me Y", "Cancel the egg timer,
    then set a rice timer for twelve minutes", a question first and a command second.
    None when any part is neither."""
    acts: list[Act] = []
    questions: list[str] = []
    for part in split(utterance):
        found = read(part)
        if found is not None:
            acts.extend(found)
        elif is_clear_question(part):
            questions.append(as_question(part))
        else:
            return None
    return (tuple(acts), tuple(questions)) if acts else None
