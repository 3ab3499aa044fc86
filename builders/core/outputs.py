"""Where a command may write: the one check of every `--out`, and writers that replace only their own.

Every command that writes (`build`, `gallery`, and `eval score | compare | report | export | tasks`)
checks its `--out` here before it writes anything, so a bad one is one sentence (`UsageError`) and
nothing is left on disk:

- its name must be one a file system takes and a terminal prints: UTF-8 (a name in another encoding
  cannot be printed on a UTF-8 terminal, nor written by pyarrow), no NUL, no part over 255 bytes;
- it must resolve: a symbolic link loop on the way is named as one;
- it must not be, or lie inside, a dataset folder (the next build of that folder would delete it);
- what is already there must be what the command writes: for a file, a regular file (a device such
  as `/dev/null`, a pipe, a socket or a folder is refused, never replaced); for a folder, a folder
  holding only what the same command wrote there before;
- the folder it goes in must exist (a file) or be creatable (a folder), and be writable (a read-only
  file system is named).

`write_file` and `file_writer` replace a file in one rename. `write_folder` replaces a folder whole,
but only when everything in it is what the same command wrote there before: it keeps a record in
the folder (`RECORD`: the command and the SHA-256 of each file it wrote), so a file a user put
there, or changed, in between is never deleted.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO

from builders.core.atomic import replacing, staged
from builders.core.errors import UsageError, shown
from builders.core.manifest import MANIFEST_NAME
from builders.core.user_files import MAX_NAME_BYTES, MAX_PATH_BYTES, not_a_file, read_json

#: The record a folder writer keeps of what it wrote (hidden, so a folder listing shows the output).
RECORD = ".written-by.json"
_RECORD_BYTES = 1 << 20
#: How much of a path a message shows: any real one whole, a hostile one cut.
PATH_CHARS = 300


def printable(path: Path | str) -> str:
    """`path` as a message shows it (`repr`, as every message shows a path), a byte that is not UTF-8
    as `\\xff` rather than the surrogate Python holds it as, cut when hostilely long.

    >>> printable(os.fsdecode(b"caf\\xe9.json"))
    "'caf\\\\xe9.json'"
    """
    text = re.sub(r"\\udc([89a-f][0-9a-f])", r"\\x\1", repr(str(path)))
    return text if len(text) <= PATH_CHARS else f"{text[: PATH_CHARS - 3]}... ({len(str(path)):,} characters)"


def check_path(out: Path, flag: str = "--out") -> Path:
    """`out` with every symbolic link resolved, once it is a name we can write and print, on a path
    without a loop, and not in a dataset folder.

    Raises:
        UsageError: one sentence naming `flag`, the problem and the fix.
    """
    _check_name(out, flag)
    try:
        resolved = Path(out).resolve()
    except (OSError, RuntimeError) as error:  # RuntimeError: a symbolic link loop (Python < 3.13)
        if isinstance(error, OSError) and error.errno != errno.ELOOP:
            raise UsageError(
                f"{flag} {printable(out)} cannot be resolved ({error.strerror}); choose another {flag}"
            ) from None
        raise UsageError(
            f"{flag} {printable(out)} leads through a symbolic link loop; remove the loop or choose "
            f"another {flag}"
        ) from None
    _refuse_inside_dataset(out, resolved, flag)
    return resolved


def _check_name(out: Path, flag: str) -> None:
    try:
        encoded = str(Path(out).absolute()).encode("utf-8")
    except UnicodeEncodeError:
        raise UsageError(
            f"{flag} {printable(out)} is not a UTF-8 path (a terminal cannot print it); choose a {flag} "
            "whose path is UTF-8"
        ) from None
    if b"\x00" in encoded:
        raise UsageError(f"{flag} {printable(out)} has a NUL character in its name; choose another {flag}")
    longest = max((len(part) for part in encoded.split(b"/")), default=0)
    if longest > MAX_NAME_BYTES or len(encoded) > MAX_PATH_BYTES:
        raise UsageError(
            f"{flag} {printable(out)} has a name too long for a file system ({longest:,} bytes in one "
            f"part; at most {MAX_NAME_BYTES}, and {MAX_PATH_BYTES:,} in all); choose a shorter {flag}"
        )


def _refuse_inside_dataset(out: Path, resolved: Path, flag: str) -> None:
    """UsageError if `resolved` is a dataset folder or inside one: its next build would delete it."""
    for folder in (resolved, *resolved.parents):
        if is_dataset(folder):
            where = "is" if folder == resolved else "is inside"
            raise UsageError(
                f"{flag} {printable(out)} {where} the dataset folder {str(folder)!r} (its next build would "
                f"delete it); pass a folder outside it, e.g. {flag} {str(folder.parent)!r}"
            )


def is_dataset(folder: Path) -> bool:
    """Whether `folder` holds a manifest written by `build` (it begins with its builder version).

    Only a regular `manifest.json` is opened: a pipe of that name is never waited on.
    """
    manifest = folder / MANIFEST_NAME
    if not_a_file(manifest) is not None:
        return False
    try:
        with manifest.open("rb") as file:
            return b'"builder_version"' in file.read(4096)
    except OSError:
        return False


def check_file(
    out: Path, flag: str = "--out", *, inputs: Sequence[Path] = (), what: str = "the output"
) -> None:
    """Refuse an `out` no file may be written at: `check_path`'s reasons, something other than a
    regular file already there, one of the command's `inputs`, or a folder that is missing or
    read-only."""
    resolved = check_path(out, flag)
    parent = resolved.parent
    if not parent.is_dir():
        if parent.exists() or parent.is_symlink():
            raise UsageError(
                f"cannot write to {printable(out)} ({str(parent)!r} is not a folder); choose another {flag}"
            )
        raise UsageError(
            f"cannot write to {printable(out)}: its folder {str(parent)!r} does not exist; create it first"
        )
    problem = not_a_file(resolved)
    if problem is not None and problem != "does not exist":
        raise UsageError(f"{flag} {printable(out)} {problem}; {_file_fix(flag, what)}")
    for path in inputs:
        if _same(resolved, path):
            raise UsageError(
                f"{flag} {printable(out)} is the input {printable(path)}; write {what} elsewhere"
            )
    _check_writable(parent, out, flag)


def _file_fix(flag: str, what: str) -> str:
    if flag == "--out":
        return f"pass the path of a file to write {what} to (or leave out --out for standard output)"
    return f"pass the path of a file to write {what} to"


def _same(resolved: Path, path: Path) -> bool:
    try:
        return resolved == Path(path).resolve() or (resolved.exists() and resolved.samefile(path))
    except (OSError, RuntimeError):
        return False


def check_folder(out: Path, command: str, flag: str = "--out") -> None:
    """Refuse an `out` a folder of `command`'s may not replace: `check_path`'s reasons, something other
    than a folder there, a folder holding what `command` did not write (`RECORD`), or a place where the
    folder cannot be created."""
    resolved = check_path(out, flag)
    problem = not_a_file(resolved)
    if problem is None:
        raise UsageError(
            f"cannot write to {printable(out)} (it is a file, not a folder); move it away or choose "
            f"another {flag}"
        )
    if problem.startswith("does not exist"):  # also where a part of the path is a file
        _check_creatable(resolved, out, flag)
        return
    if problem != "is a folder, not a file":
        raise UsageError(
            f"{flag} {printable(out)} {problem.removesuffix(', not a file')}; choose another {flag}"
        )
    foreign = _foreign(resolved, command)
    if foreign is not None:
        raise UsageError(f"{flag} {printable(out)} {foreign}; move it away or choose another {flag}")
    _check_writable(resolved.parent, out, flag)


def _foreign(folder: Path, command: str) -> str | None:
    """What in `folder` `command` did not write there (or changed since), as the words after the
    folder's name; None when it holds only what its record lists."""
    written = _recorded(folder, command)
    owned = {parent.as_posix() for name in written for parent in Path(name).parents}
    for root, folders, files in os.walk(folder):
        folders.sort()
        for name in sorted(files) + [f"{name}/" for name in folders]:
            relative = (Path(root) / name).relative_to(folder).as_posix()
            if relative == RECORD:
                continue
            if name.endswith("/"):
                if relative.rstrip("/") in owned and not (Path(root) / name).is_symlink():
                    continue
                return f"holds {shown(relative)}, which `{command}` did not write"
            if relative not in written:
                return f"holds {shown(relative)}, which `{command}` did not write"
            if _digest(Path(root) / name) != written[relative]:
                return f"holds {shown(relative)}, which has changed since `{command}` wrote it"
    return None


