"""Clock times and days as people say them ("half past six tomorrow", "every weekday at
7", "in twenty minutes"), read by code into a ``When``.

Pure and model-free. A time whose morning or evening the words do not say ("at seven")
keeps ``meridiem`` False, so an alarm can ask; words that name an impossible or past
time ("at 25 o'clock", "yesterday") give a ``problem`` the ask states, and nothing is
stored. Turning a ``When`` into a date on the local clock is ``alarm_dates``'s job.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from voice_assistant.language.forms import said
from voice_assistant.language.lexicon import (
    LEXICON,
    SMALL_NUMBERS,
    TENS,
    WEEK,
    WEEKDAYS,
    words,
)
from voice_assistant.turn.acts import parse_duration

TIMES = LEXICON["times"]
PARTS: dict[str, str] = TIMES["part_halves"]
REPEATS: dict[str, str] = TIMES["repeats"]
MERIDIEM = {
    spelling: half for half, spellings in LEXICON["clock"].items() for spelling in spellings
}
""""a.m.", "p.m", "pm": how the half of the day is written, to "am" or "pm"."""
SKIPPED = words("times", "skipped")
GONE = words("times", "gone")
AROUND_HOUR = words("times", "around_hour")
BEFORE_HOUR = words("times", "before_hour")
AROUND_HALF = words("times", "around_half")
_DURATION_WORDS = (
    frozenset(SMALL_NUMBERS)
    | frozenset(TENS)
    | words("commands", "duration_glue")
    | words("commands", "counts")
    | words("commands", "duration_units")
)


@dataclass(frozen=True)
class When:
    """What the words say about when; every field optional."""

    hour: int | None = None
    """0-23; 1-12 while ``meridiem`` is False."""
    minute: int = 0
    meridiem: bool = True
    """False: a 1-12 o'clock whose morning or evening was not said."""
    day: str = ""
    """"", "today", "tomorrow" or a weekday."""
    repeat: str = ""
    """"", "daily", "weekdays", "weekends" or weekdays joined by commas."""
    part: str = ""
    """"morning", "afternoon", "evening", "night": said without a clock time, or with one."""
    in_s: int | None = None
    """"in twenty minutes": seconds from now."""
    problem: str = ""
    """Why the words name no time that can come: said to the user, nothing stored."""

    @property
    def said(self) -> bool:
        return self.hour is not None or self.in_s is not None or bool(self.day or self.part)


def _tokens(text: str) -> list[str]:
    """The words of a time, each spelling made one: "a.m." and "a m" are "am", "o clock"
    is "oclock", "11:30pm" is "11:30" "pm"."""
    tokens: list[str] = []
    for word in said(text).words:
        glued = next((m for m in MERIDIEM if word.endswith(m) and _digits(word[: -len(m)])), "")
        if glued:
            tokens += [word[: -len(glued)], MERIDIEM[glued]]
        elif word in MERIDIEM:
            tokens.append(MERIDIEM[word])
        elif word == "m" and tokens and tokens[-1] in ("a", "p"):
            tokens[-1] += "m"
        elif word == "clock" and tokens and tokens[-1] == "o":
            tokens[-1] = "oclock"
        else:
            tokens.append("oclock" if word == "o'clock" else word)
    return tokens


def _digits(word: str) -> bool:
    """ "7", "545", "6:30", "6.30": digits, or a clock time written with them."""
    hour, _, minute = word.replace(".", ":").partition(":")
    return hour.isdigit() and (not minute or (minute.isdigit() and len(minute) == 2))


def _number(tokens: list[str], i: int) -> tuple[int, int] | None:
    """A number at ``tokens[i]`` ("7", "seven", "twenty five") and how many tokens it took."""
    word = tokens[i]
    if word.isdigit():
        return int(word), 1
    if word in SMALL_NUMBERS:
        return SMALL_NUMBERS[word], 1
    if word in TENS:
        after = tokens[i + 1] if i + 1 < len(tokens) else ""
        if after in SMALL_NUMBERS and 0 < SMALL_NUMBERS[after] < 10:
            return TENS[word] + SMALL_NUMBERS[after], 2
        return TENS[word], 1
    return None


def _clock(tokens: list[str], i: int) -> tuple[int, int, int] | None:
    """A clock time at ``tokens[i]``: (hour, minute, tokens taken)."""
    word = tokens[i]
    if word == "midnight":
        return 0, 0, 1
    if _digits(word) and not word.isdigit() and len(word) <= 5:  # "6:30", "6.30"
        hours, _, minutes = word.replace(".", ":").partition(":")
        return int(hours), int(minutes), 1
    if word.isdigit() and len(word) in (3, 4) and int(word[-2:]) < 60:  # whisper's "545"
        return int(word[:-2]), int(word[-2:]), 1
    rest = tokens[i:]
    if len(rest) >= 3 and rest[0] in ("half", "quarter") and rest[1] in AROUND_HALF:
        hour = _number(rest, 2)
        if hour is None:
            return None
        past = 30 if rest[0] == "half" else 15
        return (*_relative(rest[1], past, hour[0]), 2 + hour[1])
    first = _number(tokens, i)
    if first is None:
        return None
    value, took = first
    j = i + took
    if j < len(tokens) and tokens[j] in ("minutes", "minute"):
        j += 1
    if j + 1 < len(tokens) and tokens[j] in AROUND_HOUR:
        hour = _number(tokens, j + 1)
        if hour is not None:
            return (*_relative(tokens[j], value, hour[0]), j + 1 + hour[1] - i)
    j = i + took
    if j < len(tokens) and tokens[j] == "oh" and j + 1 < len(tokens):
        minute = _number(tokens, j + 1)
        if minute is not None and minute[0] < 10:
            return value, minute[0], took + 1 + minute[1]
    minute = _number(tokens, j) if j < len(tokens) else None
    if minute is not None and 10 <= minute[0] < 60:
        return value, minute[0], took + minute[1]
    if j < len(tokens) and tokens[j] == "oclock":
        return value, 0, took + 1
    return value, 0, took


