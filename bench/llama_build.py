"""``voice-assistant bench --suite llama-build [--python OTHER/bin/python …]``: the
installed llama.cpp build's speed, beside other builds.

Each interpreter runs ``bench.llama_speed`` in a process of its own (the default model,
``llm.llama_cpp.threads``): a prompt of 512 tokens evaluated from an empty cache, then 64 tokens
written one at a time, medians over ``--runs``. To compare the portable build with a
native one, make the native one in an environment of its own first:
``python3 -m venv /tmp/native && VENV=/tmp/native LLAMA_BUILD=native scripts/install-llama.sh``.
"""

from __future__ import annotations

import json
import subprocess
import sys

from bench.corpus import CHECKOUT
from voice_assistant import modelstore
from voice_assistant.config import Settings
from voice_assistant.llm.llama_build import build_features, read_cpu_features


def run_llama_build_bench(settings: Settings, runs: int, others: list[str]) -> int:
    model = modelstore.resolve(settings, "models.llm")
    threads = settings.llm.llama_cpp.threads
    print(
        f"# voice-assistant bench --suite llama-build: {settings.models.llm}, {threads} "
        f"threads, medians of {runs} runs; this CPU: {' '.join(sorted(read_cpu_features()))}"
    )
    print(f"{'build':<26} {'prompt tok/s':>12} {'written tok/s':>13}  instruction sets; python")
    failed = 0
    for python in [sys.executable, *others]:
        done = subprocess.run(
            [python, "-m", "bench.llama_speed", str(model), str(threads), str(runs)],
            cwd=CHECKOUT,
            capture_output=True,
            text=True,
            timeout=1800,
        )
        if done.returncode != 0:
            failed += 1
            print(f"{'(failed)':<26} exit {done.returncode}: {done.stderr.strip()[-300:]}")
            continue
        row = json.loads(done.stdout.splitlines()[-1])
        features = " ".join(sorted(build_features(row["system_info"])))
        print(
            f"{row['build']:<26} {row['prompt_tps']:>12.1f} {row['written_tps']:>13.1f}  "
            f"{features}; {python}"
        )
        print(f"{'':<26} runs: prompt {row['prompt_tps_runs']}, written {row['written_tps_runs']}")
    return 1 if failed else 0
