"""What the C heap gives back at rest."""

import ctypes
import ctypes.util
import platform

import psutil
import pytest

from voice_assistant import heap


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="malloc_trim is glibc's")
def test_freed_heap_pages_go_back_to_the_system():
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    libc.malloc.restype = ctypes.c_void_p
    libc.free.argtypes = [ctypes.c_void_p]
    blocks = [libc.malloc(64 * 1024) for _ in range(2000)]  # 125 MiB under the mmap threshold
    for block in blocks:
        ctypes.memset(block, 1, 64 * 1024)
    for block in blocks[:-1]:  # the last one keeps the top: free() alone cannot shrink it
        libc.free(block)
    held = psutil.Process().memory_info().rss
    assert heap.give_back()
    assert held - psutil.Process().memory_info().rss > 80 * 2**20
    libc.free(blocks[-1])


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="mallopt is glibc's")
def test_glibc_takes_the_arena_limit():
    assert heap.fewer_arenas()
    assert not heap._glibc("no_such_function")
