"""The fixed act catalogue, with typed arguments validated by code.

The model proposes acts; code decides whether each is well formed. A value the model
could not fill (or filled with something that does not parse, such as a timer duration)
is *missing*, and a missing value is asked for rather than guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import groupby
from typing import Literal

from voice_assistant.language.forms import said
from voice_assistant.language.lexicon import LEXICON, SMALL_NUMBERS, TENS

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

COMMANDS = LEXICON["commands"]
NUMBER_WORDS: dict[str, float] = {**SMALL_NUMBERS, **TENS, **COMMANDS["count_words"]}
UNITS: dict[str, int] = COMMANDS["unit_seconds"]
SHORT_UNITS = frozenset(unit for unit in UNITS if len(unit) == 1)
"""A single-letter unit only after digits: "10m" is ten minutes, "at 7 am" holds none."""
MAX_TIMER_S = 24 * 3600


def _unit(word: str, after_digits: bool) -> int | None:
    """The seconds of a unit word ("minutes", "hrs", "m" after digits), else None."""
    if word in SHORT_UNITS:
        return UNITS[word] if after_digits else None
    return UNITS.get(word, UNITS.get(word[:-1])) if word.endswith("s") else UNITS.get(word)


def _words(text: str) -> list[str]:
    """The words of a duration, digits parted from letters ("1h30m" is "1 h 30 m")."""
    out: list[str] = []
    for word in said(text).words:
        runs = groupby(word, key=lambda c: c.isdigit() or c == ".")
        out += ["".join(run) for _, run in runs] if any(c.isdigit() for c in word) else [word]
    return out


def _number(words: list[str], i: int) -> tuple[float, int] | None:
    """A count at ``words[i]`` ("10", "1.5", "ten", "twenty five", "an") and words taken."""
    word = words[i]
    if word.replace(".", "", 1).isdigit():
        return float(word), 1
    after = words[i + 1] if i + 1 < len(words) else ""
    if word in TENS and 0 < SMALL_NUMBERS.get(after, 0) < 10:
        return TENS[word] + SMALL_NUMBERS[after], 2
    return (NUMBER_WORDS[word], 1) if word in NUMBER_WORDS else None


FRACTIONS: tuple[tuple[tuple[str, ...], float, tuple[int, ...]], ...] = tuple(
    (tuple(f["words"]), f["share"], tuple(f["units"])) for f in COMMANDS["duration_fractions"]
)
""""half an hour" or "half a minute", "a quarter of an hour", "three quarters of an hour"."""
AND_A_HALF: list[str] = COMMANDS["and_a_half"]
""""an hour and a half": half the unit more."""
RANGE_JOINTS = frozenset(COMMANDS["range_joints"])
""""four or five minutes": the words between the two counts of a range."""


def _range_before(words: list[str], i: int) -> bool:
    """A count just before the count at ``words[i]`` ("1 2 seconds", "4-5 minutes", "four
    or five minutes"): two values for one unit, which no timer can take."""
    before = i - 2 if i >= 2 and words[i - 1] in RANGE_JOINTS else i - 1
    return (
        before >= 0
        and words[before] not in COMMANDS["count_words"]
        and _number(words, before) is not None
    )


def _fraction(words: list[str], i: int) -> tuple[float, int] | None:
    """A fraction of a unit at ``words[i]``: (seconds, words taken)."""
    for start, share, units in FRACTIONS:
        j = i + len(start)
        if tuple(words[i:j]) != start:
            continue
        j += 1 if share != 0.5 and words[j : j + 1] == ["of"] else 0
        unit = _unit(words[j + 1], False) if words[j : j + 1] in (["a"], ["an"]) else None
        if j + 1 < len(words) and unit in units:
            return share * (unit or 0), j + 2 - i
    return None


def _durations(text: str) -> list[int] | None:
    """The seconds of each number and unit said, in order ("an hour and a half" ->
    [3600, 1800]); None when a unit follows a word that is no number ("few minutes") or
    two numbers ("4-5 minutes")."""
    words, found, i = _words(text.lower()), [], 0
    while i < len(words):
        fraction = _fraction(words, i)
        number = _number(words, i) if fraction is None else None
        unit = None
        if number is not None and i + number[1] < len(words):
            unit = _unit(words[i + number[1]], words[i][0].isdigit())
        if fraction is not None:
            found.append(round(fraction[0]))
            i += fraction[1]
        elif number is not None and unit is not None:
            if _range_before(words, i):
                return None
            found.append(round(number[0] * unit))
            i += number[1] + 1
            if words[i : i + len(AND_A_HALF)] == AND_A_HALF:
                found.append(round(0.5 * unit))
                i += len(AND_A_HALF)
        elif _unit(words[i], False) is not None and not (i and words[i - 1][0].isdigit()):
            return None
        else:
            i += 1
    return found


def parse_duration(text: str) -> int | None:
    """Seconds in "10 minutes", "an hour and a half", "1h 30m"; None if it is no duration."""
    parts = _durations(text)
    seconds = sum(parts) if parts else 0
    return seconds if 0 < seconds <= MAX_TIMER_S else None


def holds_duration(text: str) -> bool:
    """Whether the words say some duration anywhere ("… for ten minutes and …")."""
    return any(0 < part <= MAX_TIMER_S for part in _durations(text) or [])


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
