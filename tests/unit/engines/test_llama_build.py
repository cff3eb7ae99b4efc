"""Reading what llama.cpp was built for, and what a crash on a real decode tells the user."""

from __future__ import annotations

import signal
import subprocess
from pathlib import Path

from tests.paths import CHECKOUT
from voice_assistant.cli import doctor
from voice_assistant.cli.doctor import outcome
from voice_assistant.llm import llama_build
from voice_assistant.llm.llama_build import (
    PORTABLE_X86,
    Build,
    beyond_portable,
    build_features,
    cpu_features,
    crash_advice,
    parse_stamp,
)

PORTABLE_INFO = (
    "CPU : SSE3 = 1 | SSSE3 = 1 | AVX = 1 | AVX2 = 1 | F16C = 1 | FMA = 1 | BMI2 = 1 | "
    "LLAMAFILE = 1 | OPENMP = 1 | REPACK = 1 | "
)
AMX_INFO = (
    "CPU : SSE3 = 1 | SSSE3 = 1 | AVX = 1 | AVX_VNNI = 1 | AVX2 = 1 | F16C = 1 | FMA = 1 | "
    "BMI2 = 1 | AVX512 = 1 | AVX512_VBMI = 1 | AVX512_VNNI = 1 | AVX512_BF16 = 1 | "
    "AMX_INT8 = 1 | LLAMAFILE = 1 | OPENMP = 1 | REPACK = 1 | "
)
XEON_CPUINFO = (
    "processor\t: 0\nflags\t\t: fpu sse sse2 avx avx2 fma f16c bmi2 avx512f avx512_vnni "
    "avx512_bf16 amx_tile amx_int8 amx_bf16 avx_vnni\nprocessor\t: 1\nflags\t\t: fpu\n"
)
STAMP = (
    "llama-cpp-python 0.3.36 portable-x86-64-v3 -DGGML_NATIVE=OFF -DGGML_AVX2=ON "
    "-DGGML_AMX_INT8=OFF\n"
)


def test_the_system_info_names_the_instruction_sets_a_build_uses():
    assert build_features(PORTABLE_INFO) == PORTABLE_X86
    assert beyond_portable(build_features(PORTABLE_INFO)) == frozenset()
    amx = build_features(AMX_INFO)
    assert {"AMX_INT8", "AVX512", "AVX_VNNI"} <= amx
    assert "OPENMP" not in amx and "LLAMAFILE" not in amx  # features, not instruction sets
    assert beyond_portable(amx) >= {"AMX_INT8", "AVX512"}
    assert build_features("") == frozenset()


def test_the_cpu_flags_come_from_the_first_processor():
    assert cpu_features(XEON_CPUINFO) >= {"AMX_INT8", "AMX_TILE", "AVX512", "AVX2"}
    assert cpu_features("no flags here") == frozenset()


def test_the_install_script_s_stamp_reads_back():
    build = parse_stamp(STAMP)
    assert build == Build(
        "0.3.36", "portable-x86-64-v3", "-DGGML_NATIVE=OFF -DGGML_AVX2=ON -DGGML_AMX_INT8=OFF"
    )
    assert build.portable
    native = parse_stamp("llama-cpp-python 0.3.36 native-0123abcd -DGGML_NATIVE=ON")
    assert native is not None and not native.portable
    assert parse_stamp("") is None and parse_stamp("something else 1 2") is None


def test_the_install_script_names_every_instruction_set_it_builds_for():
    """The script's portable flags turn on exactly the sets the system-info test expects,
    and off every one beyond them: nothing is left to the build machine's detection."""
    script = (CHECKOUT / "scripts" / "install-llama.sh").read_text()
    for name in ("SSE42", "AVX", "AVX2", "BMI2", "FMA", "F16C"):
        assert f"-DGGML_{name}=ON" in script
    for name in ("AVX_VNNI", "AVX512", "AVX512_VBMI", "AVX512_VNNI", "AVX512_BF16"):
        assert f"-DGGML_{name}=OFF" in script
    for name in ("AMX_TILE", "AMX_INT8", "AMX_BF16"):
        assert f"-DGGML_{name}=OFF" in script
    assert "-DGGML_NATIVE=OFF" in script


