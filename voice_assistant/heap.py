"""Keep the C heap small in a process that runs for days.

glibc keeps memory a native engine frees (whisper's buffers, a parse, a prompt's
evaluation) for its next allocation, so the daemon stays as large as its largest turn:
``give_back`` returns what is free (``malloc_trim``); the next turn faults back only what
it uses. And glibc gives each thread that allocates beside another an arena of its own (up
to eight per core), whose free pages sit apart: ``fewer_arenas`` has the daemon's threads
share two. Elsewhere than glibc both do nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
from collections.abc import Callable

M_ARENA_MAX = -8
"""glibc's ``mallopt`` parameter for the most arenas."""
ARENAS = 2


@functools.cache
def _glibc(function: str) -> Callable[..., int] | None:
    name = ctypes.util.find_library("c")
    try:
        return getattr(ctypes.CDLL(name), function) if name else None
    except (OSError, AttributeError):  # not glibc
        return None


def give_back() -> bool:
    """Return the heap's free pages to the system; True if glibc released any."""
    trim = _glibc("malloc_trim")
    return bool(trim(0)) if trim is not None else False


def fewer_arenas(arenas: int = ARENAS) -> bool:
    """At most ``arenas`` malloc arenas from now on (call it before the threads start);
    True if glibc took it."""
    mallopt = _glibc("mallopt")
    return bool(mallopt(M_ARENA_MAX, arenas)) if mallopt is not None else False
