"""Atomic outputs: one writer at a time, and a folder or file is replaced only by a complete one.

- `locked(final)`: an exclusive lock on `final`, a `.NAME.lock` file beside it held with `flock`
  (so the kernel releases it however its holder exits, even killed). The file names its holder's
  pid and command line; a second writer is refused with them, never left to race the first.
- `reading(final)`: a shared lock on the same file, for readers such as `verify` and `upload.py`:
  any number of them at once, never while a writer swaps the folder under them.
- `staged(final)`: takes the lock, repairs what a killed run left (`recover`), and yields an empty
  hidden sibling `.NAME.partial-PID-*` to write into. On success the staging folder is swapped
  into place; on error it is removed. The swap renames `final` to `.NAME.retired-PID`, the staging
  folder to `final`, then removes the retired folder. SIGINT and SIGTERM wait until both renames
  are done, and a failure between them puts the old folder back, so `final` never goes missing.
- `recover(final)`: only a hard kill (SIGKILL, power loss) can stop a run between the renames or
  before its clean-up. The next writer (under the lock) or `verify` (when no one holds the lock)
  restores a retired folder if `final` is missing, and removes retired and partial folders otherwise.
- `write_file(path, text)`: the same for one file: written beside it, then renamed over it;
  `replacing(path)` is the same as a file object to stream into.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shlex
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from builders.core.errors import UsageError
from builders.core.interrupts import interrupts_held


class FolderBusyError(UsageError):
    """Another process holds the lock on the folder we want to write."""


@contextlib.contextmanager
def staged(final: Path) -> Iterator[Path]:
    """Yield an empty staging folder beside `final`: it replaces `final` on success, is removed on error.

    The lock on `final` is held throughout; FolderBusyError if another process holds it.
    """
    with locked(final):
        recover(final)
        staging = Path(tempfile.mkdtemp(prefix=f"{_partial_prefix(final)}{os.getpid()}-", dir=final.parent))
        try:
            yield staging
            _swap(staging, final)
        except BaseException:
            _remove(staging)
            raise


@contextlib.contextmanager
def locked(final: Path) -> Iterator[None]:
    """Hold the lock on `final` (a `.NAME.lock` file beside it) for the block.

    Raises:
        FolderBusyError: another process holds it (the message names its pid and command).
        UsageError: the lock file cannot be created (the parent folder is not writable).
    """
    path = lock_path(final)
    descriptor = _acquire(path, final)
    try:
        os.ftruncate(descriptor, 0)
        os.write(descriptor, f"pid {os.getpid()}: {_command_line()}\n".encode(errors="backslashreplace"))
        yield
    finally:
        with contextlib.suppress(OSError):
            os.unlink(path)  # while still held: a process that opened this file sees it is gone and retries
        os.close(descriptor)


@contextlib.contextmanager
def reading(final: Path, command: str = "verify") -> Iterator[None]:
    """Hold a shared lock on `final` for the block: writers wait for readers, readers for writers.

    Raises:
        FolderBusyError: a writer holds it (the message names its pid and command, and says to run
            `command` when it is done).
    """
    if not final.name:  # the file system's root: no build writes it
        yield
        return
    path = lock_path(final)
    while True:
        try:
            descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:  # no such parent, or one read-only to us: no build of ours can be writing there
            yield
            return
        try:
            fcntl.flock(descriptor, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(descriptor, 4096, 0).decode("utf-8", "replace").strip()
            os.close(descriptor)
            raise FolderBusyError(
                f"a build ({holder or 'starting up'}) is writing {str(final)!r}; {command} when it finishes"
            ) from None
        if _same_file(descriptor, path):
            break
        os.close(descriptor)  # its writer removed the file as we opened it: lock the new one
    try:
        yield
    finally:
        with contextlib.suppress(OSError):  # BlockingIOError: another reader or a writer has it now
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)  # the last reader out removes the file
            if _same_file(descriptor, path):
                os.unlink(path)
        os.close(descriptor)


def write_file(path: Path, text: str) -> None:
    """Replace `path` with `text` (UTF-8) all at once: a failure half-way leaves the old file as it was."""
    with replacing(path) as file:
        file.write(text)


@contextlib.contextmanager
def replacing(path: Path) -> Iterator[IO[str]]:
    """A UTF-8 text file (newlines as written) that replaces `path` when the block succeeds.

    It is written beside `path` and renamed over it; on any failure it is removed and `path` is left
    as it was, so a large file can be streamed without ever being seen half-written.
    """
    temporary = path.with_name(f".{path.name}.partial-{os.getpid()}")
    with contextlib.suppress(FileNotFoundError):
        os.unlink(temporary)  # left by a killed run of ours (same pid): never write through what is there
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # mode as umask says
        with open(descriptor, "w", encoding="utf-8", newline="") as file:
            yield file
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def lock_path(final: Path) -> Path:
    """Where the lock on `final` lives: a hidden file beside it."""
    return final.with_name(f".{final.name}.lock")


def recover(final: Path) -> list[str]:
    """Undo what killed runs left beside `final`; the caller holds the lock. Returns what was restored.

    The newest retired folder is renamed back to `final` when `final` is missing; every other
    retired folder and every partial folder is removed.
    """
    restored = []
    retired = sorted(_siblings(final, _retired_prefix(final)), key=_changed, reverse=True)
    if retired and not final.exists():
        os.rename(retired.pop(0), final)
        restored.append(
            f"restored {str(final)!r} (the previous build, which an interrupted run had moved aside)"
        )
    for leftover in (*retired, *_siblings(final, _partial_prefix(final))):
        _remove(leftover)
    return restored


def recover_if_idle(final: Path) -> list[str]:
    """`recover` when there is something to recover and no one holds the lock (for readers like `verify`)."""
    if not _siblings(final, _retired_prefix(final)) and not _siblings(final, _partial_prefix(final)):
        return []
    try:
        with locked(final):
            return recover(final)
    except (UsageError, OSError):  # a writer is at work, or the folder is read-only: leave it as it is
        return []


def _acquire(path: Path, final: Path) -> int:
    """An open descriptor of `path` holding its exclusive flock."""
    while True:
        try:
            descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise UsageError(
                f"cannot create the lock file {str(path)!r} ({error.strerror}); choose another --out"
            ) from None
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(descriptor, 4096, 0).decode("utf-8", "replace").strip()
            readers = _only_readers(descriptor)
            os.close(descriptor)
            if readers:
                raise FolderBusyError(
                    f"{str(final)!r} is being read by another process (verify or upload); "
                    "wait for it to finish or choose another --out"
                ) from None
            raise FolderBusyError(
                f"{str(final)!r} is being written by another process ({holder or 'starting up'}); "
                "wait for it to finish or choose another --out"
            ) from None
        if _same_file(descriptor, path):
            return descriptor
        os.close(descriptor)  # its holder removed the file as we opened it: lock the new one


def _only_readers(descriptor: int) -> bool:
    """Whether the lock `descriptor` could not take is held by readers only (a shared lock is free)."""
    try:
        fcntl.flock(descriptor, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    fcntl.flock(descriptor, fcntl.LOCK_UN)
    return True


def _same_file(descriptor: int, path: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(descriptor), os.stat(path))
    except FileNotFoundError:
        return False


def _command_line() -> str:
    """This process's command line on one line, shortened: what a refused writer is told."""
    words = " ".join(shlex.join(getattr(sys, "orig_argv", sys.argv)).split())
    return words if len(words) <= 300 else words[:297] + "..."


def _swap(staging: Path, final: Path) -> None:
    """Move the finished folder into place; a previous one is removed only afterwards."""
    staging.chmod(0o755)
    retired = final.with_name(f"{_retired_prefix(final)}{os.getpid()}")
    swapped = False
    try:
        with interrupts_held():
            if final.exists():
                os.rename(final, retired)
                try:
                    os.rename(staging, final)
                except BaseException:
                    os.rename(retired, final)  # put the previous folder back
                    raise
            else:
                os.rename(staging, final)
            swapped = True
    finally:
        if swapped:  # also when an interrupt held during the swap is now raised
            _remove(retired)


def _remove(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)


def _siblings(final: Path, prefix: str) -> list[Path]:
    """Entries beside `final` whose names start with `prefix` (no glob: names may hold `[` or `*`)."""
    try:
        return [final.parent / name for name in os.listdir(final.parent) if name.startswith(prefix)]
    except OSError:
        return []


def _changed(path: Path) -> float:
    return path.lstat().st_ctime


def _partial_prefix(final: Path) -> str:
    return f".{final.name}.partial-"


def _retired_prefix(final: Path) -> str:
    return f".{final.name}.retired-"
