"""Worker process pools for drawing and decoding: sized to the work, started and ended cleanly.

A pool never has more workers than there is work or cores (an idle worker costs start-up time and
memory). It is started with SIGINT and SIGTERM held, so an interrupt never finds it half-built (its
threads and semaphores would outlive the command and `resource_tracker` would warn of a leak), and
it is terminated however the block ends. Its workers ignore Ctrl-C and end with their parent
(`interrupts.quiet_worker`).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import sys
from collections.abc import Callable, Iterator
from multiprocessing.pool import Pool
from typing import Any

from builders.core.interrupts import interrupts_held, quiet_worker
from builders.core.request import default_workers


def pool_size(requested: int | None, work: int, what: str = "images to draw") -> int:
    """Worker processes for `work` pieces of work: as many as asked (default: every core), but never
    more than the work or the cores. Capping below an explicit `--workers` is said on stderr."""
    cores = default_workers()
    size = max(1, min(cores if requested is None else requested, work, cores))
    if requested is not None and size < requested:
        print(
            f"note: --workers {requested} capped to {size} ({work} {what}, {cores} cores here)",
            file=sys.stderr,
        )
    return size


@contextlib.contextmanager
def worker_pool(
    size: int, initializer: Callable[..., None] = quiet_worker, initargs: tuple[Any, ...] = ()
) -> Iterator[Pool]:
    """A pool of `size` spawned workers (each running `initializer`, which must call `quiet_worker`)."""
    pool = None
    try:
        with interrupts_held():
            pool = multiprocessing.get_context("spawn").Pool(size, initializer=initializer, initargs=initargs)
        yield pool
        pool.close()
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
