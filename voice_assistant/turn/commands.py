"""Whole commands code reads without a model: one clause, one act.

The common ways people ask for a timer ("set / start / put on / make a ten minute timer",
"a pasta timer for ten minutes", "put the kettle timer on for four minutes"), to cancel
one, for the time or the timers, to remember or note something, to forget a note. A
clause code does not read whole is left to the understanding call; a value the clause
does not say is missing (and asked for), never guessed.
"""

from __future__ import annotations

import re

from voice_assistant.turn.acts import Act, validate
from voice_assistant.turn.alarm_acts import read_alarm_command

POLITE = re.compile(
    r"^(?:(?:please|ok|okay|hey|so|now|let's|let us|just|go ahead and)\s+)*"
    r"(?:(?:can|could|would|will) you\s+(?:please\s+)?)?"
    r"(?:please\s+)?|\s+(?:please|for me|thanks|thank you)$",
    re.I,
)
_DURATION_WORD = r"(?:\d+(?:\.\d+)?|[a-z]+(?:-[a-z]+)?)"
_UNIT = r"(?:hours?|minutes?|seconds?|mins?|secs?|hrs?)"
DURATION = re.compile(
    rf"(?:(?:an?|one) )?(?:half an? (?:hour|minute)|(?:a )?quarter (?:of )?an? hour|"
    rf"three quarters (?:of )?an? hour|(?:{_DURATION_WORD} {_UNIT}(?: and a half)?(?: and | )?)+)"
)
"""A whole duration: "ten minutes", "an hour and a half", "1 hour 30 minutes"."""
_SET = r"(?:set|start|put on|make(?: me)?|create|get(?: me)?|give me|add|at(?= an? ))"
""""at a timer": "set a timer" as whisper often hears it (the "s" lost)."""
_LABEL = r"(?P<label>[a-z]+(?: [a-z]+)?)"
TIMER_FORMS = [
    # "start a fifteen minute timer", "a 5-minute timer for the tea", "start at 10 minutes
    # timer" (as whisper hears "start a"), "a 20 minute timer from the potatoes" (as it
    # hears "for")
    re.compile(
        rf"^{_SET} (?:a |an |at )?(?P<adjective>{_DURATION_WORD}[ -]"
        rf"(?:hour|minute|second|min|hr|sec)s?|half[ -]hour)(?: (?P<label>[a-z]+))? timer"
        rf"(?: (?:for|from) (?:the |my )?(?P<label2>[a-z]+))?$"
    ),
    # "set a pasta timer for ten minutes", "start a timer for 3 minutes for the bread"
    re.compile(
        rf"^{_SET} (?:a |an |the |my )?(?:{_LABEL} )?timer"
        rf"(?: for (?P<for>.+?))?(?: for (?:the |my )?(?P<label2>[a-z]+(?: [a-z]+)?))?$"
    ),
    # no verb, a duration said: "a pasta timer for 8 minutes", "timer for an hour"
    re.compile(rf"^(?:a |an )?(?:{_LABEL} )?timer for (?P<for>{DURATION.pattern})$"),
    # "put a seven minute timer on"
    re.compile(
        rf"^put (?:a |an )?(?P<adjective>{_DURATION_WORD}[ -](?:hour|minute|second|min|hr|sec))"
        r"(?: (?P<label>[a-z]+))? timer on$"
    ),
    # "put the kettle timer on for four minutes"
    re.compile(rf"^put (?:a |the |my )?(?:{_LABEL} )?timer on(?: for (?P<for>.+))?$"),
    # "time twelve minutes for the pizza", "time me 5 minutes"
    re.compile(
        r"^time (?:me )?(?:for )?(?P<for>.+?)(?: for (?:the |my )?(?P<label2>[a-z]+(?: [a-z]+)?))?$"
    ),
]
CANCEL = re.compile(
    r"^(?:cancel|stop|delete|remove|turn off|switch off) (?:the |my )?(?:(?P<which>\w+(?: \w+)?) )?"
    r"timer$"
)
WHAT_TIME = re.compile(
    r"^(?:what(?:'s| is) the (?:time|date)(?: now| today)?|what time is it(?: now)?|"
    r"what day is it(?: today)?|(?:tell me )?the time|tell me the (?:time|date))$"
)
LIST_TIMERS = re.compile(
    r"^(?:list|show|read)(?: me)?(?: all)?(?: my| the)? timers$"
    r"|^what timers are (?:running|set|on)$"
    r"|^(?:which|what) timers (?:have i got|do i have|are)(?: running| set| on)?$"
)
REMEMBER = re.compile(
    r"^(?:note down|make a note|write down|jot down|keep in mind|remember|note)(?: that)? "
    r"(?P<text>.+)$",
    re.I | re.S,
)
FORGET = re.compile(
    r"^(?:forget|delete|remove)(?: the (?:note|memory) about| what i said about| about)? "
    r"(?P<what>.+)$"
)
VAGUE = frozenset(["it", "that", "this", "everything", "all", "about it", "all of it"])
""""Forget it." means "never mind": no memory is named, so code deletes nothing."""
NOT_TEXT = re.compile(r"\?$|^(?:to|me|this|it|that)\b", re.I)
"""What a remembered text never is: a question, or a reminder to do something."""


def words(text: str) -> str:
    return " ".join(re.findall(r"[\w'-]+", text.lower()))


def plain(clause: str) -> str:
    """A clause without its courtesy words ("Could you please …", "… please")."""
    return POLITE.sub("", words(clause)).strip()


def read_command(clause: str) -> tuple[Act, ...] | None:
    """The act a clause asks for, when the clause is one whole command; else None."""
    said = plain(clause)
    alarm = read_alarm_command(said, POLITE.sub("", " ".join(clause.strip().split())).strip())
    if alarm is not None:
        return alarm
    timer = _timer(said)
    if timer is not None:
        return timer
    cancel = CANCEL.match(said)
    if cancel:
        act = validate("cancel_timer", {"which": cancel.group("which") or ""})
        return (act,) if act else None
    if WHAT_TIME.match(said):
        return _acts("what_time", {})
    if LIST_TIMERS.match(said):
        return _acts("list_timers", {})
    remembered = _remembered(clause)
    if remembered is not None:
        return _acts("remember", {"text": remembered})
    forget = FORGET.match(said)
    if forget and forget.group("what") not in VAGUE:
        return _acts("forget", {"what": forget.group("what")})
    return None


def _acts(kind: str, arguments: dict[str, str]) -> tuple[Act, ...] | None:
    act = validate(kind, arguments)
    return (act,) if act else None


def _timer(said: str) -> tuple[Act, ...] | None:
    for form in TIMER_FORMS:
        match = form.match(said)
        if not match:
            continue
        found = match.groupdict()
        label = found.get("label2") or found.get("label") or ""
        if label in ("new", "another", "timer") or (found.get("label") and found.get("label2")):
            return None
        duration = found.get("for") or (found.get("adjective") or "").replace("-", " ")
        if duration and not DURATION.fullmatch(duration):
            return None  # "set a timer for tomorrow": not a duration
        return _acts("set_timer", {"duration": duration, "label": label})
    return None


def _remembered(clause: str) -> str | None:
    """What to remember, in the user's words and case, without "remember that"."""
    text = POLITE.sub("", " ".join(clause.strip().split())).strip()
    match = REMEMBER.match(re.sub(r"^(?:please )", "", text, flags=re.I))
    if not match:
        return None
    remembered = match.group("text").strip().rstrip(".!")
    if NOT_TEXT.search(remembered) or clause.rstrip().endswith("?"):
        return None
    return remembered
