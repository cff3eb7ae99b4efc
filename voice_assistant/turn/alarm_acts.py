"""Alarms and reminders as acts, read by code from the user's words (no model call).

"Wake me at seven", "set an alarm for 6:30 tomorrow", "alarm every weekday at 7",
"remind me to call Felix at five", "remind me in twenty minutes to take the bread out".
A value the words do not hold is missing and asked for ("For what time?"); an alarm's
"at seven" with no morning or evening asks which (a wake-up is read as the morning);
an impossible or past time is said back in the ask, and nothing is stored.
"""

from __future__ import annotations

import re
from dataclasses import asdict, replace

from voice_assistant.turn.acts import Act
from voice_assistant.turn.wall_clock import When, clock_words, read_when, with_half

ALARM_ACTS = frozenset({"set_alarm", "set_reminder", "cancel_alarm", "list_alarms"})
ASK_TIME = "For what time?"
ASK_WHEN = "When should I remind you?"
ASK_WHAT = "What should I remind you of?"

_SET = r"(?:set|make|create|add|put|start|schedule)(?: me)?(?: up)?"
SET_ALARM = re.compile(
    rf"^(?:(?:{_SET}|at) (?:in )?(?:an? |my |the |another |a new )?(?:wake up |morning )?alarm"
    r"(?: clock)?|(?:an? )?alarm|wake me(?: up)?|wait me up|get me up)(?P<when>(?: .+)?)$"
)
""""set in (the) alarm", "at an alarm", "an alarm for 7", "wait me up": "set an alarm",
"wake me up" as whisper may hear them."""
WAKE = re.compile(r"^(?:wake|wait|get) me")
CANCEL_ALARM = re.compile(
    r"^(?:cancel|delete|remove|turn off|switch off|clear|disable|stop)"
    r" (?:the |my |all (?:of )?(?:my |the )?)?(?P<which>.+? )?(?P<kind>alarm|reminder)s?"
    r"(?: (?:for|at|to|about) (?P<which2>.+))?$"
)
LIST_ALARMS = re.compile(
    r"^(?:what|which) (?:alarms|reminders)(?: do i have| have i got| are set| are there| are on)?"
    r"(?: set)?$|^(?:list|show|read)(?: me)?(?: all)?(?: my| the)? (?:alarms|reminders)$"
    r"|^do i have (?:any )?(?:alarms|reminders)(?: set)?$|^(?:when|what time) is my alarm(?: set)?"
    r"(?: for)?$"
)
REMIND = re.compile(r"^remind me (?P<rest>.+)$", re.I)
TEXT_START = re.compile(r"^(?:to|about|that) ", re.I)


def when_values(when: When) -> dict[str, str | int]:
    """A ``When`` as act values (ints and strings; -1 for a number not said)."""
    values = asdict(when)
    values["hour"] = -1 if when.hour is None else when.hour
    values["in_s"] = -1 if when.in_s is None else when.in_s
    values["meridiem"] = int(when.meridiem)
    return {k: v for k, v in values.items() if k != "problem"}


def when_of(values: dict[str, str | int]) -> When:
    hour, in_s = int(values.get("hour", -1)), int(values.get("in_s", -1))
    return When(
        hour=None if hour < 0 else hour,
        minute=int(values.get("minute", 0)),
        meridiem=bool(values.get("meridiem", 1)),
        day=str(values.get("day", "")),
        repeat=str(values.get("repeat", "")),
        part=str(values.get("part", "")),
        in_s=None if in_s < 0 else in_s,
    )


def alarm_act(when: When, wake: bool = False) -> Act:
    """``set_alarm`` for the words' time: ready, or waiting for the time or its half."""
    if when.problem:
        return Act("set_alarm", {"ask": f"{when.problem} {ASK_TIME}"}, ("time",))
    if wake and not when.meridiem:
        when = with_half(when, morning=True)  # "wake me at seven": the morning
    values = {**when_values(when), "wake": int(wake)}
    if when.hour is None and when.in_s is None:  # "in twenty minutes" is a time too
        return Act("set_alarm", {**values, "ask": ASK_TIME}, ("time",))
    if when.hour is not None and not when.meridiem:
        ask = f"{clock_words(when.hour, when.minute)} in the morning or in the evening?"
        return Act("set_alarm", {**values, "ask": ask}, ("meridiem",))
    return Act("set_alarm", values)


