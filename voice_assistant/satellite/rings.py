"""Timers, alarms and reminders set in a satellite's room ring at that satellite, as audio
(a satellite that ignores timer events still plays audio): the ring, then code's sentence
("Your pasta timer is done.", "Reminder: call Rowan."); an alarm, the ring again and again
until "Stop" or the wake word is heard there, or ``alarms.ring_for_s`` runs out. What to
ring is picked on the daemon's worker (``pick``, with the database and piper); a room whose
satellite is not connected rings on the daemon's own speaker instead (``daemon/ringing.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from voice_assistant.pipeline.progress import ALARM, tones
from voice_assistant.tts.base import TextToSpeech
from voice_assistant.turn.actions import Actions, ring_text
from voice_assistant.turn.alarms import Alarm, ring_words

RingKey = tuple[str, int]
"""("timer" or "alarm", its id): what is ringing now, so a second look does not ring it again."""


@dataclass(frozen=True)
class Ring:
    room: str
    key: RingKey
    sound: npt.NDArray[np.int16]
    rate: int
    alarm: Alarm | None = None
    """An alarm or a reminder: recorded (rang, stopped, missed) once it has rung."""

    @property
    def repeats(self) -> bool:
        return self.alarm is not None and self.alarm.kind == "alarm"


def ring_sound(tts: TextToSpeech, words: str | None) -> npt.NDArray[np.int16]:
    """The ring at the voice's rate, then the sentence, if any."""
    rate = tts.sample_rate
    parts = [tones(ALARM, rate)]
    if words:
        parts += [np.zeros(rate // 5, np.int16), *tts.synthesize(words)]
    return np.concatenate(parts)


def pick(actions: Actions, tts: TextToSpeech, rooms: set[str], ringing: set[RingKey]) -> list[Ring]:
    """What is due in ``rooms`` (connected satellites') and not ringing yet, with its
    sound. A timer is marked rung here; an alarm found long after its time, missed."""
    rings = []
    for timer in actions.due():
        if timer.room in rooms and ("timer", timer.id) not in ringing:
            actions.mark_rung(timer.id)
            sound = ring_sound(tts, ring_text(timer))
            rings.append(Ring(timer.room, ("timer", timer.id), sound, tts.sample_rate))
    book = actions.book
    for alarm in book.due():
        if alarm.room not in rooms or ("alarm", alarm.id) in ringing:
            continue
        if book.too_late(alarm):
            book.finish(alarm, "missed")
            continue
        sound = ring_sound(tts, ring_words(alarm))
        rings.append(Ring(alarm.room, ("alarm", alarm.id), sound, tts.sample_rate, alarm))
    return rings
