"""Shorthand as people write it in a note, rewritten into the forms the reader reads.

An American note says "Tue 3/10 @ 6:30p" and "(614) 555-0143" or "614.555.0143".
Rewritten once, before the parse, as "Tue March 10 @ 6:30pm" and "614-555-0143", every
stage after reads one form: the recogniser's dates and times, a day compared with the
day asked, and the reply, which piper would otherwise say as "three slash ten". The
shapes are data (``lexicon.toml [written]``).
"""

from __future__ import annotations

import os
import re
from functools import cache

from voice_assistant.language.days import MONTH_INDEX, WEEKDAY_INDEX
from voice_assistant.language.lexicon import LEXICON, words

_WRITTEN = LEXICON["written"]
_SLASH = re.compile(_WRITTEN["slash_date"])
_CLOCK = re.compile(_WRITTEN["clock_short"])
_AREA_CODE = re.compile(_WRITTEN["area_code"])
_MONTHS = LEXICON["calendar"]["months"]
_KEPT = words("written", "kept_as_written")
_CARD_DATE_AFTER = words("written", "month_and_year_after")
_FRACTION_BEFORE = words("written", "fraction_before") | words("measures", "units")
_NOT_A_CLOCK_AFTER = words("written", "not_a_clock_after")
_NOT_A_CLOCK_BEFORE = words("written", "not_a_clock_before")

_IN_FULL = (
    {short: LEXICON["calendar"]["weekdays"][i] for short, i in WEEKDAY_INDEX.items()}
    | {short: _MONTHS[i] for short, i in MONTH_INDEX.items()}
    | {  # "weds": a short form that is no prefix of its day
        short: full
        for short, full in LEXICON["tokens"]["short_forms"].items()
        if full in LEXICON["calendar"]["weekdays"]
    }
)


def rewritten(text: str, order: str = "auto") -> str:
    """``text`` with its slash dates, short clock times and bracketed area codes in the
    reader's forms; ``order`` says how "3/10" is read where the text does not show it
    ("auto": the system's locale)."""
    text = _AREA_CODE.sub(lambda m: "-".join(g for g in m.groups() if g), text)
    month_first = _month_first(text, order)
    text = _SLASH.sub(lambda m: _date(m, month_first), text)
    return _CLOCK.sub(_clock, text)


def _month_first(text: str, order: str) -> bool:
    """Whether "3/10" is March 10: a date of the text that can only be read one way says
    so ("3/24" is month first, "24/3" day first), else ``order``, else the locale."""
    for m in _SLASH.finditer(text):
        first, second = int(m[1]), int(m[2])
        if first > 12 >= second:
            return False
        if second > 12 >= first:
            return True
    return order_month_first(order)


def order_month_first(order: str) -> bool:
    """Whether ``order`` ("auto": the locale's) reads "3/10" as March 10."""
    return order == "month_first" if order != "auto" else locale_month_first()


@cache
def locale_month_first() -> bool:
    """The system's own order ("en_US.UTF-8": month first; "en_GB.UTF-8": day first; "C"
    and "POSIX" write %m/%d/%y)."""
    for name in ("LC_ALL", "LC_TIME", "LANG"):
        value = os.environ.get(name, "")
        if value:
            territory = value.split(".")[0].partition("_")[2].split("@")[0].upper()
            return not territory or territory in _WRITTEN["month_first_territories"]
    return True


def _date(m: re.Match[str], month_first: bool) -> str:
    before, after = _word_before(m), _word_after(m)
    month, day = (int(m[1]), int(m[2])) if month_first else (int(m[2]), int(m[1]))
    if m[0] in _KEPT or before in _CARD_DATE_AFTER or after in _FRACTION_BEFORE:
        return m[0]
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return m[0]
    year = m[3] or ""
    if len(year) == 2:
        year = f"20{year}"
    name = _MONTHS[month - 1].capitalize()
    return f"{name} {day} {year}".strip() if month_first else f"{day} {name} {year}".strip()


def _clock(m: re.Match[str]) -> str:
    if _word_before(m) in _NOT_A_CLOCK_AFTER:
        return m[0]
    if m[2] == "p" and _word_after(m) in _NOT_A_CLOCK_BEFORE:
        return m[0]
    return f"{m[1]}{m[2]}m"


def _word_before(m: re.Match[str]) -> str:
    head = m.string[: m.start()].split()
    return head[-1].lower() if head else ""


def _word_after(m: re.Match[str]) -> str:
    tail = m.string[m.end() :].split()
    return tail[0].lower().strip(",;:)") if tail else ""


def in_full(day: str) -> str:
    """A day as it is said: "Sat" as "Saturday", "Tue Mar 10" as "Tuesday March 10"
    (piper says "Tue" as a word of its own)."""
    said = []
    for word in day.split(" "):
        bare = word.rstrip(".,;:")
        full = _IN_FULL.get(bare.lower())
        said.append(full.capitalize() + word[len(bare) :].lstrip(".") if full else word)
    return " ".join(said)
