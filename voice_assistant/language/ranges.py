"""A range's two ends, said with a dash or "to": "07:30-15:30" starts and ends, "Tue
5-6.30pm" starts at 5pm (not on the 5th), "9-13 Mar" is one date from the 9th."""

from __future__ import annotations

from itertools import pairwise

from voice_assistant.language.lexicon import words
from voice_assistant.language.reading import Token, Value
from voice_assistant.language.tokens import text_of

RANGE = words("notes", "range_joints")


def ranges(tokens: tuple[Token, ...], found: list[Value]) -> list[Value]:
    """The values with each range read whole and its ends marked."""
    return _marked(tokens, _day_range(tokens, _hour_before_a_time(tokens, found)))


def _marked(tokens: tuple[Token, ...], found: list[Value]) -> list[Value]:
    """ "07:30-15:30", "19:30 to 21:30": the first value is when it starts, the second
    when it ends."""
    timed = sorted((v for v in found if v.kind in ("time", "date")), key=lambda v: v.start)
    marked: dict[int, tuple[str, ...]] = {}
    for first, second in pairwise(timed):
        between = [tokens[k].lemma for k in range(first.end, second.start)]
        if first.kind == second.kind and between and set(between) <= RANGE:
            marked[id(first)] = ("start",)
            marked[id(second)] = ("end",)
    return [
        Value(v.kind, v.text, v.start, v.end, marked[id(v)]) if id(v) in marked else v
        for v in found
    ]


def _day_range(tokens: tuple[Token, ...], found: list[Value]) -> list[Value]:
    """ "Study leave 9-13 Mar": one date, from the 9th to the 13th, not a count "9-"
    and a date "13 Mar"."""
    out = list(found)
    for d in [v for v in found if v.kind == "date"]:
        k = d.start - 2
        if k < 0 or tokens[k + 1].text not in RANGE or not tokens[d.start].text.isdigit():
            continue
        if not (tokens[k].text.isdigit() and 0 < int(tokens[k].text) <= 31):
            continue
        out = [v for v in out if v is not d and not (k <= v.start and v.end <= d.start)]
        out.append(Value("date", text_of(tokens, k, d.end), k, d.end, d.about))
    return out


def _hour_before_a_time(tokens: tuple[Token, ...], found: list[Value]) -> list[Value]:
    """ "Tue 5-6.30pm": the 5 is the hour it starts (5pm), not the 5th of a month."""
    out = list(found)
    for t in [v for v in found if v.kind == "time"]:
        k = t.start - 2
        if k < 0 or tokens[k + 1].text not in RANGE or not tokens[k].text.isdigit():
            continue
        if not 0 < int(tokens[k].text) <= 12:
            continue
        out = [_without(tokens, v, k) for v in out if not _only(v, k)]
        ending = t.text.lower()[-2:]  # "5-6.30pm" starts at 5pm
        said = tokens[k].text + (ending if ending in ("am", "pm") else "")
        out.append(Value("time", said, k, k + 1))
    return out


def _only(value: Value, k: int) -> bool:
    """The value is the hour alone, or the hour and its dash ("3-" of "3-4pm")."""
    return k <= value.start and value.end <= k + 2 and value.kind in ("date", "count", "code")


def _without(tokens: tuple[Token, ...], value: Value, k: int) -> Value:
    """A date without the hour ``k`` at its end ("Tue 5" is "Tue")."""
    if value.kind != "date" or not value.start < k < value.end:
        return value
    return Value(value.kind, text_of(tokens, value.start, k), value.start, k, value.about)
