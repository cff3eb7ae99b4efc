"""Timers, alarms and reminders ringing on the daemon's speaker, on the worker thread:
all but those set in the room of a satellite connected now, which ring there
(``satellite/hub.py``); a satellite's that is not connected rings here, and the log says so.

A timer or a reminder: the ring, then code's sentence, once. An alarm: the ring again and
again until someone stops it ("Stop" or the wake word, ``word_windows``) or
``alarms.ring_for_s`` runs out, when it stops by itself and is recorded missed. One found
long after its time (the daemon was down) is recorded missed unrung.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from voice_assistant.pipeline.progress import ALARM, tones
from voice_assistant.pipeline.speak import Speaker, speak
from voice_assistant.tts.base import TextToSpeech
from voice_assistant.turn.actions import Actions, Timer, ring_text
from voice_assistant.turn.alarms import Alarm, AlarmBook, ring_words

log = logging.getLogger("voice_assistant.daemon")
RING_GAP_S = 0.6
"""Quiet between two rings of an alarm: room for "Hey Jarvis" to be heard."""


def rings_here(room: str, elsewhere: frozenset[str]) -> bool:
    """Whether the daemon's speaker rings what was set in ``room``: ``elsewhere`` holds the
    rooms of the satellites connected now, which ring their own."""
    if room in elsewhere:
        return False
    if room.startswith("satellite:"):
        log.info("%s: that satellite is not connected, so it rings here", room)
    return True


def ring_timers(
    actions: Actions, timers: list[Timer], sink: Speaker, tts: TextToSpeech, hush: threading.Event
) -> int:
    for timer in timers:
        sink.play(tones(ALARM), 22_050)
        speak(tts, ring_text(timer), sink, hush)
        actions.mark_rung(timer.id)
        log.info("timer %d rang", timer.id)
    return len(timers)


def ring_alarms(
    book: AlarmBook,
    alarms: list[Alarm],
    sink: Speaker,
    tts: TextToSpeech,
    hush: threading.Event,
    stopping: threading.Event,
    ring_for_s: float,
) -> int:
    """Ring ``alarms`` (due now); how many rang."""
    rang = 0
    for alarm in alarms:
        if book.too_late(alarm):
            book.finish(alarm, "missed")
            log.warning("%s %d missed: the daemon was not running at its time", *_name(alarm))
            continue
        if alarm.kind == "reminder":
            sink.play(tones(ALARM), 22_050)
            speak(tts, ring_words(alarm) or "", sink, hush)
            state = "rang"
        else:
            state = ring_until_stopped(sink, hush, ring_for_s)
        if stopping.is_set():
            return rang  # shutting down: it stays due, and rings again on start if still in time
        book.finish(alarm, state)
        rang += 1
        log.info("%s %d %s", *_name(alarm), state)
    return rang


def ring_until_stopped(
    sink: Speaker,
    hush: threading.Event,
    ring_for_s: float,
    clock: Callable[[], float] = time.monotonic,
) -> str:
    """Ring until ``hush`` (``stopped``) or for ``ring_for_s`` (``missed``)."""
    hush.clear()
    ends = clock() + ring_for_s
    while clock() < ends:
        sink.play(tones(ALARM), 22_050)
        if hush.wait(RING_GAP_S):
            return "stopped"
    return "missed"


def _name(alarm: Alarm) -> tuple[str, int]:
    return alarm.kind, alarm.id
