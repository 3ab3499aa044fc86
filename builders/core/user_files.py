"""Reading the files a user hands us: one sentence for every way such a file can be wrong.

Question files, tuple files, the release's JSON and map files, photos, parameter files and a built
folder's manifest are read here, and in `eval` every predictions file, log, table, score JSON and
samples log, so each reader refuses the same things the same way. Such a file can be missing, a
folder, a device, a pipe or a socket (each named as what it is, found with `stat`: never opened, so
never waited on), a symbolic link loop, unreadable (permissions), larger than its reader's cap, not
UTF-8, saved with a byte-order mark (accepted where Excel and Notepad write one, refused where
`bom="refuse"`), nested thousands of levels deep, or hold a lone surrogate (`"\\ud800"` is valid
JSON, but no UTF-8 file or Parquet column can store it). A name from inside a file can hold a NUL,
be longer than a file name can be, or lead out of the folder it must stay in (`..`, an absolute
path, a symbolic link). Each case is one error (`UsageError` unless the reader passes its own type)
naming the file, the problem and the fix (`fix`), before anything is built.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO, Literal

from builders.core.bounded_json import JSONProblem, parse
from builders.core.errors import UsageError

#: How deeply a user's JSON may nest: the releases' files nest four levels; deeper is not such a file.
MAX_JSON_DEPTH = 32
#: Longest file name (bytes of one path component) and path most file systems accept.
MAX_NAME_BYTES, MAX_PATH_BYTES = 255, 4096
#: Largest file a reader takes: a release's question file is about 10 MB, a 50-megapixel PNG under 200 MB.
MAX_FILE_BYTES = 256 << 20
#: What the messages suggest when the caller has nothing more specific.
CHECK_PATH = "check the path"
_BOM = b"\xef\xbb\xbf"
#: What `read_bytes` reads at once past a file's stated size.
_PIECE = 1 << 20

#: What a reader does with a UTF-8 byte-order mark: drop it, or refuse the file.
Bom = Literal["accept", "refuse"]


@contextlib.contextmanager
def opened(
    path: Path, name: str, fix: str = CHECK_PATH, error: type[Exception] = UsageError
) -> Iterator[BinaryIO]:
    """A user's regular file, open for reading bytes; `error` naming it (`name`, e.g. "question file
    'q.json'") when it is missing, a folder, a device, a pipe or a socket (each named as what it is, and
    never opened, so a pipe is not waited on), a symbolic link loop, or unreadable. Reading errors
    inside the block are the caller's."""
    problem = not_a_file(path)
    if problem is not None:
        raise error(_sentence(name, problem, fix))
    try:  # without blocking: were the file swapped for a pipe since, it is refused below, not waited on
        handle = open(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb")  # noqa: SIM115
    except OSError as failure:
        raise error(_sentence(name, _problem(failure), fix)) from None
    with handle:
        kind = _kind(os.fstat(handle.fileno()).st_mode)
        if kind is not None:
            raise error(f"{name} {kind}; {fix}")
        yield handle


def not_a_file(path: Path) -> str | None:
    """Why `path` is not a regular file we can open, as the words after its name ("does not exist",
    "is a named pipe (FIFO), not a file", "is a symbolic link loop", ...); None when it is one.

    Found with `stat`, which never opens the path: a device is not touched, a pipe not waited on.

    >>> not_a_file(Path("/dev/null")), not_a_file(Path("/"))
    ('is a character device, not a file', 'is a folder, not a file')
    """
    try:
        mode = os.stat(path).st_mode
    except OSError as failure:
        return _problem(failure)
    except ValueError:  # a NUL in the path
        return "cannot be read (a NUL in its name)"
    return _kind(mode)


def _kind(mode: int) -> str | None:
    """What a file of `mode` is when it is not a regular file, as the words after its name."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "is a named pipe (FIFO), not a file"
    if stat.S_ISCHR(mode):
        return "is a character device, not a file"
    if stat.S_ISBLK(mode):
        return "is a block device (a disk), not a file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a file"
    return "is not a regular file"


def read_bytes(
    path: Path,
    name: str,
    fix: str = CHECK_PATH,
    *,
    max_bytes: int = MAX_FILE_BYTES,
    error: type[Exception] = UsageError,
) -> bytes:
    """The bytes of a user's regular file, at most `max_bytes` of them; `error` naming it otherwise.

    A file whose size is over the cap is refused before it is read; the rest is read in pieces no
    larger than what is there (`read(n)` sets aside `n` bytes at once, whatever the file holds).
    """
    with opened(path, name, fix, error) as handle:
        size = os.fstat(handle.fileno()).st_size  # 0 for a file of /proc, whatever it holds
        if size > max_bytes:
            raise error(_too_large(name, max_bytes, fix))
        pieces: list[bytes] = []
        taken = 0
        try:
            while taken <= max_bytes:
                piece = handle.read(min(max(size - taken, _PIECE), max_bytes - taken) + 1)
                if not piece:
                    break
                pieces.append(piece)
                taken += len(piece)
        except OSError as failure:
            raise error(_sentence(name, _problem(failure), fix)) from None
    if taken > max_bytes:
        raise error(_too_large(name, max_bytes, fix))
    return b"".join(pieces)


def read_text(
    path: Path,
    name: str,
    fix: str,
    *,
    max_bytes: int = MAX_FILE_BYTES,
    bom: Bom = "accept",
    error: type[Exception] = UsageError,
) -> str:
    """A user's text file as UTF-8 (a leading byte-order mark dropped or refused, as `bom` says)."""
    data = read_bytes(path, name, fix, max_bytes=max_bytes, error=error)
    if bom == "refuse" and data.startswith(_BOM):
        raise error(_marked(name))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise error(f"{name} is not UTF-8 text; {fix}") from None


def text_lines(
    path: Path,
    name: str,
    fix: str,
    *,
    max_bytes: int = MAX_FILE_BYTES,
    max_line_bytes: int | None = None,
    bom: Bom = "accept",
    error: type[Exception] = UsageError,
) -> Iterator[str]:
    """The lines of a user's text file, each with its `\\n`, read as they are taken: the file is never
    held whole, and no line can be longer than what is left of `max_bytes` (nor `max_line_bytes`). The
    checks of `read_text`; each problem is raised when the line it is in is reached."""
    decoder = codecs.getincrementaldecoder("utf-8-sig" if bom == "accept" else "utf-8")()
    left = max_bytes
    longest = max_bytes if max_line_bytes is None else max_line_bytes
    number = 0
    with opened(path, name, fix, error) as handle:
        while True:
            try:
                raw = handle.readline(min(left, longest) + 1)
                line = decoder.decode(raw, final=not raw)
            except UnicodeDecodeError:
                raise error(f"{name} is not UTF-8 text; {fix}") from None
            except OSError as failure:
                raise error(_sentence(name, _problem(failure), fix)) from None
            if not raw:
                return
            number += 1
            left -= len(raw)
            if left < 0:
                raise error(_too_large(name, max_bytes, fix))
            if len(raw) > longest and not raw.endswith(b"\n"):
                raise error(
                    f"line {number} of {name} is over {_size(longest)}, too long to be what it claims; {fix}"
                )
            if bom == "refuse" and number == 1 and line.startswith("\ufeff"):
                raise error(_marked(name))
            yield line


def parse_json(
    text: str, name: str, fix: str, *, max_depth: int = MAX_JSON_DEPTH, error: type[Exception] = UsageError
) -> Any:
    """The JSON value of `text`, nesting at most `max_depth` levels and holding only valid Unicode;
    otherwise one error naming `name` (the file, or "line 3 of 'x.jsonl'") and the place in it."""
    try:
        return parse(text, max_depth=max_depth, surrogates="refuse")
    except JSONProblem as problem:
        raise error(f"{name} {problem}; {fix}") from None


def read_json(path: Path, name: str, fix: str, *, max_bytes: int = MAX_FILE_BYTES) -> Any:
    """`parse_json` of a user's text file (`read_text`)."""
    return parse_json(read_text(path, name, fix, max_bytes=max_bytes), name, fix)


def child_path(folder: Path, relative: str, name: str) -> Path:
    """`folder / relative` with every symbolic link resolved, refused when it cannot be a path (a
    NUL, a name too long) or leads outside `folder` (`..`, absolute, or a link out).

    `folder` must be resolved already. `name` says where the name was read ("line 3 of 't.csv'").
    """
    if "\x00" in relative:
        raise UsageError(f"{name} names a file with a NUL character in it; fix the name")
    if not _encodable_utf8(relative):
        raise UsageError(f"{name} names a file with text that is not valid Unicode; fix the name")
    encoded = relative.encode("utf-8")
    if len(encoded) > MAX_PATH_BYTES or any(len(part) > MAX_NAME_BYTES for part in encoded.split(b"/")):
        raise UsageError(
            f"{name} names a file whose name is too long ({len(relative)} characters; a file name "
            f"has at most {MAX_NAME_BYTES} bytes); fix the name"
        )
    shown = relative if len(relative) <= 80 else relative[:77] + "..."
    try:
        resolved = (folder / relative).resolve()
    except (OSError, RuntimeError) as error:  # RuntimeError: a symbolic link loop (Python < 3.13)
        reason = "a symbolic link loop" if isinstance(error, RuntimeError) else _strerror(error)
        raise UsageError(
            f"{name} names {shown!r}, which cannot be resolved ({reason}); fix the link"
        ) from None
    if Path(relative).is_absolute() or folder not in resolved.parents:
        raise UsageError(
            f"{name} names {shown!r}, which leads outside the images folder {str(folder)!r} (through "
            "'..', an absolute path or a symbolic link); put the file itself inside the folder"
        )
    return resolved


def is_file(path: Path) -> bool:
    """`path.is_file()`, False (not an exception) when the name cannot be looked up at all."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _strerror(error: Exception) -> str:
    if isinstance(error, OSError) and error.errno == errno.ENAMETOOLONG:
        return "file name too long"
    if isinstance(error, OSError) and error.strerror:
        return error.strerror.lower()
    return str(error).split("\n")[0][:80] or type(error).__name__


def _encodable_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _sentence(name: str, problem: str, fix: str) -> str:
    """`name` and `problem`, then `fix` unless the problem says its own ("...; give yourself read access")."""
    return f"{name} {problem}" if ";" in problem else f"{name} {problem}; {fix}"


def _problem(failure: OSError) -> str:
    """What `failure` says of the path it names, as the words after the path's name."""
    if isinstance(failure, FileNotFoundError):
        return "does not exist"
    if isinstance(failure, IsADirectoryError):
        return "is a folder, not a file"
    if isinstance(failure, PermissionError):
        return "cannot be read (permission denied); give yourself read access to it"
    if failure.errno == errno.ELOOP:
        return "is a symbolic link loop"
    if failure.errno == errno.ENAMETOOLONG:
        return f"has a name too long for a file system (a file name has at most {MAX_NAME_BYTES} bytes)"
    if failure.errno == errno.ENOTDIR:
        return "does not exist (a part of its path is a file, not a folder)"
    return f"cannot be read ({_strerror(failure)})"


def _too_large(name: str, max_bytes: int, fix: str) -> str:
    """The sentence for a file over its reader's cap.

    >>> _too_large("--params 'p.toml'", 1 << 20, "fix it")
    "--params 'p.toml' is over 1 MiB, too large to be what it claims; fix it"
    """
    return f"{name} is over {_size(max_bytes)}, too large to be what it claims; {fix}"


def _size(count: int) -> str:
    """A byte count as people write a cap: "256 MiB", "64 KiB", "1000 bytes"."""
    for unit, shift in (("MiB", 20), ("KiB", 10)):
        if count >= 1 << shift and not count % (1 << shift):
            return f"{count >> shift} {unit}"
    return f"{count} bytes"


def _marked(name: str) -> str:
    return f"{name} begins with a byte-order mark; save it as UTF-8 without one"
