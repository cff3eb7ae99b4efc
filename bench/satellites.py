"""``--suite satellites``: end of speech -> first reply audio through a real Wyoming
satellite (wyoming-satellite 1.0.0 on 127.0.0.1) against the daemon's own microphone (the
virtual PulseAudio rig), and how the figure moves as more satellites stream to one daemon.

For each count of satellites (``--satellites 1,2,4,8``) the daemon starts with that many
connected, every one streaming its microphone (silence) all the time; the first is asked
"Hey Jarvis. What is the capital of Australia?" ``--runs`` times after a warm-up turn.
Outside figure: the satellite's microphone wrote the recording's last sample -> its
speaker got the first byte of the reply (wall clock, two processes on this machine).
Inside figure: the turn's own ``first_audio`` (end of endpointing -> first audio sent).
With one satellite the same daemon's microphone is asked too (``bench --suite daemon``'s
device path: ``paplay`` returned -> first reply sound on the recorded speaker). The
satellites' own processes run on the same two cores (on a real network they would not).
"""

from __future__ import annotations

import contextlib
import json
import shutil
import statistics
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

import psutil

from bench.daemon import (
    WAKE_QUESTION,
    device_turn,
    environment,
    make_data_dir,
    start_daemon,
    stop_daemon,
)
from bench.peers import Satellite, wyoming_satellite
from tests.audio_rig import pulseaudio_rig
from tests.live_daemon import LiveDaemon

IDLE_S = 20.0


def connected(status: dict[str, Any]) -> bool:
    return status["state"] == "idle" and all(
        link["state"] == "connected" for link in status["satellites"].values()
    )


def satellite_turn(daemon: LiveDaemon, satellite: Satellite) -> dict[str, float]:
    """One question at ``satellite``: outside and inside first-audio times."""
    daemon.wait_for("the satellites idle", connected, timeout=180)
    before = len(list(satellite.snd.glob("reply-*.json")))
    turns = daemon.status()["satellites"][satellite.uri]["turns"]
    mark = satellite.say(WAKE_QUESTION)
    status = daemon.wait_for(
        "the satellite's turn",
        lambda s: s["satellites"][satellite.uri]["turns"] > turns,
        timeout=180,
    )
    deadline = time.monotonic() + 60
    while len(replies := sorted(satellite.snd.glob("reply-*.json"))) <= before or not mark.exists():
        if time.monotonic() > deadline:
            raise RuntimeError(f"no reply recorded at {satellite.snd}")
        time.sleep(0.2)
    turn = status["satellites"][satellite.uri]["last_turn"]
    if turn.get("error") or "canberra" not in (turn.get("reply") or "").lower():
        raise RuntimeError(f"the satellite turn went wrong: {turn}")
    ended = json.loads(mark.read_text())["ended"]
    first = json.loads(replies[-1].read_text())["first"]
    return {"external": first - ended, "first_audio": turn["timings"]["first_audio"]}


def idle_cpu(daemon: LiveDaemon, seconds: float) -> float:
    daemon.wait_for("the satellites idle", connected, timeout=180)
    time.sleep(3)
    process = psutil.Process(daemon.process.pid)
    before, t0 = process.cpu_times(), time.monotonic()
    time.sleep(seconds)
    after = process.cpu_times()
    busy = (after.user + after.system) - (before.user + before.system)
    return 100.0 * busy / (time.monotonic() - t0)


def one_count(rig: dict[str, str], folder: Path, data: Path, count: int, runs: int) -> dict:
    work = folder / f"{count}-satellites"
    work.mkdir()
    with contextlib.ExitStack() as stack:
        satellites = [
            stack.enter_context(wyoming_satellite(work / f"room{i}", f"room{i}"))
            for i in range(count)
        ]
        env = environment(rig, work, data)
        config = work / "config" / "voice-assistant" / "config.toml"
        uris = ", ".join(f'"{s.uri}"' for s in satellites)
        config.write_text(f"[wyoming]\nsatellites = [{uris}]\n")
        daemon = start_daemon(env, "both", work)
        try:
            satellite_turn(daemon, satellites[0])  # warm-up: the first turn is slower
            cpu = idle_cpu(daemon, IDLE_S)
            rows = [satellite_turn(daemon, satellites[0]) for _ in range(runs)]
            local = (
                [device_turn(daemon, work, str(run)) for run in range(runs)] if count == 1 else []
            )
        finally:
            stop_daemon(daemon)
    return {"count": count, "cpu": cpu, "rows": rows, "local": local}


def median(rows: list[dict[str, float]], key: str) -> float:
    return statistics.median(r[key] for r in rows)


def run_satellites_bench(runs: int, counts: list[int]) -> int:
    print(f"# voice-assistant bench --suite satellites --runs {runs}: counts {counts}")
    folder = Path(tempfile.mkdtemp(prefix="va-bench-satellites-"))
    ok = False
    try:
        data = make_data_dir(folder)
        results = []
        with pulseaudio_rig() as rig:
            for count in counts:
                results.append(one_count(rig, folder, data, count, runs))
                print(f"  {count} satellite(s): {results[-1]}", flush=True)
        base = median(results[0]["rows"], "first_audio")
        for r in results:
            if r["local"]:
                print(
                    f"  local microphone (with {r['count']} satellite): first audio inside "
                    f"{median(r['local'], 'first_audio'):.2f} s, outside "
                    f"{median(r['local'], 'external'):.2f} s"
                )
            inside = median(r["rows"], "first_audio")
            print(
                f"  {r['count']} satellite(s): first audio inside {inside:.2f} s "
                f"(x{inside / base:.2f}), outside {median(r['rows'], 'external'):.2f} s; "
                f"idle daemon CPU {r['cpu']:.1f} %"
            )
        ok = True
    except Exception:
        traceback.print_exc()
    finally:
        if ok:
            shutil.rmtree(folder, ignore_errors=True)
        else:
            print(f"\nwork folder kept: {folder}", flush=True)
    return 0 if ok else 1
