"""Understanding: one constrained model call splits an utterance into acts and questions.

Code checks everything the model says: acts must come from the catalogue with arguments
that validate, questions must be the user's own words. Anything invalid or unsure makes
the whole utterance one question, which research can always answer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from voice_assistant.language.forms import begins, said, starts
from voice_assistant.turn import clauses
from voice_assistant.turn.acts import MODEL_ACTS, Act, holds_duration, validate
from voice_assistant.turn.whole_commands import read_command

SYSTEM = (
    "Split what the user said into acts and questions, as JSON. Acts: remember (text: what "
    "to remember), forget (what: the memory to delete), set_timer (duration: as the user "
    "said it; label), cancel_timer (which), list_timers, what_time. Copy each question word "
    "for word into questions. Leave out a value the user did not say; never invent one.\n"
    "Examples:\n"
    'User: Set a timer for ten minutes.\n{"acts": [{"act": "set_timer", "duration": "ten '
    'minutes"}], "questions": []}\n'
    'User: Set a pasta timer.\n{"acts": [{"act": "set_timer", "label": "pasta"}], '
    '"questions": []}\n'
    'User: Remember that the boiler code is 4411 and who is Lucinda?\n{"acts": [{"act": '
    '"remember", "text": "the boiler code is 4411"}], "questions": ["who is Lucinda?"]}\n'
    'User: When is my dentist appointment?\n{"acts": [], "questions": ["When is my dentist '
    'appointment?"]}\n'
    'User: What time is it?\n{"acts": [{"act": "what_time"}], "questions": []}\n'
    'User: No, that is wrong.\n{"acts": [], "questions": [], "disputes": true}\n'
    "Set disputes to true only when the user says the last change was wrong."
)
ARGUMENTS = ("duration", "label", "text", "what", "which")


def schema() -> dict[str, Any]:
    act = {
        "type": "object",
        "properties": {
            "act": {"enum": list(MODEL_ACTS)},
            **{name: {"type": "string"} for name in ARGUMENTS},
        },
        "required": ["act"],
    }
    return {
        "type": "object",
        "properties": {
            "acts": {"type": "array", "items": act, "maxItems": 4},
            "questions": {"type": "array", "items": {"type": "string"}, "maxItems": 4},
            "disputes": {"type": "boolean"},
        },
        "required": ["acts", "questions"],
    }


@dataclass(frozen=True)
class Understanding:
    acts: tuple[Act, ...]
    questions: tuple[str, ...]
    fallback: bool = False
    """True when the model's output was not used: the utterance became one question."""
    disputes: bool = False
    """The user says the previous reply's change was wrong."""
    source: str = "model"
    """Who decided: ``model``, ``rule`` (a whole read-only command) or ``gate`` (no act words)."""
    unsure: bool = False
    """A command nobody could read (an alarm code's rules did not read, or one the model
    read as something else): nothing is done and the user is asked again."""


def quick_acts(utterance: str) -> Understanding | None:
    """An utterance of whole commands code reads (``commands.py``), alone or joined to
    questions ("Set a timer for five minutes and tell me when my car is being serviced.",
    "Remember that X, and tell me Y"): no model needed. None when any part is neither a
    command code reads nor a clear question."""
    found = clauses.act_and_question(utterance, read_command)
    return Understanding(found[0], found[1], source="rule") if found else None


def cover(understood: Understanding, utterance: str) -> Understanding:
    """No part is lost: a part of the utterance that no act and no question covers becomes
    a question (a command part is left to ``is_unsure_command``)."""
    if understood.fallback or understood.disputes:
        return understood
    missing = clauses.uncovered(utterance, understood.acts, understood.questions)
    extra = tuple(clauses.as_question(p) for p in missing if clauses.is_question(p))
    if not extra:
        return understood
    return replace(understood, questions=(*understood.questions, *extra))


def _said(name: str, value: str, said: str) -> str:
    """The value if the user said it: a duration only if the utterance holds one (the model
    may write "ten minutes" as "10 minutes"), any other value word for word."""
    if name == "duration":
        return value if holds_duration(said) else ""
    if name == "label":  # a few words of the timer's own clause, never another part
        return value if clauses.label_in_its_clause(clauses.said_words(value), said) else ""
    words = clauses.said_words(value)
    return value if words and f" {words} " in f" {said} " else ""


UNSURE_COMMAND_ASK = (
    "I'm not sure what you want me to do, so I changed nothing. Could you say it again?"
)