def _recorded(folder: Path, command: str) -> dict[str, str]:
    """File name -> SHA-256 of what `command` recorded writing into `folder` (empty without a record)."""
    try:
        record = read_json(folder / RECORD, "record", "", max_bytes=_RECORD_BYTES)
    except UsageError:
        return {}
    files = record.get("files") if isinstance(record, dict) and record.get("command") == command else None
    if not isinstance(files, dict):
        return {}
    return {name: digest for name, digest in files.items() if isinstance(digest, str)}


def _digest(path: Path) -> str | None:
    if not_a_file(path) is not None or path.is_symlink():
        return None
    with path.open("rb") as file:
        return hashlib.file_digest(file, "sha256").hexdigest()


def _check_creatable(resolved: Path, out: Path, flag: str) -> None:
    existing = next(parent for parent in resolved.parents if parent.exists())
    if not existing.is_dir():
        raise UsageError(
            f"cannot write to {printable(out)} ({str(existing)!r} is a file, not a folder); choose "
            f"another {flag}"
        )
    _check_writable(existing, out, flag)


def _check_writable(folder: Path, out: Path, flag: str) -> None:
    problem = writable_problem(folder)
    if problem is not None:
        raise UsageError(
            f"{flag} {printable(out)} cannot be written: {str(folder)!r} {problem}; choose another {flag}"
        )