def test_a_crash_names_the_cpu_the_build_and_the_fix():
    cpu = cpu_features(XEON_CPUINFO)
    native = parse_stamp("llama-cpp-python 0.3.36 native-0123abcd -DGGML_NATIVE=ON")
    advice = crash_advice(native, cpu, build_features(AMX_INFO))
    assert "AMX_INT8" in advice and "AVX512" in advice  # what the CPU has and the build uses
    assert llama_build.REBUILD in advice and "native build" in advice
    unrecorded = crash_advice(None, cpu, build_features(AMX_INFO))
    assert (
        "not made by scripts/install-llama.sh" in unrecorded and llama_build.REBUILD in unrecorded
    )
    portable = crash_advice(parse_stamp(STAMP), cpu, build_features(PORTABLE_INFO))
    assert "already the portable one" in portable and "report" in portable


def test_a_probe_that_crashes_is_reported_with_the_advice(monkeypatch):
    monkeypatch.setattr(llama_build, "installed_build", lambda: None)
    monkeypatch.setattr(llama_build, "read_cpu_features", lambda: cpu_features(XEON_CPUINFO))
    out = f"info: llama.cpp build unrecorded; system info: {AMX_INFO}\n"
    probe = outcome("llm", "llama.cpp", -signal.SIGSEGV, out)
    assert not probe.ok
    assert probe.result.startswith("crashed (SIGSEGV)")
    assert "AMX_INT8" in probe.result and llama_build.REBUILD in probe.result
    whisper = outcome("stt", "faster-whisper", -signal.SIGSEGV, "")
    assert whisper.result == "crashed (SIGSEGV)"  # no llama.cpp advice for another engine


def test_a_probe_s_own_verdict_is_kept():
    assert outcome("tts", "piper", 0, "info: x\nok: 1.2 s of speech\n").ok
    failed = outcome("wake", "openwakeword", 1, "failed: did not hear the wake word\n")
    assert not failed.ok and failed.result == "did not hear the wake word"
    assert outcome("stt", "wyoming", 1, "").result == "exit code 1, no output"
    err = "Traceback …\nModuleNotFoundError: No module named 'piper'\n"
    assert outcome("tts", "piper", 1, "", err).result == (
        "exit code 1: ModuleNotFoundError: No module named 'piper'"
    )
    assert not outcome("stt", "whisper", 0, "info: only\n").ok  # no verdict is no success


def test_the_install_script_refuses_an_unknown_build(tmp_path: Path):
    done = subprocess.run(
        ["bash", str(CHECKOUT / "scripts" / "install-llama.sh")],
        env={"PATH": "/usr/bin:/bin", "VENV": str(tmp_path), "LLAMA_BUILD": "fastest"},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and "portable or native" in done.stderr


def test_a_child_killed_by_a_signal_is_a_crash_not_a_hang(tmp_path, monkeypatch):
    """A probe that segfaults (as llama.cpp built with AMX did) ends its own process only."""
    (tmp_path / "crashing_probe.py").write_text(
        "import os, signal, sys\n"
        f"print('info: llama.cpp build native-0; system info: {AMX_INFO}', flush=True)\n"
        "os.kill(os.getpid(), signal.SIGSEGV)\n"
    )
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    monkeypatch.setattr(doctor, "PROBE", "crashing_probe")
    monkeypatch.setattr(llama_build, "installed_build", lambda: None)
    probe = doctor.run_probe("llm", "llama.cpp", installed=True, config=None)
    assert not probe.ok and probe.result.startswith("crashed (SIGSEGV)")
    assert "AMX_INT8" in probe.result  # the build's instruction sets, read before the crash
