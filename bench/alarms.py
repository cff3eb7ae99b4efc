"""How late alarms ring, and what pending ones cost an idle daemon (issue 24):

    voice-assistant bench --suite alarms [--runs N] [--idle-s S]

The real daemon (``--mode both``, wake gate on) on the virtual audio rig, its speaker
recorded. The bench writes reminders into the daemon's own database (as a turn would) and
finds the ring on the speaker (cross-correlation with the ring's tones):

- **idle**: a reminder due 3 s later, nothing else happening: from its due time to the
  first sample of its ring on the speaker;
- **busy**: a reminder due 1 s after "Hey Jarvis, what is the capital of Australia?" has
  been played, so it falls due while that turn is answered: the ring waits for the turn's
  reply (one worker), and the figure says how long;
- **idle CPU** over ``--idle-s`` seconds with no alarm pending and with 20 alarms and
  reminders pending (due next week: the once-a-second look reads them all).
"""

from __future__ import annotations

import datetime as dt
import os
import statistics
import time
from pathlib import Path

import numpy as np

from bench.daemon import (
    WAKE_QUESTION,
    TimedSpeaker,
    environment,
    idle_figures,
    in_work_folder,
    make_data_dir,
    matched,
    start_daemon,
    stop_daemon,
    wait_idle,
    without_overrides,
)
from tests.audio_rig import pulseaudio_rig
from tests.live_daemon import RATE, LiveDaemon
from voice_assistant.config import load_settings
from voice_assistant.memory.sqlite import connect
from voice_assistant.pipeline.progress import ALARM, tones
from voice_assistant.turn.alarms import AlarmBook
from voice_assistant.turn.wall_clock import When

PENDING = 20


def ring_onset(audio: np.ndarray, start: int) -> int | None:
    """Where the ring's first beep starts at or after ``start`` (normalised
    cross-correlation with one beep at the recording's rate), or None."""
    ncc, _ = matched(audio[start:], tones(ALARM[:1], rate=RATE).astype(np.float64))
    hits = np.flatnonzero(ncc > 0.8)
    return start + int(hits[0]) if len(hits) else None


def book_of(data: Path) -> AlarmBook:
    settings, _ = load_settings(None, environ={"VOICE_ASSISTANT__PATHS__DATA_DIR": str(data)})
    return AlarmBook(connect(settings.paths.database), time.time)


def lateness(daemon: LiveDaemon, data: Path, folder: Path, name: str, busy: bool) -> float:
    """Seconds from a reminder's due time to its ring on the speaker."""
    wait_idle(daemon)
    rung = daemon.status()["alarms_rung"]
    book = book_of(data)
    with TimedSpeaker(daemon.env, folder / f"speaker-{name}.wav") as speaker:
        if busy:
            played = daemon.play(WAKE_QUESTION)
            due = played + 1.0
            reminder = book.add("reminder", "check the bread", When(in_s=1))
        else:
            due = time.monotonic() + 3.0
            reminder = book.add("reminder", "check the bread", When(in_s=3))
        assert not isinstance(reminder, str), reminder
        book.db.close()
        daemon.wait_for("the ring", lambda s: s["alarms_rung"] > rung, timeout=180)
        time.sleep(0.5)
    onset = ring_onset(speaker.audio(), speaker.index(due - 0.5))
    if onset is None:
        raise RuntimeError(f"no ring found on the speaker ({speaker.path})")
    return speaker.time(onset) - due


def add_pending(data: Path, count: int) -> None:
    book = book_of(data)
    next_week = dt.date.today() + dt.timedelta(days=7)
    for i in range(count):
        day = (next_week + dt.timedelta(days=i % 5)).strftime("%A").lower()
        book.add("alarm" if i % 2 else "reminder", f"thing {i}", When(hour=7, day=day))
    book.db.close()


def run_alarms_bench(runs: int, idle_s: float, keep: bool) -> int:
    runs = max(1, runs)
    without_overrides()

    def measure(folder: Path) -> None:
        data = make_data_dir(folder)
        late: dict[str, list[float]] = {"idle": [], "busy": []}
        cpu: dict[str, list[float]] = {"0 pending": [], f"{PENDING} pending": []}
        with pulseaudio_rig() as rig:
            daemon = start_daemon(environment(rig, folder, data), "both", folder, "alarms")
            try:
                for run in range(runs):
                    for kind in ("idle", "busy"):
                        late[kind].append(
                            lateness(daemon, data, folder, f"{kind}-{run}", kind == "busy")
                        )
                        print(f"run {run + 1}, {kind}: {late[kind][-1]:.3f} s late", flush=True)
                for _ in range(runs):
                    cpu["0 pending"].append(idle_figures(daemon, idle_s)["cpu_pct"])
                add_pending(data, PENDING)
                for _ in range(runs):
                    cpu[f"{PENDING} pending"].append(idle_figures(daemon, idle_s)["cpu_pct"])
                print(f"idle CPU: {cpu}", flush=True)
            finally:
                stop_daemon(daemon)
        print("\n" + "=" * 78)
        print(f"alarms on the live daemon, {runs} run(s) each; {os.cpu_count()} CPU(s)")
        print("=" * 78)
        for kind, values in late.items():
            print(
                f"ring late ({kind:4}): p50 {statistics.median(values):.2f} s, "
                f"max {max(values):.2f} s  ({', '.join(f'{v:.2f}' for v in values)})"
            )
        for label, values in cpu.items():
            print(f"idle CPU, {label:10}: median {statistics.median(values):.2f} % of a core")

    return in_work_folder("va-bench-alarms-", keep, measure)
