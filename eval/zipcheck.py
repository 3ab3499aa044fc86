"""Refuse a zip-based input (a VLMEvalKit `.xlsx`, an inspect `.eval`) that would unpack to far too much.

openpyxl and inspect_ai read such a file's members as they need them; a zip bomb (a small file
whose members unpack to gigabytes) would hold either for minutes. `zip_problem` reads only the
archive's directory, before either library opens it, and says why a file is refused: more than
`MAX_MEMBERS` members, members that together unpack to more than `MAX_UNPACKED` bytes, or a member
of at least 16 MiB compressed more than `MAX_RATIO` times (text compresses about ten times). The
builders' reader of release zips (`builders.illusionbench.archive`) applies the same kind of limits
to images.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

MAX_MEMBERS = 10_000
MAX_UNPACKED = 1 << 30
MAX_RATIO = 200
_RATIO_FLOOR = 16 << 20


def zip_problem(path: Path) -> str | None:
    """Why the zip at `path` is refused (a clause: "unpacks to ..."), or None; a file that is no
    zip at all is left to the library that reads it, which names the problem itself."""
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return None
    if len(members) > MAX_MEMBERS:
        return f"holds {len(members):,} archive members, more than {MAX_MEMBERS:,}"
    total = sum(member.file_size for member in members)
    if total > MAX_UNPACKED:
        return f"unpacks to {total:,} bytes, more than {MAX_UNPACKED:,} (a zip bomb?)"
    for member in members:
        ratio = member.file_size // max(1, member.compress_size)
        if member.file_size >= _RATIO_FLOOR and ratio > MAX_RATIO:
            return f"holds {member.filename!r}, which unpacks {ratio:,} times larger than stored (zip bomb?)"
    return None