def writable_problem(folder: Path) -> str | None:
    """Why files cannot be made in `folder` ("is on a read-only file system", "is not writable"), or None."""
    if os.access(folder, os.W_OK | os.X_OK):
        return None
    try:
        read_only = bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        read_only = False
    return "is on a read-only file system" if read_only else "is not writable"


def prepare_folder(out: Path, flag: str = "--out") -> None:
    """Create the folder `out` if needed and make sure we can write into it."""
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(
            f"cannot create output folder {printable(out)} ({_reason(error)}); choose another {flag}"
        ) from None
    if not out.is_dir():
        raise UsageError(f"output folder {printable(out)} is not a folder; choose another {flag}")
    _check_writable(out, out, flag)


def write_file(out: Path, text: str, flag: str = "--out", *, inputs: Sequence[Path] = ()) -> None:
    """Replace the file `out` with `text` (UTF-8) in one rename, once `check_file` lets it."""
    with file_writer(out, flag, inputs=inputs) as file:
        file.write(text)


@contextlib.contextmanager
def file_writer(out: Path, flag: str = "--out", *, inputs: Sequence[Path] = ()) -> Iterator[IO[str]]:
    """A text file to stream into that replaces `out` when the block succeeds (`check_file` first);
    nothing is left at `out` on failure."""
    check_file(out, flag, inputs=inputs)
    try:
        with replacing(out) as file:
            yield file
    except OSError as error:
        raise UsageError(
            f"cannot write to {printable(out)} ({_reason(error)}); choose another {flag}"
        ) from None


def write_folder(out: Path, files: Mapping[str, str], command: str, flag: str = "--out") -> None:
    """Replace the folder `out` with `files` (relative name -> UTF-8 text) and the record of them, whole
    and at once, once `check_folder` lets it."""
    check_folder(out, command, flag)
    digests: dict[str, str] = {}
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        with staged(out) as staging:
            for name, text in sorted(files.items()):
                data = text.encode("utf-8")
                (staging / name).parent.mkdir(parents=True, exist_ok=True)
                (staging / name).write_bytes(data)
                digests[name] = hashlib.sha256(data).hexdigest()
            record = {"command": command, "files": digests}
            (staging / RECORD).write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", "utf-8")
    except OSError as error:
        raise UsageError(
            f"cannot write to {printable(out)} ({_reason(error)}); choose another {flag}"
        ) from None


def _reason(error: OSError) -> str:
    return error.strerror or type(error).__name__
