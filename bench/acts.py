"""Act phrasings read right (issue 24): alarms, reminders and timers as people say them.

    voice-assistant bench --suite acts   (or: python -m bench --suite acts [--runs 3])

    voice-assistant bench --suite acts --held-out   (36 phrasings written without the rules)

Each phrasing is read as the turn reads it (``TurnRunner.understand``: code's rules, the
model only for what code does not read), typed and spoken: said by piper and by
espeak-ng and heard by whisper. A phrasing is read right when its act, the values that
matter (the clock time, the day or repeat, a reminder's words, a duration) and what is
asked for all match. Prints the count per voice and every miss with what was heard.

Spoken phrasings are read as the live turn reads them, with whisper's least sure word: a
time or duration that word gave is asked for (``turn.doubted_values``). Each voice's row
also gives the count read without that, and how many misses were done all the same (a
wrong act set, rather than asked for or not read). Whisper hears some words differently
when the utterance is cut a few milliseconds apart (as the live listener's blocks fall),
so each spoken phrasing is heard ``--runs`` times, the k-th with its first k × 10 ms
left out; the counts are over all of them.
"""

from __future__ import annotations

import re
from typing import Any

from bench.phrasings import Phrasing
from bench.phrasings import phrasing as _p
from bench.voices import voices
from voice_assistant.assembly import assemble
from voice_assistant.config import Settings
from voice_assistant.events import SAMPLE_RATE
from voice_assistant.turn.acts import CHANGES_STATE
from voice_assistant.turn.doubted_values import doubted_at, without
from voice_assistant.turn.runner import TurnRunner
from voice_assistant.turn.session import Session

PHRASINGS = [
    # alarms
    _p("Wake me at seven.", "set_alarm", hour=7, minute=0),
    _p("Wake me up at half past six tomorrow.", "set_alarm", hour=6, minute=30, day="tomorrow"),
    _p("Set an alarm for 6:30 a.m.", "set_alarm", hour=6, minute=30),
    _p("Set an alarm for seven thirty tomorrow morning.", "set_alarm", hour=7, minute=30),
    _p("Set an alarm for 7 pm.", "set_alarm", hour=19, minute=0),
    _p("Set an alarm every weekday at 7 am.", "set_alarm", hour=7, repeat="weekdays"),
    _p("Wake me up at quarter to eight on Friday.", "set_alarm", hour=7, minute=45, day="friday"),
    _p("Set an alarm for noon.", "set_alarm", hour=12, minute=0),
    _p("Wake me up in twenty minutes.", "set_alarm", in_s=1200),
    _p("Set an alarm.", "set_alarm", ("time",)),
    _p("Set an alarm for seven.", "set_alarm", ("meridiem",), hour=7),
    _p("Set an alarm at 25 o'clock.", "set_alarm", ("time",)),
    _p("Cancel my alarm.", "cancel_alarm", kind="alarm"),
    _p("Cancel the seven o'clock alarm.", "cancel_alarm", kind="alarm"),
    _p("What alarms do I have?", "list_alarms"),
    _p("Wake me up at 6 every Monday and Wednesday.", "set_alarm", hour=6, repeat="mon,wed"),
    _p("Set an alarm for 5:45 in the morning.", "set_alarm", hour=5, minute=45),
    # reminders
    _p("Remind me to call Felix at five.", "set_reminder", text="call felix", hour=5),
    _p(
        "Remind me in twenty minutes to take the bread out.",
        "set_reminder",
        text="take the bread out",
        in_s=1200,
    ),
    _p(
        "Remind me tomorrow morning to bring the insurance card.",
        "set_reminder",
        text="bring the insurance card",
        day="tomorrow",
        part="morning",
    ),
    _p("Remind me to water the plants tonight.", "set_reminder", text="water the plants"),
    _p("Remind me at 6 pm to feed the cat.", "set_reminder", text="feed the cat", hour=18),
    _p(
        "Remind me to take my pills every day at 9 pm.",
        "set_reminder",
        text="take my pills",
        hour=21,
        repeat="daily",
    ),
    _p("Remind me in an hour to check the oven.", "set_reminder", text="check the oven", in_s=3600),
    _p("Remind me on Friday to pay the rent.", "set_reminder", text="pay the rent", day="friday"),
    _p("Remind me to call the dentist.", "set_reminder", ("when",), text="call the dentist"),
    _p("Remind me at noon to move the car.", "set_reminder", text="move the car", hour=12),
    _p(
        "Remind me to pick up the kids at half past three.",
        "set_reminder",
        text="pick up the kids",
        hour=3,
        minute=30,
    ),
    _p("Remind me in ten minutes to stir soup.", "set_reminder", text="stir soup", in_s=600),
    _p("Remind me yesterday to call mom.", "set_reminder", ("when",)),
    _p("Cancel the reminder to call Felix.", "cancel_alarm", kind="reminder"),
    _p("What reminders do I have?", "list_alarms"),
    # timers
    _p("Set a timer for ten minutes.", "set_timer", duration_s=600),
    _p("Start a fifteen minute timer.", "set_timer", duration_s=900),
    _p("Set a pasta timer for eight minutes.", "set_timer", duration_s=480, label="pasta"),
    _p("Put the kettle timer on for four minutes.", "set_timer", duration_s=240),
    _p("Set a timer for an hour and a half.", "set_timer", duration_s=5400),
    _p("Cancel the pasta timer.", "cancel_timer"),
    _p("What timers are running?", "list_timers"),
    _p("Set a timer.", "set_timer", ("duration_s",)),
    _p("Time twelve minutes for the pizza.", "set_timer", duration_s=720),
    _p("Set a timer for 90 seconds.", "set_timer", duration_s=90),
]


