"""onnxruntime's session options for an engine the daemon keeps loaded for days.

onnxruntime's CPU memory arena keeps the buffers of the largest run for the session's
life: after a long sentence for piper, after the first pause for Smart Turn, after a
batch of notes for MiniLM (about 35 to 120 MB each, measured). Without it a run's buffers
are freed to the C heap, which the worker gives back at rest (``heap``); each run takes
as long (measured on piper, Smart Turn and MiniLM).

A quantized model's fused int8 kernels clip their sums on an x86-64 CPU without VNNI, so
there its Quantize/Dequantize pairs are left unfused (``exact_int8``).
"""

from __future__ import annotations

import platform
from functools import cache
from pathlib import Path
from typing import Any

from voice_assistant.cpu import CPUINFO, read_cpu_features


def without_arena(threads: int = 0) -> Any:
    """Session options with no CPU memory arena (``threads``: intra-op, 0 = onnxruntime's
    choice; one inter-op thread)."""
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.enable_cpu_mem_arena = False
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    return options


@cache
def int8_sums_saturate(cpuinfo: Path = CPUINFO) -> bool:
    """Whether onnxruntime's fused int8 kernels may saturate their sums here: on x86-64
    without VNNI (``avx512_vnni`` or ``avx_vnni``) they multiply with ``vpmaddubsw``,
    whose 16-bit sums clip. A quantized model then scores differently from one CPU to
    the next (``end_of_turn.smart_turn``)."""
    if platform.machine().lower() not in ("x86_64", "amd64"):
        return False
    return not {"AVX512_VNNI", "AVX_VNNI"} & read_cpu_features(cpuinfo)  # unread: exact


def exact_int8(options: Any) -> Any:
    """``options``, with the quantized model's Quantize/Dequantize pairs left unfused where
    ``int8_sums_saturate``: the quantized values are multiplied in f32, exactly. It costs
    about 46 MB more for Smart Turn (its weights held as f32), so only where needed."""
    if int8_sums_saturate():
        options.add_session_config_entry("session.disable_quant_qdq", "1")
    return options
