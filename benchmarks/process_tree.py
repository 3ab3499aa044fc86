"""Time a command and sample the resident memory of its whole process tree (the parent and every worker).

Peak memory is the largest sum over the tree seen by a 20 ms sampler (psutil when installed, else
/proc): a build's parent and its workers hold memory at the same time, so the largest single
process (`ru_maxrss`) understates what the machine needs.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import tempfile
import threading
import time
from pathlib import Path


def _children() -> dict[int, list[int]]:
    """Parent pid -> child pids, from /proc."""
    tree: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        tree.setdefault(int(fields[1]), []).append(int(entry.name))
    return tree


def _rss_bytes(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm", "rb") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0


def tree_rss(root: int) -> int:
    """Total resident memory of `root` and all its descendants right now (psutil if installed)."""
    try:
        import psutil
    except ImportError:
        tree, total, todo = _children(), 0, [root]
        while todo:
            pid = todo.pop()
            total += _rss_bytes(pid)
            todo += tree.get(pid, [])
        return total
    try:
        process = psutil.Process(root)
        members = [process, *process.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0
    total = 0
    for member in members:
        with contextlib.suppress(psutil.NoSuchProcess):
            total += member.memory_info().rss
    return total


def timed(
    command: list[str], cwd: Path, env: dict[str, str] | None = None, cpus: set[int] | None = None
) -> tuple[float, float, float]:
    """Run `command` in `cwd`: wall seconds, CPU seconds and peak total RSS (MiB) of its process tree.

    CPU time (user + system of the process and the workers it waited for) moves
    less than wall time when other people's work shares the cores. `cpus` pins the
    process tree to those cores (a per-core comparison: no side borrows another core).
    """
    pin = None if cpus is None else (lambda: os.sched_setaffinity(0, cpus))
    peak = 0
    with tempfile.TemporaryFile() as errors:
        started = time.perf_counter()
        process = subprocess.Popen(
            command, cwd=cwd, env=env, preexec_fn=pin, stdout=subprocess.DEVNULL, stderr=errors
        )
        done = threading.Event()

        def sample() -> None:
            nonlocal peak
            while not done.wait(0.02):
                peak = max(peak, tree_rss(process.pid))

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        done.set()
        sampler.join()
        if process.returncode != 0:
            errors.seek(0)
            message = errors.read().decode(errors="replace")[-2000:]
            raise SystemExit(f"{' '.join(command)} failed:\n{message}")
    return seconds, usage.ru_utime + usage.ru_stime, peak / 2**20
