"""Alarms and reminders ringing on the daemon's speaker, on the worker thread.

A reminder: the earcon, then code's sentence in the user's words, once. An alarm: the
ring again and again until someone stops it (the wake word cuts it, as a barge-in cuts
a reply) or ``alarms.ring_for_s`` runs out, when it stops by itself and is recorded
missed. One found long after its time (the daemon was down) is recorded missed unrung.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from voice_assistant.progress import ALARM, tones
from voice_assistant.speak import Speaker, speak
from voice_assistant.tts.base import TextToSpeech
from voice_assistant.turn.alarms import Alarm, AlarmBook, ring_words

log = logging.getLogger("voice_assistant.daemon")
RING_GAP_S = 0.6
"""Quiet between two rings of an alarm: room for "Hey Jarvis" to be heard."""


def ring_alarms(
    book: AlarmBook,
    sink: Speaker,
    tts: Callable[[], TextToSpeech],
    hush: threading.Event,
    stopping: threading.Event,
    ring_for_s: float,
) -> int:
    """Ring every alarm and reminder that is due; how many rang."""
    rang = 0
    for alarm in book.due():
        if book.too_late(alarm):
            book.finish(alarm, "missed")
            log.warning("%s %d missed: the daemon was not running at its time", *_name(alarm))
            continue
        if alarm.kind == "reminder":
            sink.play(tones(ALARM), 22_050)
            speak(tts(), ring_words(alarm) or "", sink, hush)
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
