"""Atomic output folders: write into a hidden sibling, swap it into place only when complete.

A run that fails or is interrupted removes its staging folder; one that is killed
leaves it behind, and the next run of the same output sweeps it up (the folder
name carries the owner's pid, so a live run's staging folder is never touched).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def staged(final: Path) -> Iterator[Path]:
    """Yield an empty staging folder beside `final`: it replaces `final` on success, is removed on error."""
    sweep_partials(final)
    staging = Path(tempfile.mkdtemp(prefix=f"{_partial_prefix(final)}{os.getpid()}-", dir=final.parent))
    try:
        yield staging
        _swap(staging, final)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def sweep_partials(final: Path) -> None:
    """Remove staging folders for `final` left by runs that were killed (their process is gone)."""
    prefix = _partial_prefix(final)
    for path in final.parent.glob(f"{prefix}*"):
        pid = path.name[len(prefix) :].split("-")[0]
        if pid.isdigit() and _alive(int(pid)):
            continue
        shutil.rmtree(path, ignore_errors=True)


def _partial_prefix(final: Path) -> str:
    return f".{final.name}.partial-"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _swap(staging: Path, final: Path) -> None:
    """Move the finished folder into place; a previous one is removed only afterwards."""
    staging.chmod(0o755)
    if not final.exists():
        staging.rename(final)
        return
    retired = final.with_name(f".{final.name}.retired-{os.getpid()}")
    shutil.rmtree(retired, ignore_errors=True)
    final.rename(retired)
    staging.rename(final)
    shutil.rmtree(retired, ignore_errors=True)
