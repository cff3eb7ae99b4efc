"""Days as comparable parts: a question naming "Saturday" or "Christmas Day" is answered
from that day's row of a rota, never another's."""

from __future__ import annotations

from voice_assistant.language.lexicon import LEXICON, MONTHS, WEEKDAYS, words
from voice_assistant.language.reading import Token

CALENDAR = (
    MONTHS
    | WEEKDAYS
    | words("calendar", "month_abbreviations")
    | words("calendar", "weekday_abbreviations")
)


WEEKDAY_INDEX = {w: i for i, w in enumerate(LEXICON["calendar"]["weekdays"])} | {
    short: i
    for short in LEXICON["calendar"]["weekday_abbreviations"]
    for i, day in enumerate(LEXICON["calendar"]["weekdays"])
    if day.startswith(short)
}
"""A weekday's number (Monday 0) by its name or its short form ("weds")."""

MONTH_INDEX = {w: i for i, w in enumerate(LEXICON["calendar"]["months"])} | {
    short: i
    for short in LEXICON["calendar"]["month_abbreviations"]
    for i, month in enumerate(LEXICON["calendar"]["months"])
    if month.startswith(short)
}
"""A month's number (January 0) by its name or its short form ("sept")."""

RELATIVE = words("calendar", "relative_days") | words("calendar", "relative_words")
FRACTIONS = frozenset(LEXICON["numbers"]["fractions"])


def date_key(tokens: tuple[Token, ...], start: int, end: int) -> frozenset[str]:
    """A day as comparable parts: its weekday, month and day of the month, and its other
    words ("christmas day"); empty for a relative day ("this week")."""
    key: set[str] = set()
    for t in tokens[start:end]:
        word = t.lemma.rstrip(".")
        digits = word.rstrip("stndrh")
        if word in WEEKDAY_INDEX or word.rstrip("s") in WEEKDAY_INDEX:
            key.add(f"wd:{WEEKDAY_INDEX.get(word, WEEKDAY_INDEX.get(word.rstrip('s')))}")
        elif word in MONTH_INDEX:
            key.add(f"m:{MONTH_INDEX[word]}")
        elif _day_of_month(digits):
            key.add(f"d:{int(digits)}")
        elif word in RELATIVE:
            return frozenset()
        elif word in FRACTIONS:
            continue  # "the second half" of a sum or a year: no day
        elif t.pos in ("NOUN", "PROPN"):
            key.add(word)
    return frozenset() if key == {"day"} else frozenset(key)  # "a full day": no day named


def names_a_day(tokens: tuple[Token, ...], start: int, end: int) -> bool:
    """Whether words say a day, not only a month or a week: a weekday ("the first Friday
    of every month", "every Tuesday") or a day of the month."""
    for t in tokens[start:end]:
        word = t.lemma.rstrip(".")
        digits = word.rstrip("stndrh")
        if word in WEEKDAY_INDEX or word.rstrip("s") in WEEKDAY_INDEX:
            return True
        if _day_of_month(digits):
            return True
    return False


def _day_of_month(digits: str) -> bool:
    """ "14", "3": a day of the month; not "75" of "turns 75", an age the recogniser
    marks as a date."""
    return digits.isdigit() and 1 <= int(digits) <= 31


def same_day(asked: frozenset[str], said: frozenset[str]) -> bool:
    """Whether a day said may be the day asked: no part of it differs, and the words of a
    named day ("Christmas Day") are there."""
    for prefix in ("wd:", "m:", "d:"):
        a = {k for k in asked if k.startswith(prefix)}
        b = {k for k in said if k.startswith(prefix)}
        if a and b and a != b:
            return False
    named = {k for k in asked if ":" not in k}
    return not named or named <= said or (not any(":" in k for k in asked) and bool(named & said))


def a_day(numbers: list[int]) -> bool:
    """Numbers that can be a day written with hyphens ("12-03-2026", "2026-03-12"); a
    sort code ("20-45-77") cannot be."""
    if len(numbers) != 3:
        return len(numbers) == 2 and all(1 <= n <= 31 for n in numbers)  # "2-9 Aug"
    first, month, last = numbers
    return 1 <= month <= 12 and (1 <= first <= 31 or 1 <= last <= 31)
