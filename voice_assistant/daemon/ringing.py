"""Timers, alarms and reminders ringing on the daemon's speaker, on the worker thread:
all but those set in the room of a satellite connected now, which ring there
(``satellite/hub.py``); a satellite's that is not connected rings here, and the log says so.

A timer or a reminder: the ring, then code's sentence, once. An alarm: the ring again and
again until someone stops it ("Stop" or the wake word, ``word_windows``) or
``alarms.ring_for_s`` runs out, when it stops by itself and is recorded missed. Each ring
of an alarm is a job of its own (``jobs.AlarmBeat``), so the worker, between two rings,
runs the turn that hears "Stop". One found long after its time (the daemon was down) is
recorded missed unrung.
"""

from __future__ import annotations

import logging
import threading

from voice_assistant.pipeline.progress import ALARM, tones
from voice_assistant.pipeline.speak import Speaker, speak
from voice_assistant.tts.base import TextToSpeech
from voice_assistant.turn.actions import Actions, Timer, ring_text
from voice_assistant.turn.alarms import Alarm, AlarmBook, ring_words

log = logging.getLogger("voice_assistant.daemon")
RING_GAP_S = 0.6
"""Quiet between two rings of an alarm: room for "Hey Jarvis" or "Stop" to be heard."""


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


def ring_once(
    book: AlarmBook, alarm: Alarm, sink: Speaker, tts: TextToSpeech, hush: threading.Event
) -> bool:
    """A reminder said once, or anything found too late recorded missed unrung; whether it
    rang."""
    if book.too_late(alarm):
        book.finish(alarm, "missed")
        log.warning("%s %d missed: the daemon was not running at its time", *_name(alarm))
        return False
    sink.play(tones(ALARM), 22_050)
    speak(tts, ring_words(alarm) or "", sink, hush)
    book.finish(alarm, "rang")
    log.info("%s %d rang", *_name(alarm))
    return True


def rings_until_stopped(alarm: Alarm) -> bool:
    """An alarm (not a reminder) rings again and again, a ring a job (``AlarmBeat``)."""
    return alarm.kind != "reminder"


def beat_outcome(hushed: bool, now: float, ends_at: float) -> str | None:
    """How an alarm ringing in beats ends before its next ring: ``stopped`` (someone said
    "Stop" or the wake word), ``missed`` (``alarms.ring_for_s`` ran out), None: it rings on."""
    if hushed:
        return "stopped"
    return "missed" if now >= ends_at else None


def _name(alarm: Alarm) -> tuple[str, int]:
    return alarm.kind, alarm.id
