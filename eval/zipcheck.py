"""Zip-based inputs (a VLMEvalKit `.xlsx`, an inspect `.eval`) read within bounds, measured while inflating.

A zip's directory says how large each member unpacks to, but nothing makes a member keep its word:
inspect's zstd reader inflates whatever a member's stream holds (a 455 KB log peaked at 821 MB, and
1 GB took 18 s). So `BoundedZip` first checks the directory (at most `MAX_MEMBERS` members whose
declared sizes stay within `MAX_MEMBER` each and `MAX_UNPACKED` together, none compressed more than
`MAX_RATIO` times from 16 MiB up), then inflates members itself, at most `CHUNK` bytes per step,
counting as it goes: a member that inflates past the size its directory declares is refused at the
byte where it does, as is one that ends short of it or fails its checksum. Stored, deflated and
zstd members (what Excel, openpyxl, xlsxwriter and inspect write) are read; other compression
methods and encrypted members are refused. A refusal is one `ZipProblem`, a clause to follow the
file's name ("holds 'header.json', which inflates past ...").
"""

from __future__ import annotations

import struct
import zipfile
import zlib
from collections.abc import Iterator
from typing import IO, BinaryIO, cast

MAX_MEMBERS = 10_000
#: The most one member may unpack to, and all of them together.
MAX_MEMBER = 256 << 20
MAX_UNPACKED = 1 << 30
MAX_RATIO = 200
#: The largest piece inflated in one step: what one step can cost in memory, whatever a member holds.
CHUNK = 1 << 16
_RATIO_FLOOR = 16 << 20
_LOCAL_HEADER = struct.Struct("<4s2B4HL2L2H")
_STORED, _DEFLATED, _ZSTD = zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, 93


class ZipProblem(Exception):
    """Why a zip is refused, as a clause that follows the file's name."""


class NotAZip(ZipProblem):
    """The file is no zip at all: its reader names what it expected instead."""


class BoundedZip:
    """The members of a zip in an open, seekable file, each inflated within bounds (module docstring).

    Raises:
        ZipProblem: the file is no zip, or its directory breaks a bound.
    """

    def __init__(self, handle: BinaryIO) -> None:
        self._handle = handle
        try:
            archive = zipfile.ZipFile(handle)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError) as error:
            raise NotAZip(f"is not a zip archive ({_detail(error)})") from None
        #: Every entry of the directory, in its order (a name given twice, twice).
        self.entries = archive.infolist()
        _check_directory(self.entries)
        #: Each member by name (a name given twice: its last entry, as every zip reader takes it).
        self.members = {info.filename: info for info in self.entries}

    def inflate(self, member: str | zipfile.ZipInfo) -> Iterator[bytes]:
        """The bytes of member `name`, in pieces of at most `CHUNK` bytes, counted against its declared size.

        Raises:
            ZipProblem: the member inflates past its declared size, ends short of it, fails its
                checksum, is damaged, encrypted, or compressed in a way we do not read.
        """
        info = self.members[member] if isinstance(member, str) else member
        name = info.filename
        if info.flag_bits & 0x1:
            raise ZipProblem(f"holds {name!r}, which is encrypted")
        raw = _Slice(self._handle, _data_offset(self._handle, info), info.compress_size)
        left, checksum = info.file_size, 0
        try:
            for piece in _pieces(raw, info.compress_type, name):
                left -= len(piece)
                if left < 0:
                    raise ZipProblem(
                        f"holds {name!r}, which inflates past the {info.file_size:,} bytes its directory "
                        "declares (a zip bomb?)"
                    )
                checksum = zlib.crc32(piece, checksum)
                yield piece
        except (zlib.error, OSError, EOFError, ValueError) as error:
            raise ZipProblem(f"holds {name!r}, which is damaged ({_detail(error)})") from None
        if left > 0 or checksum != info.CRC:
            raise ZipProblem(
                f"holds {name!r}, which is damaged (it does not inflate to what its directory declares)"
            )

    def read(self, name: str) -> bytes:
        """Member `name` whole (`inflate` joined)."""
        return b"".join(self.inflate(name))


def _check_directory(members: list[zipfile.ZipInfo]) -> None:
    if len(members) > MAX_MEMBERS:
        raise ZipProblem(f"holds {len(members):,} archive members, more than {MAX_MEMBERS:,}")
    total = sum(member.file_size for member in members)
    if total > MAX_UNPACKED:
        raise ZipProblem(f"unpacks to {total:,} bytes, more than {MAX_UNPACKED:,} (a zip bomb?)")
    for member in members:
        if member.file_size > MAX_MEMBER:
            raise ZipProblem(
                f"holds {member.filename!r}, which unpacks to {member.file_size:,} bytes, more than "
                f"{MAX_MEMBER:,} (a zip bomb?)"
            )
        ratio = member.file_size // max(1, member.compress_size)
        if member.file_size >= _RATIO_FLOOR and ratio > MAX_RATIO:
            raise ZipProblem(
                f"holds {member.filename!r}, which unpacks {ratio:,} times larger than stored (zip bomb?)"
            )


def _data_offset(handle: BinaryIO, info: zipfile.ZipInfo) -> int:
    """Where member `info`'s compressed bytes start: after its local header, name and extra field."""
    handle.seek(info.header_offset)
    header = handle.read(_LOCAL_HEADER.size)
    if len(header) != _LOCAL_HEADER.size or header[:4] != b"PK\x03\x04":
        raise ZipProblem(f"holds {info.filename!r}, whose local header is damaged")
    fields = _LOCAL_HEADER.unpack(header)
    return info.header_offset + _LOCAL_HEADER.size + fields[-2] + fields[-1]


def _pieces(raw: _Slice, method: int, name: str) -> Iterator[bytes]:
    """The inflated bytes of a member's compressed stream `raw`, at most `CHUNK` per piece."""
    if method == _STORED:
        while piece := raw.read(CHUNK):
            yield piece
    elif method == _DEFLATED:
        inflater = zlib.decompressobj(-zlib.MAX_WBITS)
        while not inflater.eof:
            data = inflater.unconsumed_tail or raw.read(CHUNK)
            if not data:
                break
            yield inflater.decompress(data, CHUNK)
        yield inflater.flush()  # what is left once all input is in: never more than one step's worth
    elif method == _ZSTD:
        try:
            import zstandard
        except ImportError:
            raise ZipProblem(
                f"holds {name!r}, compressed with zstd, which needs the zstandard package (pip install "
                "inspect-ai)"
            ) from None
        source = cast("IO[bytes]", raw)  # all a stream reader calls is `read`
        reader = zstandard.ZstdDecompressor().stream_reader(source, read_across_frames=True, closefd=False)
        try:
            while piece := reader.read(CHUNK):
                yield piece
        except zstandard.ZstdError as error:
            raise ZipProblem(f"holds {name!r}, which is damaged ({_detail(error)})") from None
    else:
        raise ZipProblem(f"holds {name!r}, compressed with method {method}, which we do not read")


class _Slice:
    """`size` bytes of `handle` from `start`, read as a file of their own (what a decompressor reads)."""

    def __init__(self, handle: BinaryIO, start: int, size: int) -> None:
        self._handle, self._position, self._left = handle, start, size

    def read(self, size: int = -1) -> bytes:
        wanted = self._left if size < 0 else min(size, self._left)
        if wanted <= 0:
            return b""
        self._handle.seek(self._position)
        data = self._handle.read(wanted)
        self._position += len(data)
        self._left -= len(data)
        return data


def _detail(error: BaseException) -> str:
    text = str(error).split("\n")[0][:80]
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
