"""The installed engines as set-up left them: llama.cpp built for the instruction sets the
install step chose (never the build machine's own), and every engine making a real call
in a process of its own (``voice-assistant doctor``)."""

from __future__ import annotations

import platform
import subprocess
import sys

import llama_cpp
import pytest

from voice_assistant.llm import llama_build

pytestmark = pytest.mark.integration


def test_llama_cpp_is_the_build_the_install_step_chose():
    build = llama_build.installed_build()
    assert build is not None, (
        f"{sys.prefix}/{llama_build.STAMP} is missing: llama-cpp-python was not installed by "
        "scripts/install-llama.sh (run make setup)"
    )
    info = llama_cpp.llama_print_system_info().decode()
    features = llama_build.build_features(info)
    if build.portable and platform.machine() == "x86_64":
        assert build.tag == "portable-x86-64-v3"
        assert features == llama_build.PORTABLE_X86, info  # no AMX, no AVX-512, no VNNI
    else:  # asked for (LLAMA_BUILD=native): at least nothing this CPU lacks
        cpu = llama_build.read_cpu_features()
        assert llama_build.beyond_portable(features) <= cpu, (info, cpu)
    assert build.version == llama_cpp.__version__


def test_doctor_makes_a_real_call_to_every_installed_engine():
    done = subprocess.run(
        [sys.executable, "-m", "voice_assistant", "doctor", "--installed"],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    rows = {line.split()[0]: line for line in done.stdout.splitlines()[1:]}
    assert set(rows) == {"llm", "stt", "tts", "wake", "embed", "turn-end", "parser"}, done.stdout
    assert all(" ok " in row for row in rows.values()), done.stdout
    assert "capital of australia" in rows["stt"].lower()  # whisper heard the probe clip
    assert "tokens written" in rows["llm"]
    assert "hey_jarvis" in rows["wake"]
