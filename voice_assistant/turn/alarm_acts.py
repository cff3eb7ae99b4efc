"""Alarms and reminders as acts, read by code from the user's words (no model call).

"Wake me at seven", "set an alarm for 6:30 tomorrow", "alarm every weekday at 7",
"remind me to call the bank at five", "remind me in twenty minutes to take the bread out"
(the phrasings are data: ``language/data/forms.toml``).
A value the words do not hold is missing and asked for ("For what time?"); an alarm's
"at seven" with no morning or evening asks which (a wake-up is read as the morning);
an impossible or past time is said back in the ask, and nothing is stored.
"""

from __future__ import annotations

from dataclasses import asdict, replace

from voice_assistant.language.forms import Said, said, whole
from voice_assistant.language.lexicon import words
from voice_assistant.turn.acts import Act
from voice_assistant.turn.wall_clock import When, clock_words, read_when, with_half

ALARM_ACTS = frozenset({"set_alarm", "set_reminder", "cancel_alarm", "list_alarms"})
ASK_TIME = "For what time?"
ASK_WHEN = "When should I remind you?"
ASK_WHAT = "What should I remind you of?"
JOINTS = words("commands", "reminder_joints")
"""The word between a reminder's time and its text: "in an hour to …", "… about …"."""
MORNINGS = words("commands", "mornings")
HALVES = MORNINGS | words("commands", "evenings")


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


def read_alarm_command(words_said: Said) -> tuple[Act, ...] | None:
    """An alarm or reminder command in a clause's words (``forms.said``), the user's own
    case kept for a reminder's text. None when the clause is neither."""
    found = whole("set_alarm", words_said)
    if found:
        when_words = found.lower("when")
        when = read_when(when_words) if when_words else When()
        if when is None:
            return None
        return (alarm_act(when, wake="wake" in found.slots),)
    cancel = whole("cancel_alarm", words_said)
    if cancel:
        which = cancel.lower("which") or cancel.lower("which2")
        kind = "alarm" if cancel.lower("kind").startswith("alarm") else "reminder"
        return (Act("cancel_alarm", {"kind": kind, "which": which}),)
    if whole("list_alarms", words_said):
        return (Act("list_alarms"),)
    remind = whole("remind", words_said)
    if remind and "first" in remind.slots:
        return _time_first(remind.lower("first"), words_said.part(*remind.slots["rest"]))
    reminder = _reminder(words_said.part(*remind.slots["rest"])) if remind else None
    return (reminder,) if reminder else None


def _time_first(first: str, rest: Said) -> tuple[Act, ...] | None:
    """ "In an hour, remind me to move the car": the words before are the time, or no
    reminder is read."""
    when = read_when(first)
    inner = _reminder(rest) if rest.words[0] in JOINTS else None
    if when is None or not (when.said or when.problem) or inner is None:
        return None
    own = when_of(inner.values)  # "Tomorrow, remind me to call at 9": the day and the hour
    timed = own.hour is not None
    when = replace(
        when,
        hour=own.hour if timed else when.hour,
        minute=own.minute if timed else when.minute,
        meridiem=own.meridiem if timed else when.meridiem,
        day=own.day or when.day,
        repeat=own.repeat or when.repeat,
        part=own.part or when.part,
        in_s=own.in_s if own.in_s is not None else when.in_s,
    )
    return (reminder_act(str(inner.values.get("text", "")), when),)


def _reminder(rest: Said) -> Act | None:
    """ "to X at five", "in twenty minutes to X", "to X" (when asked for), "at five" (what
    asked for). None for words that are neither ("remind me of the sea")."""
    for joint, word in enumerate(rest.words):
        if word in JOINTS and joint > 0:
            when = read_when(rest.lower(0, joint))
            if when is not None and (when.said or when.problem):
                return reminder_act(rest.own(joint + 1), when)
    if rest.words[0] in JOINTS:
        for k in range(2, len(rest)):
            when = read_when(rest.lower(k))
            if when is not None and (when.said or when.problem):
                return reminder_act(rest.own(1, k), when)
        return reminder_act(rest.own(1), None)
    when = read_when(rest.lower())
    return reminder_act("", when) if when is not None and when.said else None


def fill_alarm(act: Act, answer: str) -> Act | None:
    """The waiting alarm or reminder completed by the answer to its ask ("Seven thirty.",
    "In the morning.", "At five."); None when the answer does not hold the value."""
    heard = said(answer)
    if act.kind == "set_reminder" and act.missing == ("text",):
        text = heard.own(1) if heard.words[:1] and heard.words[0] in JOINTS else heard.own()
        return reminder_act(text, when_of(act.values)) if text else None
    half = next((w for w in heard.words if w in HALVES), None)
    if act.kind == "set_alarm" and act.missing == ("meridiem",) and half:
        return alarm_act(with_half(when_of(act.values), half in MORNINGS))
    when = read_when(heard.lower())
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
