"""Keep glibc from handing image-sized buffers back to the kernel after every image.

Each image passes through buffers of 0.2-5 MB (resvg's PNG, the inflated rows, the
pixels, our PNG). By default glibc serves blocks that large with `mmap` and unmaps
them when freed, or trims the top of the heap back to the kernel, so every image
paid the page faults of fresh memory again: a quarter of a one-worker Cornsweet
Case 1 build was kernel time. Raising the two thresholds keeps those buffers on the
heap for the next image; peak memory stays what it was (benchmarks/RASTER.md).
Pixels and bytes do not depend on it. Off glibc (macOS, Windows, musl) nothing changes.
"""

from __future__ import annotations

import ctypes
import sys

#: glibc's `mallopt` parameter numbers (malloc.h).
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3
#: Free memory at the top of the heap kept before trimming, and the size from which blocks are mmapped.
TRIM_THRESHOLD = 64 * 2**20
MMAP_THRESHOLD = 32 * 2**20


def keep_freed_memory() -> bool:
    """Raise glibc's trim and mmap thresholds for this process; True if the allocator took them."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    return bool(mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD)) and bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))
