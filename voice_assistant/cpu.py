"""This CPU's notable instruction sets, from ``/proc/cpuinfo``: what llama.cpp's build
is checked against (``llm.llama_build``), and whether onnxruntime's int8 kernels clip
(``onnx_options``)."""

from __future__ import annotations

from pathlib import Path

CPUINFO = Path("/proc/cpuinfo")
CPU_FLAGS = {
    "avx2": "AVX2",
    "fma": "FMA",
    "f16c": "F16C",
    "bmi2": "BMI2",
    "avx_vnni": "AVX_VNNI",
    "avx512f": "AVX512",
    "avx512_vbmi": "AVX512_VBMI",
    "avx512_vnni": "AVX512_VNNI",
    "avx512_bf16": "AVX512_BF16",
    "amx_tile": "AMX_TILE",
    "amx_int8": "AMX_INT8",
    "amx_bf16": "AMX_BF16",
}
"""``/proc/cpuinfo`` flags worth naming, by the name llama.cpp gives them."""


def cpu_features(cpuinfo: str) -> frozenset[str]:
    """The notable instruction sets of this CPU, from ``/proc/cpuinfo``'s first ``flags``."""
    for line in cpuinfo.splitlines():
        if line.startswith("flags"):
            flags = set(line.partition(":")[2].split())
            return frozenset(name for flag, name in CPU_FLAGS.items() if flag in flags)
    return frozenset()


def read_cpu_features(cpuinfo: Path = CPUINFO) -> frozenset[str]:
    """This CPU's notable instruction sets; none when ``cpuinfo`` cannot be read."""
    try:
        return cpu_features(cpuinfo.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return frozenset()
