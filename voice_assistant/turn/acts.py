"""The fixed act catalogue, with typed arguments validated by code.

The model proposes acts; code decides whether each is well formed. A value the model
could not fill (or filled with something that does not parse, such as a timer duration)
is *missing*, and a missing value is asked for rather than guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from voice_assistant.research.fold import TENS
from voice_assistant.research.fold import UNITS as SMALL_NUMBERS

ActKind = Literal[
    "remember",
    "forget",
    "set_timer",
    "cancel_timer",
    "list_timers",
    "what_time",
    "set_alarm",
    "set_reminder",
    "cancel_alarm",
    "list_alarms",
]
MODEL_ACTS: tuple[ActKind, ...] = (
    "remember",
    "forget",
    "set_timer",
    "cancel_timer",
    "list_timers",
    "what_time",
)
"""The acts the understanding call may propose. Alarms and reminders are read by code
alone (``alarm_acts``): their times are code's to read, and the prompt stays short."""
CATALOGUE: tuple[ActKind, ...] = (
    *MODEL_ACTS,
    "set_alarm",
    "set_reminder",
    "cancel_alarm",
    "list_alarms",
)
CHANGES_STATE = {"remember", "forget", "set_timer", "cancel_timer"}
CHANGES_STATE |= {"set_alarm", "set_reminder", "cancel_alarm"}

NUMBER_WORDS: dict[str, float] = {
    **SMALL_NUMBERS,
    **TENS,
    "a": 1,
    "an": 1,
    "half": 0.5,
    "a half": 0.5,
}
UNITS = {
    "second": 1,
    "sec": 1,
    "s": 1,
    "minute": 60,
    "min": 60,
    "m": 60,
    "hour": 3600,
    "hr": 3600,
    "h": 3600,
}
_PART = re.compile(
    r"\b(?:(\d+(?:\.\d+)?)\s*(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h)"
    r"|([a-z]+(?:-[a-z]+)?)\s+(seconds?|secs?|minutes?|mins?|hours?|hrs?))\b"
)
"""A number and its unit: "10 minutes", "10m", "ten minutes". A single-letter unit only
after digits: "7am" and "at 7 am" hold no duration ("a" "m" is not a minute)."""


def _parts(text: str) -> list[tuple[str, str]]:
    return [(a or c, b or d) for a, b, c, d in _PART.findall(text)]


MAX_TIMER_S = 24 * 3600


_COMPOUND = re.compile(
    rf"\b({'|'.join(TENS)})[- ]({'|'.join(w for w, n in SMALL_NUMBERS.items() if 0 < n < 10)})\b"
)
""""twenty-five", "twenty five": one number, not a twenty beside a five."""


def _compounds(text: str) -> str:
    return _COMPOUND.sub(lambda m: str(TENS[m.group(1)] + SMALL_NUMBERS[m.group(2)]), text)


_FRACTIONS = [
    (re.compile(r"\bhalf an? (hour|minute)"), r"0.5 \1"),
    (re.compile(r"\b(?:a )?quarter (?:of )?an? (hour)"), r"0.25 \1"),
    (re.compile(r"\bthree quarters (?:of )?an? (hour)"), r"0.75 \1"),
]


def _unit_seconds(unit: str) -> int:
    if unit in ("s", "secs", "sec"):
        return 1
    return UNITS[unit.rstrip("s")] if unit.rstrip("s") in UNITS else UNITS[unit]


def parse_duration(text: str) -> int | None:
    """Seconds in "10 minutes", "an hour and a half", "1h 30m"; None if it is no duration."""
    text = _compounds(text.lower().strip())
    for pattern, replacement in _FRACTIONS:
        text = pattern.sub(replacement, text)
    parts = _parts(text)
    if not parts:
        return None
    total = 0.0
    for number, unit in parts:
        value = float(number) if number[0].isdigit() else NUMBER_WORDS.get(number)
        if value is None:
            return None
        total += value * _unit_seconds(unit)
    if "and a half" in text:
        total += 0.5 * _unit_seconds(parts[-1][1])
    seconds = round(total)
    return seconds if 0 < seconds <= MAX_TIMER_S else None


def holds_duration(text: str) -> bool:
    """Whether the words say some duration anywhere ("… for ten minutes and …")."""
    text = _compounds(text.lower())
    for pattern, replacement in _FRACTIONS:
        text = pattern.sub(replacement, text)
    return any(parse_duration(f"{number} {unit}") for number, unit in _parts(text))


def speak_duration(seconds: int, adjective: bool = False) -> str:
    """ "1 hour and 30 minutes"; as an adjective (before a noun) "1 hour and 30 minute"."""
    parts = []
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    for value, unit in ((hours, "hour"), (minutes, "minute"), (secs, "second")):
        if value:
            plural = value != 1 and not adjective
            parts.append(f"{value} {unit}{'s' if plural else ''}")
    return " and ".join(parts) if len(parts) <= 2 else f"{parts[0]}, {parts[1]} and {parts[2]}"


@dataclass(frozen=True)
class Act:
    """A validated act: its values, and the names of values it still waits for."""

    kind: ActKind
    values: dict[str, str | int] = field(default_factory=dict)
    missing: tuple[str, ...] = ()

    @property
    def ready(self) -> bool:
        return not self.missing


ASK_FOR = {
    ("set_timer", "duration_s"): "How long should the timer be?",
    ("remember", "text"): "What should I remember?",
    ("forget", "what"): "Which memory should I forget?",
}


def validate(kind: str, arguments: dict[str, str]) -> Act | None:
    """An ``Act`` from the model's proposal, or None if the act is not one it may propose."""
    if kind not in MODEL_ACTS:
        return None
    act_kind: ActKind = kind
    text = {k: str(v).strip() for k, v in arguments.items() if str(v).strip()}
    if act_kind == "set_timer":
        seconds = parse_duration(text.get("duration", ""))
        values: dict[str, str | int] = {"label": text.get("label", "")}
        if seconds is None:
            return Act(act_kind, values, ("duration_s",))
        return Act(act_kind, {**values, "duration_s": seconds})
    if act_kind == "remember":
        return (
            Act(act_kind, {"text": text["text"]})
            if "text" in text
            else Act(act_kind, {}, ("text",))
        )
    if act_kind == "forget":
        return (
            Act(act_kind, {"what": text["what"]})
            if "what" in text
            else Act(act_kind, {}, ("what",))
        )
    if act_kind == "cancel_timer":
        return Act(act_kind, {"which": text.get("which", "")})
    return Act(act_kind)


def fill_missing(act: Act, said: str) -> Act | None:
    """The act waiting for a value, completed by the user's answer to the ask ("Ten
    minutes." after "How long should the timer be?"); None if the answer does not hold it.
    Only a duration is filled this way: any sentence would pass for a note's text."""
    if act.kind == "set_timer" and act.missing == ("duration_s",):
        seconds = parse_duration(said)
        if seconds is not None:
            return Act(act.kind, {**act.values, "duration_s": seconds})
    return None
