"""onnxruntime's session options for an engine the daemon keeps loaded for days.

onnxruntime's CPU memory arena keeps the buffers of the largest run for the session's
life: after a long sentence for piper, after the first pause for Smart Turn, after a
batch of notes for MiniLM (about 35 to 120 MB each, measured). Without it a run's buffers
are freed to the C heap, which the worker gives back at rest (``heap``); each run takes
as long (measured on piper, Smart Turn and MiniLM).
"""

from __future__ import annotations

from typing import Any


def without_arena(threads: int = 0) -> Any:
    """Session options with no CPU memory arena (``threads``: intra-op, 0 = onnxruntime's
    choice; one inter-op thread)."""
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.enable_cpu_mem_arena = False
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    return options
