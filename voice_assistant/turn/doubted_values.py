"""A time or duration heard in doubt is asked for, not set.

Whisper hears a number amiss by a few milliseconds of where the utterance was cut ("Start
a 1-minute timer." for "ninety minute"), and the act's receipt then states a timer nobody
asked for. Whisper's least sure word says where the doubt is. When code reads the command
again without that word and its time or duration changes, the word supplied the value:
the value is asked for, as though it had not been said. A word that supplied none (a
courtesy word, a name in a reminder's text, said back in its receipt) changes nothing.
"""

from __future__ import annotations

from dataclasses import replace

from voice_assistant.language.lexicon import SMALL_NUMBERS, TENS
from voice_assistant.research.routing import WORD_IN_DOUBT
from voice_assistant.turn.acts import Act
from voice_assistant.turn.alarm_acts import alarm_act, reminder_act
from voice_assistant.turn.understand import Understanding, quick_acts
from voice_assistant.turn.wall_clock import When

TIME_VALUES = ("duration_s", "hour", "minute", "meridiem", "day", "repeat", "part", "in_s")
"""The values that say when or how long: an act's others (a label, a reminder's words)
are said back in its receipt as heard."""
PUNCTUATION = ".,;:!?"
"""Kept when a word is left out: the sentence keeps its stops."""
UNSAID_KINDS = frozenset({"set_timer", "set_alarm", "set_reminder"})
"""The acts with a time or duration of their own."""


def doubted_at(at: int, log_prob: float) -> int:
    """Where the least sure word is (``Transcript.least_sure_at``) when whisper may not have
    heard it right, else -1."""
    return at if log_prob < WORD_IN_DOUBT else -1


def without(utterance: str, at: int) -> tuple[str, str]:
    """The utterance with its word at ``at`` (split at spaces) left out, and that word
    without its punctuation ("" and the utterance when there is none)."""
    words = utterance.split()
    if not 0 <= at < len(words):
        return utterance, ""
    stops = words[at][len(words[at].rstrip(PUNCTUATION)) :]  # "7:30." leaves "."
    rest = [*words[:at], *([stops] if stops else []), *words[at + 1 :]]
    return " ".join(rest), words[at].strip(PUNCTUATION + "\"'")


NUMBER_NAMES = frozenset(SMALL_NUMBERS) | frozenset(TENS)


def is_number(word: str) -> bool:
    """Digits ("90", "1-minute", "7:30") or a number's word ("thirty")."""
    return any(c.isdigit() for c in word) or word.lower() in NUMBER_NAMES


def _when(act: Act) -> tuple[object, ...]:
    return tuple(act.values.get(key) for key in TIME_VALUES)


def _rest(act: Act) -> dict[str, object]:
    """An act's values other than its time and its ask: a label, a reminder's words."""
    return {k: v for k, v in act.values.items() if k not in (*TIME_VALUES, "ask")}


def unsaid(act: Act) -> Act:
    """The act as though its time or duration had not been said: it asks for it."""
    if act.kind == "set_timer":
        return Act(act.kind, {"label": act.values.get("label", "")}, ("duration_s",))
    if act.kind == "set_alarm":
        return alarm_act(When())
    return reminder_act(str(act.values.get("text", "")), None)


def ask_for_doubted(understood: Understanding, utterance: str, doubted: int) -> Understanding:
    """``understood`` (code's reading of ``utterance``) with each act whose time or duration
    came from the word at ``doubted`` (``doubted_at``) asking for it instead. When code
    reads no command without the word, a number is the one timed act's value ("one hour
    and thirty minutes"); any other such word leaves the acts as read: there the doubt
    says nothing of which value the word gave. Acts the model read never come here."""
    rest, word = without(utterance, doubted)
    if not word:
        return understood
    acts = list(understood.acts)
    again = quick_acts(rest)
    if again is None:
        timed = [i for i, act in enumerate(acts) if act.kind in UNSAID_KINDS and act.ready]
        if len(timed) == 1 and is_number(word):
            acts[timed[0]] = unsaid(acts[timed[0]])
        return replace(understood, acts=tuple(acts))
    for i, act in enumerate(acts):
        if act.kind not in UNSAID_KINDS or not act.ready:
            continue
        nth = sum(a.kind == act.kind for a in acts[:i])
        same = [a for a in again.acts if a.kind == act.kind]
        if nth >= len(same) or _when(same[nth]) == _when(act):
            continue
        kept = _rest(same[nth]) == _rest(act)  # its words too: else they hold the time's
        acts[i] = same[nth] if same[nth].missing and kept else unsaid(act)
    return replace(understood, acts=tuple(acts))