def _plain(value: Any) -> Any:
    return " ".join(re.findall(r"[\w']+", value.lower())) if isinstance(value, str) else value


def misread(phrasing: Phrasing, acts: tuple[Any, ...]) -> str | None:
    """None when the one act read is the one meant; else what was read instead."""
    if len(acts) != 1:
        return f"{len(acts)} acts: {[a.kind for a in acts]}"
    act = acts[0]
    wrong = [
        f"{key}={act.values.get(key)!r}"
        for key, value in phrasing.values.items()
        if _plain(act.values.get(key)) != _plain(value)
    ]
    if act.kind != phrasing.kind or wrong or act.missing != phrasing.missing:
        return f"{act.kind} {', '.join(wrong)} missing={act.missing}"
    return None


def done_wrong(phrasing: Phrasing, acts: tuple[Any, ...]) -> bool:
    """A miss that changes something: a wrong act set, not an ask or nothing done."""
    wrong = misread(phrasing, acts) is not None
    return wrong and any(a.ready and a.kind in CHANGES_STATE for a in acts)


SHIFT_S = 0.01
"""How much more of a spoken phrasing's start each further hearing leaves out."""


def run_acts_bench(settings: Settings, held_out: bool = False, runs: int = 1) -> int:
    """``held_out``: the phrasings a helper wrote without reading the rules
    (``bench/acts_held_out.py``), scored only at the end of a change."""
    assistant = assemble(settings)
    turns, stt = assistant.turn_runner(), assistant.engines.stt()
    assert isinstance(turns, TurnRunner)
    if held_out:
        from bench.acts_held_out import HELD_OUT

    phrasings = HELD_OUT if held_out else PHRASINGS
    part = "held-out" if held_out else "tuning"
    print(f"{len(phrasings)} phrasings ({part}): alarms, reminders, timers")
    print(f"spoken ones heard {runs} ways (the k-th cut {SHIFT_S * 1000:.0f} × k ms later)\n")
    for voice in [None, *voices(settings)]:
        right, misses = [0, 0], []
        done = [0, 0]  # with the doubt, without
        said = [(p, 0) for p in phrasings]
        if voice is not None:
            clips = [voice.say(p.said, f"act{i}") for i, p in enumerate(phrasings)]
            said = [(p, k) for k in range(runs) for p in phrasings]
        for n, (phrasing, k) in enumerate(said):
            heard, doubted = phrasing.said, -1
            if voice is not None:
                clip = clips[n % len(phrasings)]
                transcript = stt.transcribe(clip[round(k * SHIFT_S * SAMPLE_RATE) :])
                heard = transcript.text
                doubted = doubted_at(transcript.least_sure_at, transcript.least_sure_log_prob)
            read = turns.understand(heard, Session.independent(), [], doubted)
            doubt_used = doubted >= 0 and read.source == "rule"  # the doubt reads code's acts
            plain = turns.understand(heard, Session.independent(), []) if doubt_used else read
            for j, acts in enumerate((read.acts, plain.acts)):
                right[j] += misread(phrasing, acts) is None
                done[j] += done_wrong(phrasing, acts)
            wrong = misread(phrasing, read.acts)
            if wrong is not None or plain != read:
                before = misread(phrasing, plain.acts) or "right"
                was = f" (without the doubt: {before})" if plain != read else ""
                doubt = f" doubted {without(heard, doubted)[1]!r}" if doubted >= 0 else ""
                line = f"{phrasing.said!r} heard {heard!r}{doubt}"
                misses.append(f"  {line}: {wrong or 'right'}{was}")
        name = voice.name if voice is not None else "typed"
        print(
            f"{name:10} read right {right[0]}/{len(said)} (without the doubt {right[1]}), "
            f"wrong acts set {done[0]} (without the doubt {done[1]})"
        )
        print("\n".join(misses))
    return 0
