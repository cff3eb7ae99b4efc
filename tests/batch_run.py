"""``voice-assistant batch`` on two demo questions as a process, with settings from the
environment (e.g. a remote engine), and its report rows by file name."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.paths import CHECKOUT, DEMO

FILES = (DEMO / "dentist.wav", DEMO / "capital.wav")


def run_batch(
    env: dict[str, str], out: Path
) -> tuple[subprocess.CompletedProcess[str], dict[str, dict]]:
    done = subprocess.run(
        [sys.executable, "-m", "voice_assistant", "batch", *map(str, FILES), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, **env},
        cwd=CHECKOUT,
    )
    report = out / "report.jsonl"
    rows = map(json.loads, report.read_text().splitlines()) if report.exists() else []
    return done, {os.path.basename(row["file"]): row for row in rows}