CLOSED_ACTS = frozenset({"set_timer", "cancel_timer", "list_timers", "what_time"})
"""Acts whose values are closed (a duration, a timer's name, none). Not remember or forget:
their free text may always go on after a pause."""
ANSWER_TO_THE_ASK = "answer to the ask"


def whole_commands(understood: Understanding) -> bool:
    """Code read the request as whole commands of ``CLOSED_ACTS`` with every value said,
    and nothing else: likely over, so a turn started at a pause (the end-of-turn model
    called it the end) may be confirmed by a shorter silence, if the user set one
    (``endpoint.whole_command_silence_s``: a longer pause after such a command is then
    cut, BENCHMARKS.md). A model's reading, a question or a missing value never is."""
    return (
        understood.source in ("rule", ANSWER_TO_THE_ASK)
        and bool(understood.acts)
        and not understood.questions
        and not understood.disputes
        and all(a.ready and a.kind in CLOSED_ACTS for a in understood.acts)
    )


def alarm_talk(utterance: str) -> bool:
    """Alarm or reminder words ("wake me", "remind us"; not "remind me what …")."""
    words_said = said(utterance)
    return bool(starts("alarm_talk", words_said) - starts("reminded_of", words_said))


def act_talk(utterance: str) -> bool:
    """Words of an act the model knows (timers, notes, the time, a correction)."""
    words_said = said(utterance)
    return bool(starts("act_talk", words_said) - starts("reminded_of", words_said))


"""Alarms and reminders are read by code only: the model knows neither."""


def unread_alarm(utterance: str) -> Understanding:
    """Alarm or reminder words code did not read, and no act the model knows: a question
    ("What is my alarm code?") is researched; anything else is asked again, since the
    model knows no alarms ("I need an alarm, please.")."""
    if clauses.is_clear_question(utterance):
        return replace(as_one_question(utterance), source="rule")
    return Understanding((), (), source="rule", unsure=True)


def no_model_alarms(understood: Understanding, utterance: str) -> Understanding:
    """What the model made of an alarm or reminder code could not read: never a timer or a
    memory in its place ("Set an alarm for 7 pm" is no timer; a reminder is no memory),
    so the command is unsure and asked again."""
    stand_ins = any(a.kind in ("set_timer", "remember") for a in understood.acts)
    if understood.source == "model" and stand_ins and alarm_talk(utterance):
        return Understanding((), (), unsure=True)
    return understood


def is_unsure_command(understood: Understanding, utterance: str) -> bool:
    """A command the model could not read, or passed off as a question: research must not
    answer it, because an answer to "Cancel the tea timer." could only pretend an outcome
    no receipt backs."""
    if understood.unsure:
        return True
    if understood.source != "model":
        return False
    if understood.fallback:
        return begins("command_opening", said(utterance)) is not None
    return any(begins("command_opening", said(q)) is not None for q in understood.questions)


def as_one_question(utterance: str) -> Understanding:
    return Understanding((), (utterance.strip(),), fallback=True)


def interpret(output: str, utterance: str) -> Understanding:
    """The model's JSON, checked by code; anything off gives ``as_one_question``."""
    try:
        data = json.loads(output)
        proposed = list(data["acts"])
        questions = [str(q).strip() for q in data["questions"] if str(q).strip()]
        sure = bool(data.get("sure", True))
        disputes = bool(data.get("disputes", False))
    except (ValueError, KeyError, TypeError):
        return as_one_question(utterance)
    if disputes and not proposed and not questions:
        return Understanding((), (), disputes=True)
    if not sure or not (proposed or questions):
        return as_one_question(utterance)
    said = clauses.said_words(utterance)  # questions must be the user's words
    if any(clauses.said_words(q) not in said for q in questions):
        return as_one_question(utterance)
    acts = []
    for item in proposed:
        if not isinstance(item, dict):
            return as_one_question(utterance)
        # a value the user did not say is left out, whatever the model filled in
        arguments = {k: _said(k, str(item.get(k, "")), said) for k in ARGUMENTS}
        act = validate(str(item.get("act", "")), arguments)
        if act is None:
            return as_one_question(utterance)
        text = str(act.values.get("text", ""))
        if act.kind == "remember" and (asked := clauses.reminder_question(text, utterance)):
            questions.append(asked)  # "remind me when the plumber is coming": a question
            continue
        acts.append(act)
    return Understanding(tuple(acts), tuple(questions), disputes=disputes)
