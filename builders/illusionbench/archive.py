"""Read a user's zip archive safely: every member checked before any is used, nothing extracted.

A member is refused, and with it the whole archive, when its name is absolute or climbs out of
the archive (`/x`, `C:\\x`, `a/../../x`), when it is a symbolic link or encrypted, when it is
larger than the member limit or compressed suspiciously well (a zip bomb), or when the members
together exceed the total limit or count. Directories, macOS resource forks (`__MACOSX/`, `._x`)
and desktop metadata (`.DS_Store`, `Thumbs.db`, `desktop.ini`) are skipped; other non-image files
are skipped and listed. Members are only ever read into memory, never written to disk, and a read
stops at the member's declared size, so a lying header cannot inflate it.
"""

from __future__ import annotations

import dataclasses
import re
import stat
import zipfile
from pathlib import Path, PurePosixPath

from builders.core.errors import UsageError
from builders.core.photos import MAX_PIXELS

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".bmp", ".webp")
METADATA_NAMES = (".ds_store", "thumbs.db", "desktop.ini")
_DRIVE = re.compile(r"^[A-Za-z]:")
_RATIO_FLOOR = 1 << 20  # members smaller than this are never refused for their compression ratio


@dataclasses.dataclass(frozen=True)
class Limits:
    """Size limits for a user's archive (defaults are generous for a release of ~1,000 photos)."""

    member_bytes: int = 64 << 20
    total_bytes: int = 8 << 30
    members: int = 50_000
    ratio: float = 200.0  # uncompressed / compressed, for members of at least 1 MiB
    pixels: int = MAX_PIXELS  # width x height of one decoded image
    json_bytes: int = 64 << 20


DEFAULT_LIMITS = Limits()


@dataclasses.dataclass(frozen=True)
class Members:
    """An archive's image members by file name, and what was skipped."""

    images: dict[str, str]  # file name (no folders) -> member name
    skipped: tuple[str, ...]  # non-image files that are not metadata


def _refuse(archive: Path, member: str, why: str) -> UsageError:
    return UsageError(
        f"archive {str(archive)!r} is refused: member {member!r} {why}; use the release's own zip, unmodified"
    )


def check_name(name: str) -> str | None:
    """Why a member name is unsafe, or None.

    >>> check_name("IllusionDataset/a.png"), check_name("../a.png"), check_name("/etc/a.png")
    (None, 'climbs out of the archive', 'has an absolute path')
    """
    text = name.replace("\\", "/")
    if "\x00" in text:
        return "has a NUL character in its name"
    if text.startswith("/") or _DRIVE.match(text):
        return "has an absolute path"
    if ".." in PurePosixPath(text).parts:
        return "climbs out of the archive"
    return None


def is_metadata(name: str) -> bool:
    """Directories, macOS resource forks and desktop metadata: never content.

    >>> is_metadata("__MACOSX/IllusionDataset/._a.png"), is_metadata("a/.DS_Store"), is_metadata("a/b.png")
    (True, True, False)
    """
    text = name.replace("\\", "/")
    parts = PurePosixPath(text).parts
    base = parts[-1] if parts else ""
    return (
        text.endswith("/") or "__MACOSX" in parts or base.startswith("._") or base.lower() in METADATA_NAMES
    )


def members(zf: zipfile.ZipFile, archive: Path, limits: Limits) -> Members:
    """Check every member of an open archive; the image members by file name.

    Raises:
        UsageError: a member is unsafe or too large, the archive holds too much, or two images share a
            file name in different folders.
    """
    infos = zf.infolist()
    if len(infos) > limits.members:
        raise UsageError(
            f"archive {str(archive)!r} is refused: it has {len(infos)} members, more than {limits.members}"
        )
    total = 0
    images: dict[str, str] = {}
    skipped = []
    for info in infos:
        why = check_name(info.filename)
        if why is None and stat.S_ISLNK(info.external_attr >> 16):
            why = "is a symbolic link"
        if why is None and info.flag_bits & 0x1:
            why = "is encrypted"
        if why is None and info.file_size > limits.member_bytes:
            why = f"unpacks to {info.file_size} bytes, more than {limits.member_bytes}"
        if (
            why is None
            and info.file_size >= _RATIO_FLOOR
            and info.file_size > limits.ratio * max(1, info.compress_size)
        ):
            why = f"unpacks {info.file_size // max(1, info.compress_size)} times larger than it is stored"
        if why is not None:
            raise _refuse(archive, info.filename, why)
        total += info.file_size
        if total > limits.total_bytes:
            raise UsageError(
                f"archive {str(archive)!r} is refused: its members unpack to more than "
                f"{limits.total_bytes} bytes"
            )
        if is_metadata(info.filename):
            continue
        name = PurePosixPath(info.filename.replace("\\", "/")).name
        if not name.lower().endswith(IMAGE_SUFFIXES):
            skipped.append(info.filename)
            continue
        if name in images:
            raise UsageError(
                f"archive {str(archive)!r} holds two images named {name!r} ({images[name]!r} and "
                f"{info.filename!r}); annotations name images by file name, so keep one"
            )
        images[name] = info.filename
    return Members(images, tuple(skipped))


def read_member(zf: zipfile.ZipFile, member: str, limits: Limits) -> bytes:
    """A member's bytes, read no further than its declared size and the member limit.

    Raises:
        UsageError: the member is damaged (bad CRC, truncated) or longer than declared.
    """
    info = zf.getinfo(member)
    try:
        with zf.open(info) as handle:
            data = handle.read(min(info.file_size, limits.member_bytes) + 1)
    except (zipfile.BadZipFile, OSError, EOFError, ValueError) as error:
        raise UsageError(
            f"member {member!r} of the archive is damaged ({error}); download the release again"
        ) from None
    if len(data) != info.file_size:
        raise UsageError(
            f"member {member!r} of the archive is not the size its header states; download it again"
        )
    return data
