"""The long run: 1,000 turns with fake models over the real store, turn
runner, research core and actions, and no growth beyond a bound once warmed up.

The bound on RSS is a slope, least squares over the second half (samples every 50 turns):
at most ``RSS_SLOPE_BOUND`` MB per 1000 turns. Measured on this soak, unleaking, the slope
was between +0.07 and +1.5 MB per 1000 turns over eight runs (a loaded 2-CPU machine);
a leak of 10 KB a turn adds +10 MB per 1000 turns, so 5 MB sits three times above the
noise seen and catches any leak of 5 KB a turn or more. Descriptors and threads are
counts: they may move by at most ``COUNT_SLACK`` between the end of the warm-up and the
end of the run (they did not move at all in those runs).

The last tests prove the check can fail: a leak planted in the same soak (every turn's
result kept, a file opened per turn, a thread started per turn) breaks the bound.
"""

from __future__ import annotations

import multiprocessing
import threading
from pathlib import Path
from typing import Any

import pytest

from bench import soak as bench_soak
from bench.soak import SOAK_WAVS, SoakReport, cue, soak, soak_assistant
from voice_assistant.cli.batch import expand_inputs
from voice_assistant.config import Settings
from voice_assistant.errors import AssistantError
from voice_assistant.pipeline.stages import Pipeline
from voice_assistant.stt.fake import FakeSTT

RSS_SLOPE_BOUND = 5.0
"""MB per 1000 turns, over the second half of the run."""
COUNT_SLACK = 2
"""File descriptors or threads a run may gain after its warm-up."""


def run_soak(tmp_path: Path, turns: int, every: int) -> SoakReport:
    assistant = soak_assistant(Settings(), tmp_path / "data", fake=True)
    assert isinstance(assistant.engines.stt(), FakeSTT)
    try:
        return soak(
            assistant,
            expand_inputs(SOAK_WAVS),
            turns,
            tmp_path / "out",
            every,
            cue=lambda wav: cue(assistant, wav),
        )
    finally:
        assistant.database.close()


def growth_beyond_bounds(report: SoakReport) -> list[str]:
    """What grew too much over the second half of the run (nothing, if all is well)."""
    found = []
    slope = report.rss_slope_mb_per_1000
    if not slope < RSS_SLOPE_BOUND:
        found.append(f"RSS grows {slope:+.2f} MB per 1000 turns (bound {RSS_SLOPE_BOUND})")
    for name in ("fds", "threads", "os_threads"):
        if report.growth(name) > COUNT_SLACK:
            found.append(f"{name} grew by {report.growth(name):+.0f} after warm-up")
    return found


def in_fresh_process(target: Any, *args: Any) -> Any:
    """What ``target(*args, out)`` puts on ``out``, run in a spawned interpreter: pages freed
    by earlier tests (models, big runs) would absorb a leak and hide it from RSS here."""
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    child = context.Process(target=target, args=(*args, out))
    child.start()
    try:
        return out.get(timeout=900)
    finally:
        child.join(timeout=60)


def _soak(path: str, turns: int, every: int, out: Any) -> None:
    out.put(run_soak(Path(path), turns, every))


def test_a_thousand_turns_grow_nothing_but_the_store(tmp_path):
    report = in_fresh_process(_soak, str(tmp_path), 1000, 50)
    assert not report.errors
    # the turns did real work: timers, receipts, stored turns and conversations accumulated
    # memory questions are answered (by code from the notes' structure, or after code's
    # first search); general ones are answered without research
    researched = report.stops["answered"] + report.stops["decisive"] + report.stops["matched"]
    assert researched >= 150 and report.stops["general"] >= 150
    assert report.stops["acted"] >= 300
    assert report.stops["asked"] >= 150 and report.stops["empty-transcript"] >= 50
    # every timer, alarm and reminder set is pending, each with its receipt
    assert report.store["timers"] >= 150 and report.store["alarms"] >= 200
    assert report.store["timers"] + report.store["alarms"] == report.store["receipts"]
    assert report.store["turns"] == researched + report.stops["general"]
    assert report.store["conversations"] > 50
    assert report.samples[-1].db_mb + report.samples[-1].wal_mb > 1.0
    assert growth_beyond_bounds(report) == [], "\n".join(
        f"turn {s.turn}: {s.rss_mb:.1f} MB, {s.fds} fds, {s.threads}/{s.os_threads} threads"
        for s in report.samples
    )


def _leaky_soak(path: str, out: Any) -> None:
    kept = []
    run = Pipeline.run

    def leaky(self, *args, **kwargs):
        result = run(self, *args, **kwargs)
        # a listener list that never lets go of a turn and 200 KB it holds (written, so the
        # pages are resident)
        kept.append((result, b"x" * 200_000))
        return result

    Pipeline.run = leaky  # type: ignore[method-assign]
    report = run_soak(Path(path), turns=100, every=5)
    out.put((len(kept), growth_beyond_bounds(report)))


def test_a_kept_reference_per_turn_breaks_the_rss_bound(tmp_path):
    kept, found = in_fresh_process(_leaky_soak, str(tmp_path))
    assert kept == 100
    assert len(found) == 1 and found[0].startswith("RSS grows"), found


def test_a_file_left_open_per_turn_breaks_the_fd_bound(tmp_path, monkeypatch):
    handles = []
    read_wav = bench_soak.read_wav

    def leaky(path):
        handles.append(open(path, "rb"))  # noqa: SIM115 (the leak under test)
        return read_wav(path)

    monkeypatch.setattr(bench_soak, "read_wav", leaky)
    try:
        report = run_soak(tmp_path, turns=20, every=2)
    finally:
        for handle in handles:
            handle.close()
    assert [f for f in growth_beyond_bounds(report) if not f.startswith("RSS")] == [
        "fds grew by +10 after warm-up"
    ]


def test_a_thread_left_running_per_turn_breaks_the_thread_bound(tmp_path, monkeypatch):
    done = threading.Event()
    run = Pipeline.run

    def leaky(self, *args, **kwargs):
        threading.Thread(target=done.wait, daemon=True).start()
        return run(self, *args, **kwargs)

    monkeypatch.setattr(Pipeline, "run", leaky)
    try:
        report = run_soak(tmp_path, turns=20, every=5)
    finally:
        done.set()
    assert [f for f in growth_beyond_bounds(report) if not f.startswith("RSS")] == [
        "threads grew by +10 after warm-up",
        "os_threads grew by +10 after warm-up",
    ]


def test_a_short_soak_still_reports(tmp_path):
    report = run_soak(tmp_path, turns=3, every=2)
    assert [s.turn for s in report.samples] == [0, 2, 3]
    assert bench_soak.summary(report)[0].startswith("turns: 3 in ")
    with pytest.raises(AssistantError, match="at least one turn"):
        run_soak(tmp_path / "none", turns=0, every=1)
