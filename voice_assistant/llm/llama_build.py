"""What llama.cpp was built for, against what this CPU has.

``scripts/install-llama.sh`` builds llama-cpp-python for x86-64-v3 (AVX2, FMA, F16C, BMI2)
whatever machine compiles it, and records the build in the venv (``.llama-build``): a build
for the compiling machine's own instruction sets (pip's default) crashed on Intel Xeons
with AMX. These pure functions read the build's and the CPU's instruction sets, so the
check after install, ``voice-assistant doctor`` and the tests say the same thing.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from voice_assistant.cpu import CPU_FLAGS, cpu_features, read_cpu_features

__all__ = ["CPU_FLAGS", "cpu_features", "read_cpu_features"]  # the CPU's side, from ``cpu``

PORTABLE_X86 = frozenset({"SSE3", "SSSE3", "AVX", "AVX2", "F16C", "FMA", "BMI2"})
"""The instruction sets ``llama_print_system_info()`` shows for the portable x86-64 build."""
INSTRUCTION_SETS = PORTABLE_X86 | {
    "AVX_VNNI",
    "AVX512",
    "AVX512_VBMI",
    "AVX512_VNNI",
    "AVX512_BF16",
    "AMX_INT8",
}
"""Every x86 instruction set the system info can name (the rest are features: OPENMP, …)."""
STAMP = ".llama-build"
REBUILD = "LLAMA_BUILD=portable scripts/install-llama.sh"
"""The fix for a build that crashes here, run from the checkout."""


@dataclass(frozen=True)
class Build:
    """A venv's record of its llama-cpp-python build (``scripts/install-llama.sh``)."""

    version: str
    tag: str
    """``portable-x86-64-v3``, ``portable-<arch>`` or ``native-<cpu hash>``."""
    cmake_args: str

    @property
    def portable(self) -> bool:
        return self.tag.startswith("portable")


def parse_stamp(text: str) -> Build | None:
    """``llama-cpp-python VERSION TAG CMAKE_ARGS…`` as the install script writes it."""
    parts = text.split(maxsplit=3)
    if len(parts) < 3 or parts[0] != "llama-cpp-python":
        return None
    return Build(parts[1], parts[2], parts[3].strip() if len(parts) == 4 else "")


def installed_build(prefix: str = sys.prefix) -> Build | None:
    """The build this environment holds, or None when nothing recorded it (a plain
    ``pip install``, which builds for the machine it runs on)."""
    try:
        return parse_stamp((Path(prefix) / STAMP).read_text())
    except OSError:
        return None


def build_features(system_info: str) -> frozenset[str]:
    """The instruction sets a build uses, from ``llama_print_system_info()``
    (``CPU : SSE3 = 1 | AVX = 1 | … | OPENMP = 1 |``)."""
    found = set()
    for item in system_info.split("|"):
        name, _, value = item.rpartition(":")[2].partition("=")
        if value.strip() == "1" and name.strip() in INSTRUCTION_SETS:
            found.add(name.strip())
    return frozenset(found)


def beyond_portable(features: frozenset[str]) -> frozenset[str]:
    """Instruction sets a build uses that the portable build leaves out (AMX, AVX-512…)."""
    return features - PORTABLE_X86


def crash_advice(build: Build | None, cpu: frozenset[str], built: frozenset[str]) -> str:
    """What to tell a user whose llama.cpp crashed on a real decode."""
    names = " ".join(sorted(cpu)) or "unknown"
    used = " ".join(sorted(built)) or "unknown"
    if build is not None and build.portable and not beyond_portable(built):
        fix = (
            "the build is already the portable one; please report this with the CPU "
            "flags above (LLAMA_BUILD=native scripts/install-llama.sh builds for this CPU "
            "alone, which may help)"
        )
    else:
        what = "a native build" if build else "a build not made by scripts/install-llama.sh"
        fix = f"this is {what}; rebuild it portably (AVX2 only): {REBUILD}"
    return (
        f"llama.cpp crashed on a real decode. This CPU has: {names}; the build uses: {used}. "
        f"Builds for a CPU's own instruction sets (AMX above all) have crashed this way. Fix: "
        f"{fix}"
    )