def reminder_act(text: str, when: When | None) -> Act:
    text = text.strip().rstrip(".!?")
    if when is not None and when.problem:
        return Act("set_reminder", {"text": text, "ask": f"{when.problem} {ASK_WHEN}"}, ("when",))
    if when is None or not when.said:
        return Act("set_reminder", {"text": text, "ask": ASK_WHEN}, ("when",))
    values: dict[str, str | int] = {"text": text, **when_values(when)}
    if not text:
        return Act("set_reminder", {**values, "ask": ASK_WHAT}, ("text",))
    return Act("set_reminder", values)


def read_alarm_command(said: str, clause: str) -> tuple[Act, ...] | None:
    """An alarm or reminder command in ``said`` (lower-case plain words); ``clause`` keeps
    the user's own case for a reminder's words. None when the clause is neither."""
    found = SET_ALARM.match(said)
    if found:
        words = found.group("when").strip()
        when = read_when(words) if words else When()
        if when is None:
            return None
        return (alarm_act(when, wake=bool(WAKE.match(said))),)
    cancel = CANCEL_ALARM.match(said)
    if cancel:
        which = (cancel.group("which") or cancel.group("which2") or "").strip()
        return (Act("cancel_alarm", {"kind": cancel.group("kind"), "which": which}),)
    if LIST_ALARMS.match(said):
        return (Act("list_alarms"),)
    remind = REMIND.match(" ".join(re.findall(r"[\w'.:-]+", clause)).strip(" ."))
    reminder = _reminder(remind.group("rest")) if remind else None
    return (reminder,) if reminder else None


def _reminder(rest: str) -> Act | None:
    """ "to X at five", "in twenty minutes to X", "to X" (when asked for), "at five" (what
    asked for). None for words that are neither ("remind me of Paris")."""
    for joint in re.finditer(r" (?:to|about|that) ", rest, re.I):
        when = read_when(rest[: joint.start()])
        if when is not None and (when.said or when.problem):
            return reminder_act(rest[joint.end() :], when)
    if TEXT_START.match(rest):
        words = TEXT_START.sub("", rest).split()
        for k in range(1, len(words)):
            when = read_when(" ".join(words[k:]))
            if when is not None and (when.said or when.problem):
                return reminder_act(" ".join(words[:k]), when)
        return reminder_act(" ".join(words), None)
    when = read_when(rest)
    return reminder_act("", when) if when is not None and when.said else None


def fill_alarm(act: Act, said: str) -> Act | None:
    """The waiting alarm or reminder completed by the answer to its ask ("Seven thirty.",
    "In the morning.", "At five."); None when the answer does not hold the value."""
    words = " ".join(re.findall(r"[\w':.]+", said.lower())).strip(" .")
    if act.kind == "set_reminder" and act.missing == ("text",):
        text = TEXT_START.sub("", said.strip())
        return reminder_act(text, when_of(act.values)) if text.strip(" .") else None
    half = re.search(r"\b(morning|am|a\.?m|evening|pm|p\.?m|afternoon|night)\b", words)
    if act.kind == "set_alarm" and act.missing == ("meridiem",) and half:
        morning = half.group(1).startswith(("morning", "a"))
        return alarm_act(with_half(when_of(act.values), morning))
    when = read_when(words)
    if when is None or not (when.said or when.problem):
        return None
    earlier = when_of(act.values)
    # "Wake me tomorrow." then "At seven.": the day and the wake-up stay
    when = replace(when, day=when.day or earlier.day, repeat=when.repeat or earlier.repeat)
    if act.kind == "set_alarm" and act.missing == ("time",):
        return alarm_act(when, wake=bool(act.values.get("wake", 0)))
    if act.kind == "set_reminder" and act.missing == ("when",):
        return reminder_act(str(act.values.get("text", "")), when)
    return None
