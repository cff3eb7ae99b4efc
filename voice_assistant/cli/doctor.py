"""``voice-assistant doctor``: one real call to every engine, each in a child process.

A native library built for the wrong CPU does not fail on import; it kills the process on
its first real work (llama.cpp built with AMX segfaulted on any prompt of two tokens or
more). So each engine runs in a process of its own (``engine_probe``), and a crash
becomes a line that says which engine, what the CPU has, what the build uses and the fix.
Set-up runs ``doctor --installed`` before it says it is done.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from voice_assistant.cli.console import EXIT_FAILED, progress
from voice_assistant.cli.engine_probe import KINDS, backend_of
from voice_assistant.config import Settings
from voice_assistant.llm import llama_build

PROBE = "voice_assistant.cli.engine_probe"
"""The module each child runs (``python -m``)."""
TIMEOUT_S = 600.0
"""A probe loads one model and makes one call: seconds, even on a loaded machine."""


@dataclass(frozen=True)
class Probe:
    kind: str
    backend: str
    ok: bool
    result: str


def outcome(kind: str, backend: str, returncode: int, stdout: str, stderr: str = "") -> Probe:
    """What a probe's exit and output say (a pure function: the crash advice is tested)."""
    lines = [line for line in stdout.splitlines() if line.strip()]
    last = lines[-1] if lines else ""
    if returncode == 0 and last.startswith("ok: "):
        return Probe(kind, backend, True, last.removeprefix("ok: "))
    if returncode >= 0:
        if last.startswith("failed: "):
            return Probe(kind, backend, False, last.removeprefix("failed: "))
        said = [line for line in stderr.splitlines() if line.strip()]
        reason = f"exit code {returncode}" + (f": {said[-1].strip()}" if said else ", no output")
        return Probe(kind, backend, False, reason)
    try:
        name = signal.Signals(-returncode).name
    except ValueError:
        name = f"signal {-returncode}"
    result = f"crashed ({name})"
    if kind == "llm" and backend == "llama.cpp":
        info = next((line for line in lines if line.startswith("info: llama.cpp")), "")
        built = llama_build.build_features(info.partition("system info:")[2])
        advice = llama_build.crash_advice(
            llama_build.installed_build(), llama_build.read_cpu_features(), built
        )
        result += f". {advice}"
    return Probe(kind, backend, False, result)


def run_probe(kind: str, backend: str, installed: bool, config: Path | None) -> Probe:
    command = [sys.executable, "-m", PROBE, kind]
    command += ["--installed"] if installed else []
    command += ["--config", str(config)] if config else []
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return Probe(kind, backend, False, f"no answer in {TIMEOUT_S:.0f} s")
    return outcome(kind, backend, done.returncode, done.stdout, done.stderr)


def doctor(settings: Settings, installed: bool, config: Path | None) -> int:
    """Probe each engine in turn (never two at once: they share the cores); exit 1 if any
    failed."""
    kinds = [k for k in KINDS if k != "embed" or installed or settings.research.semantic_search]
    print(f"{'engine':<8} {'backend':<15} result")
    failed = 0
    for kind in kinds:
        backend = backend_of(settings, kind, installed)
        progress(f"checking {kind} ({backend})…")
        probe = run_probe(kind, backend, installed, config)
        failed += not probe.ok
        print(f"{kind:<8} {backend:<15} {'ok' if probe.ok else 'FAILED'}  {probe.result}")
    return EXIT_FAILED if failed else 0
