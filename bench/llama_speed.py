"""One interpreter's llama.cpp build, timed: prompt tokens/s and written tokens/s.

    python -m bench.llama_speed MODEL.gguf THREADS RUNS   (from the checkout)

Imports only llama-cpp-python and numpy, so it also runs in a bare environment holding
another build (``VENV=/tmp/native LLAMA_BUILD=native scripts/install-llama.sh``). Prints one
JSON object: the build's record and system info, and the median of each figure.
``bench --suite llama-build`` runs it in this environment and in others side by side.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

import numpy as np

PROMPT_TOKENS = 512
WRITTEN = 64
TEXT = (
    "The car is booked in at the garage on the fourth of April for its annual service and "
    "brake check, and the winter tyres come off then too. The dentist moved the check-up to "
    "Thursday the twentieth of March at half past nine. We keep the transaction gateway on "
    "the old queue until the March release, and Priya owns the project. "
)


def measure(model: str, threads: int, runs: int) -> dict[str, object]:
    import llama_cpp

    llama = llama_cpp.Llama(
        model_path=model, n_ctx=2048, n_batch=512, n_threads=threads, verbose=False
    )
    tokens = llama.tokenize((TEXT * 20).encode(), add_bos=True)[:PROMPT_TOKENS]
    n_vocab = llama.n_vocab()
    prompt_tps, written_tps = [], []
    for _ in range(runs + 1):  # the first run allocates: not counted
        llama.reset()
        started = time.perf_counter()
        llama.eval(tokens)
        prompt_s = time.perf_counter() - started
        started = time.perf_counter()
        for _ in range(WRITTEN):
            logits = np.ctypeslib.as_array(llama._ctx.get_logits_ith(-1), shape=(n_vocab,))
            llama.eval([int(np.argmax(logits))])
        written_s = time.perf_counter() - started
        prompt_tps.append(len(tokens) / prompt_s)
        written_tps.append(WRITTEN / written_s)
    try:
        stamp = (Path(sys.prefix) / ".llama-build").read_text().split()
        build = stamp[2] if len(stamp) > 2 else "unrecorded"
    except OSError:
        build = "unrecorded"
    return {
        "python": sys.executable,
        "build": build,
        "system_info": llama_cpp.llama_print_system_info().decode().strip(),
        "prompt_tokens": len(tokens),
        "written_tokens": WRITTEN,
        "prompt_tps": statistics.median(prompt_tps[1:]),
        "written_tps": statistics.median(written_tps[1:]),
        "prompt_tps_runs": [round(x, 1) for x in prompt_tps[1:]],
        "written_tps_runs": [round(x, 1) for x in written_tps[1:]],
    }


if __name__ == "__main__":
    model, threads, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    print(json.dumps(measure(model, threads, runs)))
