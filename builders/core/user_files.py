"""Reading the files a user hands a builder: one sentence for every way such a file can be wrong.

Question files, tuple files, the release's JSON and map files and photos are the user's, so each
can be missing, a folder, unreadable (permissions), not UTF-8, saved with a byte-order mark (which
is accepted: Excel and Notepad write one), nested thousands of levels deep, or hold a lone
surrogate (`"\\ud800"` is valid JSON, but no UTF-8 file or Parquet column can store it). A name
from inside a file can hold a NUL, be longer than a file name can be, or lead out of the folder it
must stay in (`..`, an absolute path, a symbolic link). Each case is a `UsageError` naming the file
(and the record or field) before anything is built.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from pathlib import Path
from typing import Any

from builders.core.errors import UsageError

#: How deeply a user's JSON may nest: the releases' files nest four levels; deeper is not such a file.
MAX_JSON_DEPTH = 32
#: Longest file name (bytes of one path component) and path most file systems accept.
MAX_NAME_BYTES, MAX_PATH_BYTES = 255, 4096
#: How a lone surrogate gets into decoded text: only as a JSON escape (UTF-8 itself cannot hold one).
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
#: Largest file a reader takes: a release's question file is about 10 MB, a 50-megapixel PNG under 200 MB.
MAX_FILE_BYTES = 256 << 20


def read_bytes(path: Path, name: str, max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a user's regular file; UsageError naming it (`name`, e.g. "question file 'q.json'")
    when it is missing, a folder or a device, unreadable, or larger than `max_bytes`."""
    try:  # without blocking, so a named pipe is refused rather than waited on
        with open(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as handle:
            mode = os.fstat(handle.fileno()).st_mode
            if stat.S_ISDIR(mode):
                raise IsADirectoryError
            if not stat.S_ISREG(mode):
                raise UsageError(f"{name} is not a regular file (a device or a pipe); give the file itself")
            data = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise UsageError(f"{name} does not exist; check the path") from None
    except IsADirectoryError:
        raise UsageError(f"{name} is a folder, not a file; give the file itself") from None
    except PermissionError:
        raise UsageError(
            f"{name} cannot be read (permission denied); give yourself read access to it"
        ) from None
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        raise UsageError(f"{name} cannot be read ({_strerror(error)}); check the path") from None
    if len(data) > max_bytes:
        raise UsageError(f"{name} is larger than {max_bytes} bytes, too large to be what it claims")
    return data


def read_text(path: Path, name: str, fix: str, max_bytes: int = MAX_FILE_BYTES) -> str:
    """A user's text file as UTF-8, a leading byte-order mark dropped; UsageError naming it otherwise."""
    try:
        return read_bytes(path, name, max_bytes).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UsageError(f"{name} is not UTF-8 text; {fix}") from None


def parse_json(text: str, name: str, fix: str) -> Any:
    """The JSON value of `text`, checked to nest at most `MAX_JSON_DEPTH` levels and to hold only
    valid Unicode; otherwise one UsageError naming `name` (the file, or "line 3 of 'x.jsonl'")."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        reason = f"line {error.lineno}, column {error.colno}: {error.msg}"
        raise UsageError(f"{name} is not valid JSON ({reason}); {fix}") from None
    except RecursionError:
        raise UsageError(f"{name} nests more than {MAX_JSON_DEPTH} levels deep; {fix}") from None
    except ValueError as error:  # an integer of 4,300+ digits
        raise UsageError(f"{name} is not valid JSON ({str(error).split(';')[0][:80]}); {fix}") from None
    keys = _too_deep(data, MAX_JSON_DEPTH)
    if keys is not None:
        raise UsageError(f"{name} nests more than {MAX_JSON_DEPTH} levels deep (at {_where(keys)}); {fix}")
    keys = _lone_surrogate(data) if _SURROGATE_ESCAPE.search(text) else None
    if keys is not None:
        raise UsageError(
            f"{name} holds text that is not valid Unicode at {_where(keys)} (a lone surrogate escape "
            f"such as \\ud800, which no UTF-8 file can store); {fix}"
        )
    return data


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


def _too_deep(value: Any, limit: int) -> list[Any] | None:
    """The keys leading to where `value` nests deeper than `limit`, or None."""
    if not isinstance(value, (dict, list)):
        return None
    if limit == 0:
        return []
    for key, child in value.items() if isinstance(value, dict) else enumerate(value):
        found = _too_deep(child, limit - 1)
        if found is not None:
            return [key, *found]
    return None


def _lone_surrogate(value: Any) -> list[Any] | None:
    """The keys leading to a string (or key) of `value` holding a lone surrogate, or None."""
    if isinstance(value, str):
        return None if _encodable_utf8(value) else []
    if not isinstance(value, (dict, list)):
        return None
    for key, child in value.items() if isinstance(value, dict) else enumerate(value):
        if isinstance(key, str) and not _encodable_utf8(key):
            return [key]
        found = _lone_surrogate(child)
        if found is not None:
            return [key, *found]
    return None


def _where(keys: list[Any]) -> str:
    """Keys as a path in a message, e.g. `[0].qa_data[3]["Correct Answer"]` (the top: "the top")."""
    text = "".join(f"[{key}]" if isinstance(key, int) else _field(key) for key in keys) or "the top"
    return text if len(text) <= 60 else text[:57] + "..."


def _field(key: str) -> str:
    shown = key.encode("utf-8", "backslashreplace").decode("utf-8")
    return f".{shown}" if shown.isidentifier() and len(shown) <= 40 else f'["{shown[:40]}"]'


def _encodable_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
