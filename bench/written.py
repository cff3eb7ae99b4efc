"""``voice-assistant bench --suite written``: a written answer as a user asks for one.

``voice-assistant ask "What did we decide about the transaction gateway?"`` (the demo's
question) in a fresh process and a new conversation each run, over a store of the demo
memories: the wall time
of the whole command (models loaded, research, the answer, Sources), the calls it made as
``ask`` reports them, and the process's peak RSS.
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.corpus import DEMO_MEMORIES

QUESTION = "What did we decide about the transaction gateway?"
CALL = re.compile(r"^\s+(\w+): (\d+) prompt \+ (\d+) completion tokens in ([\d.]+)s", re.M)


def timed_ask(env: dict[str, str], folder: Path) -> dict[str, float]:
    """One ``ask`` in a fresh process: wall seconds, peak RSS (MB) and its calls."""
    out_path, err_path = folder / "ask.out", folder / "ask.err"
    with out_path.open("w") as out, err_path.open("w") as err:
        started = time.monotonic()
        process = subprocess.Popen(
            [sys.executable, "-m", "voice_assistant", "ask", QUESTION],
            env=env,
            stdout=out,
            stderr=err,
        )
        _, status, usage = os.wait4(process.pid, 0)  # reaped here, with its own rusage
        wall = time.monotonic() - started
    stdout, stderr = out_path.read_text(), err_path.read_text()
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"ask failed ({status}): {stderr.strip()[-500:]}")
    calls = {task: (int(p), int(c), float(s)) for task, p, c, s in CALL.findall(stderr)}
    answer = calls.get("answer_written", (0, 0, 0.0))
    return {
        "wall_s": wall,
        "answer_prompt": answer[0],
        "answer_written": answer[1],
        "answer_s": answer[2],
        "research_call": float("research" in calls),
        "calls": float(len(calls)),
        "rss_mb": usage.ru_maxrss / 1024,
        "sources": float("Sources:" in stdout),
    }


def run_written_bench(runs: int) -> int:
    with tempfile.TemporaryDirectory(prefix="va-written-") as data:
        env = {
            **os.environ,
            "VOICE_ASSISTANT__PATHS__DATA_DIR": data,
            # each ask a new conversation, as a user asking once: no earlier answer in it
            "VOICE_ASSISTANT__RESEARCH__CONVERSATION_IDLE_S": "1",
        }
        subprocess.run(
            [sys.executable, "-m", "voice_assistant", "memory", "import", str(DEMO_MEMORIES)],
            env=env,
            check=True,
            capture_output=True,
        )
        rows = []
        for run in range(runs):
            rows.append(timed_ask(env, Path(data)))
            print(f"run {run + 1}: {rows[-1]}", flush=True)
    print(f'# voice-assistant bench --suite written: ask "{QUESTION}", {runs} fresh processes')

    def med(key: str) -> float:
        return statistics.median(r[key] for r in rows)

    print(f"  wall time, median              {med('wall_s'):.2f} s")
    print(
        f"  the answer call                {med('answer_prompt'):.0f} prompt + "
        f"{med('answer_written'):.0f} written tokens in {med('answer_s'):.2f} s"
    )
    print(f"  turns with a research call     {sum(r['research_call'] > 0 for r in rows)} of {runs}")
    print(f"  model calls, median            {med('calls'):.0f}")
    print(f"  peak RSS, median               {med('rss_mb'):.0f} MB")
    print(f"  replies with a Sources list    {sum(r['sources'] > 0 for r in rows)} of {runs}")
    return 0
