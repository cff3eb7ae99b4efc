"""Whole commands code reads without a model: one clause, one act.

The common ways people ask for a timer ("set / start / put on / make a ten minute timer",
"a pasta timer for ten minutes", "put the kettle timer on for four minutes"), to cancel
one, for the time or the timers, to remember or note something, to forget a note. A
clause code does not read whole is left to the understanding call; a value the clause
does not say is missing (and asked for), never guessed. The phrasings are data
(``language/data/forms.toml``); this module turns a form's values into an act.
"""

from __future__ import annotations

from voice_assistant.language.forms import Found, Said, said, strip, whole
from voice_assistant.language.lexicon import words
from voice_assistant.turn.acts import Act, parse_duration, validate
from voice_assistant.turn.alarm_acts import read_alarm_command

VAGUE = words("commands", "vague")
""""Forget it." means "never mind": no memory is named, so code deletes nothing."""


def plain(clause: str) -> Said:
    """A clause's words without its courtesy words ("Could you please …", "… please")."""
    return strip("polite_start", "polite_end", said(" ".join(clause.split())))


def read_command(clause: str) -> tuple[Act, ...] | None:
    """The act a clause asks for, when the clause is one whole command; else None."""
    words_said = plain(clause)
    alarm = read_alarm_command(words_said)
    if alarm is not None:
        return alarm
    timer = whole("timer", words_said)
    if timer is not None:
        return _timer(timer)
    cancel = whole("cancel_timer", words_said)
    if cancel:
        return _acts("cancel_timer", {"which": cancel.lower("which")})
    if whole("what_time", words_said):
        return _acts("what_time", {})
    if whole("list_timers", words_said):
        return _acts("list_timers", {})
    remembered = whole("remember", words_said)
    if remembered is not None and not clause.rstrip().endswith("?"):
        return _acts("remember", {"text": remembered.own("text").rstrip(".!")})
    forget = whole("forget", words_said)
    if forget and forget.lower("what") not in VAGUE:
        return _acts("forget", {"what": forget.lower("what")})
    return None


def _acts(kind: str, arguments: dict[str, str]) -> tuple[Act, ...] | None:
    act = validate(kind, arguments)
    return (act,) if act else None


def _timer(found: Found) -> tuple[Act, ...] | None:
    label = found.lower("label2") or found.lower("label")
    if found.lower("label") and found.lower("label2"):
        return None
    duration = found.lower("for") or found.lower("adjective")
    if duration and parse_duration(duration) is None:
        return None  # "set a timer for ten": not a duration (yet)
    return _acts("set_timer", {"duration": duration, "label": label})
