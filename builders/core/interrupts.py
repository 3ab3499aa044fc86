"""Ctrl-C (or SIGTERM) while a command starts up: one line and exit status 130, never a traceback.

`python -m builders` and `python -m eval` spend their first second importing pyarrow, `datasets`
and the families; an interrupt there would print a long traceback from deep inside some import.
Their `__main__` modules call `exit_on_interrupt` before importing anything heavy. Once a command's
`main` has parsed its arguments it calls `raise_on_interrupt`, and catches the KeyboardInterrupt
to clean up and say what was (not) written; `__main__` ends the process with `exit_with`. Worker
processes call `quiet_worker`: they leave interrupts to the parent and end with it, silently. This
module imports nothing heavy, on purpose.
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import sys
import threading
from collections.abc import Iterator
from typing import NoReturn

EXIT_INTERRUPTED = 130


def exit_on_interrupt(message: str) -> None:
    """From now on SIGINT and SIGTERM print `error: <message>` and end the process with status 130."""

    def _exit(signum: int, frame: object) -> None:
        sys.stderr.write(f"error: {message}\n")
        sys.stderr.flush()
        os._exit(EXIT_INTERRUPTED)  # nothing to clean up yet; do not unwind through half-done imports

    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, _exit)


def raise_on_interrupt() -> None:
    """From now on SIGINT and SIGTERM raise KeyboardInterrupt, for the command to clean up and report."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _raise_keyboard_interrupt)


def _raise_keyboard_interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """SIGINT and SIGTERM wait until the block is over, then act as they would have."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set handlers; it is also the only one that receives them
        return
    held: list[int] = []
    previous = {
        signum: signal.signal(signum, lambda received, frame: held.append(received))
        for signum in (signal.SIGINT, signal.SIGTERM)
    }
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)
        if held:
            signal.raise_signal(held[0])


def exit_with(code: int) -> NoReturn:
    """End the process with `code`; an interrupted run (130) ends at once, its output flushed.

    CPython 3.11 sometimes ends a process whose KeyboardInterrupt was caught and reported by
    killing it with SIGINT at exit (status -2 instead of 130); `os._exit` keeps the status.
    """
    if code == EXIT_INTERRUPTED:
        gc.collect()  # a terminated pool's semaphores are released (else `resource_tracker` warns of a leak)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)


#: `prctl(PR_SET_PDEATHSIG, ...)`: the signal Linux sends a process when its parent ends.
_PR_SET_PDEATHSIG = 1


def quiet_worker() -> None:
    """In a pool worker: ignore Ctrl-C (the parent handles it and ends the pool) and end, silently,
    when the parent does, even killed (else each worker prints a BrokenPipeError traceback)."""
    import ctypes
    import multiprocessing

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    parent = multiprocessing.parent_process()
    if parent is not None and os.getppid() != parent.pid:  # the parent ended before we asked
        os._exit(0)