def _relative(word: str, minutes: int, hour: int) -> tuple[int, int]:
    """ "quarter to eight" = 7:45; "ten past six" = 6:10."""
    if word in BEFORE_HOUR:
        return (hour - 1) % 12 or 12, 60 - minutes
    return hour, minutes


def _repeat_days(tokens: list[str], i: int) -> tuple[str, int]:
    """Weekdays joined by "and" or commas from ``tokens[i]`` ("monday and wednesday")."""
    days: list[str] = []
    j = i
    while j < len(tokens) and (tokens[j].rstrip("s") in WEEKDAYS or tokens[j] == "and"):
        if tokens[j] != "and":
            days.append(tokens[j].rstrip("s"))
        j += 1
    ordered = [d for d in WEEK if d in days]
    return ",".join(d[:3] for d in ordered), j - i


def read_when(text: str) -> When | None:
    """The ``When`` the words say, if they are only words about when; else None."""
    tokens = _tokens(text)
    when = When()
    clock = None
    i = 0
    while i < len(tokens):
        word = tokens[i]
        after = tokens[i + 1] if i + 1 < len(tokens) else ""
        if word == "in" and (after in _DURATION_WORDS or after.isdigit()):
            j = len(tokens)
            while j > i + 1 and parse_duration(" ".join(tokens[i + 1 : j])) is None:
                j -= 1
            if j > i + 1 and all(t in _DURATION_WORDS or t.isdigit() for t in tokens[i + 1 : j]):
                when = replace(when, in_s=parse_duration(" ".join(tokens[i + 1 : j])))
                i = j
                continue
        if word in ("today", "tomorrow"):
            when = replace(when, day=word)
        elif word == "tonight":
            when = replace(when, day=when.day or "today", part="night")
        elif word in GONE:
            return When(problem="That time has already passed.")
        elif word in PARTS and word != "tonight":
            when = replace(when, part=word)
        elif word == "everyday":  # "every day" as whisper may write it
            when = replace(when, repeat="daily")
        elif word in ("every", "daily") or (word.endswith("s") and word[:-1] in WEEKDAYS):
            start = i + 1 if word == "every" else i
            nxt = tokens[start] if start < len(tokens) else ""
            if nxt in REPEATS:
                when = replace(when, repeat=REPEATS[nxt], part=when.part or _part(nxt))
                i = start + 1
                continue
            days, took = _repeat_days(tokens, start)
            if not days:
                return None
            when = replace(when, repeat=days)
            i = start + took
            continue
        elif word in ("weekdays", "weekends"):  # "on weekdays": every weekday
            when = replace(when, repeat=word)
        elif word in WEEKDAYS:
            when = replace(when, day=word)
        elif word in ("am", "pm"):
            when = replace(when, part="morning" if word == "am" else "evening")
        elif word in ("noon", "midday") and clock is None:
            when, clock = replace(when, part="afternoon"), (12, 0)
        elif word in SKIPPED or (word == "next" and after in WEEKDAYS):
            pass
        elif clock is None and (found := _clock(tokens, i)) is not None:
            clock = found[:2]
            i += found[2]
            continue
        else:
            return None
        i += 1
    return _settled(when, clock)


def _part(word: str) -> str:
    return "morning" if word == "morning" else ""


def _settled(when: When, clock: tuple[int, int] | None) -> When | None:
    """The clock time on a 24-hour clock where the words say which half of the day."""
    if clock is None:
        return when if when.said or when.repeat else None
    hour, minute = clock
    if not (0 <= hour <= 23 and 0 <= minute <= 59):
        return When(problem=f"There is no {hour}:{minute:02d} on a clock.")
    half = PARTS.get(when.part, "")
    if hour == 0 or hour > 12:
        return replace(when, hour=hour, minute=minute)  # a 24-hour time, or midnight
    if half == "am":
        return replace(when, hour=hour % 12, minute=minute)
    if half == "pm":
        return replace(when, hour=hour % 12 + 12, minute=minute)
    return replace(when, hour=hour, minute=minute, meridiem=False)


def with_half(when: When, morning: bool) -> When:
    """An open "at seven" settled to the morning or the evening."""
    if when.hour is None or when.meridiem:
        return when
    return replace(when, hour=when.hour % 12 + (0 if morning else 12), meridiem=True)


def clock_words(hour: int, minute: int) -> str:
    """ "7:00", "18:30": how receipts write a time (piper reads it as a time)."""
    return f"{hour}:{minute:02d}"
