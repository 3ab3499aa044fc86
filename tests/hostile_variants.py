"""Seeded hostile variants of a good input file, for tests/test_hostile_eval_inputs.py.

`variants(reader, structural)` names a reader's variants (every byte and path variant once, then
seeded draws of the reader's structural ones, `VARIANTS` in all); `make` writes one. A variant is a
function of a seeded `random.Random`, the good file and the path to write.

Path variants put something other than the file where it belongs: a folder, links (dangling, to a
folder, in a loop), a named pipe and a device node (a node of the test's own folder with
`/dev/zero`'s numbers, made as root; a pipe otherwise): a reader that opened either would wait or
read for ever. Zip variants include lying members (a zstd stream of run-length blocks that inflates
far past the size the directory declares, a few kilobytes on disk), and workbook variants sparse
sheets (a declared dimension of a million rows by 16,384 columns, a cell on row 200,000,000) and
replies saved as formulas.
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
import stat
import struct
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

VARIANTS = 24  # per reader: seeded, so each run tries the same ones

Variant = Callable[[random.Random, Path, Path], None]  # (rng, good file, variant path) -> writes it


def _bytes(change: Callable[[random.Random, bytes], bytes]) -> Variant:
    def write(rng: random.Random, source: Path, path: Path) -> None:
        path.write_bytes(change(rng, source.read_bytes()))

    return write


def _truncated(rng: random.Random, data: bytes) -> bytes:
    return data[: rng.randrange(len(data))]


def _flipped(rng: random.Random, data: bytes) -> bytes:
    changed = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        changed[rng.randrange(len(changed))] ^= rng.randint(1, 255)
    return bytes(changed)


def _nul(rng: random.Random, data: bytes) -> bytes:
    at = rng.randrange(len(data))
    return data[:at] + b"\x00" + data[at:]


BYTE_VARIANTS: dict[str, Variant] = {
    "truncated": _bytes(_truncated),
    "flipped": _bytes(_flipped),
    "byte-order mark": _bytes(lambda rng, data: b"\xef\xbb\xbf" + data),
    "NUL": _bytes(_nul),
    "empty": _bytes(lambda rng, data: b""),
    "noise": _bytes(lambda rng, data: rng.randbytes(rng.randint(1, 2000))),
}


def _directory(rng: random.Random, source: Path, path: Path) -> None:
    path.mkdir()


def _dangling(rng: random.Random, source: Path, path: Path) -> None:
    path.symlink_to(path.parent / "nowhere")


def _to_directory(rng: random.Random, source: Path, path: Path) -> None:
    (path.parent / "a-folder").mkdir(exist_ok=True)
    path.symlink_to(path.parent / "a-folder")


def _to_good(rng: random.Random, source: Path, path: Path) -> None:
    path.symlink_to(source)


def _pipe(rng: random.Random, source: Path, path: Path) -> None:
    os.mkfifo(path)


def _device(rng: random.Random, source: Path, path: Path) -> None:
    """A character device node with /dev/zero's numbers (as root), else a pipe: both never end."""
    if os.geteuid() == 0:
        os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 5))
    else:
        os.mkfifo(path)


def _loop(rng: random.Random, source: Path, path: Path) -> None:
    path.symlink_to(path)


PATH_VARIANTS: dict[str, Variant] = {
    "a directory": _directory,
    "a dangling symlink": _dangling,
    "a symlink to a directory": _to_directory,
    "a symlink to the good file": _to_good,
    "a named pipe": _pipe,
    "a device": _device,
    "a symlink loop": _loop,
}

#: Values that are the wrong type almost anywhere, and values JSON allows but a reader may not.
WRONG = ["0.9", [1, 2], {"a": 1}, None, True, -7, 1e308, "x\ud800", "", []]
DEEP = "[" * 100_000 + "]" * 100_000


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every key path into a JSON value (lists: their first three items)."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield (*prefix, key)
            yield from _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:3]):
            yield (*prefix, index)
            yield from _paths(inner, (*prefix, index))


def _set(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    changed = copy.deepcopy(value)
    target = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    return changed


def _json_text(rng: random.Random, value: Any) -> str:
    """`value` changed at one random key path, as JSON text: a wrong type, a surrogate, a huge string,
    an integer of 5,000 digits or nesting 100,000 deep."""
    path = rng.choice(list(_paths(value)))
    kind = rng.choice(["wrong", "wrong", "wrong", "huge", "long-int", "deep"])
    if kind == "deep":
        return json.dumps(_set(value, path, "@DEEP@")).replace('"@DEEP@"', DEEP)
    if kind == "long-int":
        return json.dumps(_set(value, path, "@INT@")).replace('"@INT@"', "9" * 5000)
    new = "y" * 3_000_000 if kind == "huge" else rng.choice(WRONG)
    return json.dumps(_set(value, path, new))


def json_variant(rng: random.Random, source: Path, path: Path) -> None:
    path.write_text(_json_text(rng, json.loads(source.read_text())), encoding="utf-8", errors="surrogatepass")


def jsonl_variant(rng: random.Random, source: Path, path: Path) -> None:
    lines = source.read_text().splitlines()
    at = rng.randrange(len(lines))
    lines[at] = _json_text(rng, json.loads(lines[at]))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="surrogatepass")


def table_variant(rng: random.Random, source: Path, path: Path) -> None:
    """A cell of a text table changed: not a number, huge, a quote, a NUL, an encoded surrogate."""
    data = source.read_bytes()
    cells = list(re.finditer(rb'"[^"]*"', data))
    cell = rng.choice(cells)
    new = rng.choice([b'"abc"', b'"1e400"', b'"-1"', b'"nan"', b'"' + b"z" * 3_000_000 + b'"', b'"a"b"'])
    new = rng.choice([new, b'"\x00"', b'"\xed\xa0\x80"', b'"' + b"\t" * 40 + b'"', b""])
    path.write_bytes(data[: cell.start()] + new + data[cell.end() :])


def zip_member_variant(member: Callable[[zipfile.ZipInfo], bool]) -> Variant:
    """A zip (workbook, inspect log) with one member rewritten: JSON changed as `_json_text`, XML cut."""

    def write(rng: random.Random, source: Path, path: Path) -> None:
        with zipfile.ZipFile(source) as old, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
            chosen = rng.choice([info for info in old.infolist() if member(info)])
            for info in old.infolist():
                data = old.read(info)
                if info.filename == chosen.filename:
                    if info.filename.endswith(".json"):
                        data = _json_text(rng, json.loads(data)).encode("utf-8", "surrogatepass")
                    else:
                        data = _truncated(rng, data)
                new.writestr(info, data)

    return write


def zip_bomb(name: str) -> Variant:
    """A zip whose member `name` is 64 MiB of spaces stored in about 64 KB."""

    def write(rng: random.Random, source: Path, path: Path) -> None:
        with zipfile.ZipFile(source) as old, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
            for info in old.infolist():
                if info.filename != name:
                    new.writestr(info, old.read(info))
            with new.open(name, "w") as member:
                for _ in range(64):
                    member.write(b" " * (1 << 20))

    return write


def zstd_run(size: int, byte: bytes = b" ") -> bytes:
    """A zstd frame that inflates to `size` bytes of `byte` (a multiple of 128 KiB), from 4 bytes per
    128 KiB: run-length blocks, as no compressor is asked to write them."""
    block = 1 << 17
    frame = bytearray(b"\x28\xb5\x2f\xfd\x00\x38")  # magic; no size, no checksum; a 128 KiB window
    count = size // block
    for number in range(count):
        header = (block << 3) | (1 << 1) | (number == count - 1)  # an RLE block; the last one ends the frame
        frame += header.to_bytes(3, "little") + byte
    return bytes(frame)


def raw_members(source: Path) -> list[tuple[str, int, bytes, int, int]]:
    """(name, method, compressed bytes, declared size, CRC-32) of every member of the zip `source`."""
    data = source.read_bytes()
    found = []
    with zipfile.ZipFile(source) as archive:
        for info in archive.infolist():
            names, extra = struct.unpack_from("<2H", data, info.header_offset + 26)
            start = info.header_offset + 30 + names + extra
            raw = data[start : start + info.compress_size]
            found.append((info.filename, info.compress_type, raw, info.file_size, info.CRC))
    return found


def write_zip(path: Path, members: list[tuple[str, int, bytes, int, int]]) -> None:
    """A zip of (name, method, compressed bytes, declared size, CRC-32) members, written by hand: its
    directory declares the sizes given, whatever the bytes inflate to."""
    body, directory = bytearray(), bytearray()
    for name, method, raw, size, crc in members:
        encoded, version, offset = name.encode(), 63 if method == 93 else 20, len(body)
        fields = (version, 0, method, 0, 0x21, crc, len(raw), size, len(encoded))
        body += struct.pack("<4s5H3L2H", b"PK\x03\x04", *fields, 0) + encoded + raw
        directory += struct.pack("<4s6H3L5H2L", b"PK\x01\x02", 63, *fields, 0, 0, 0, 0, 0, offset) + encoded
    end = struct.pack(
        "<4s4H2LH", b"PK\x05\x06", 0, 0, len(members), len(members), len(directory), len(body), 0
    )
    path.write_bytes(bytes(body + directory + end))


def lying_member(name: str, inflated: int = 64 << 20) -> Variant:
    """A zip whose member `name` keeps its declared size and checksum but holds a zstd stream that
    inflates to `inflated` bytes (a few kilobytes on disk)."""

    def write(rng: random.Random, source: Path, path: Path) -> None:
        members = raw_members(source)
        write_zip(
            path,
            [
                (n, 93, zstd_run(inflated), size, crc) if n == name else (n, m, raw, size, crc)
                for n, m, raw, size, crc in members
            ],
        )

    return write


def _rewritten(source: Path, path: Path, member: str, change: Callable[[str], str]) -> None:
    """The zip `source` with the text of `member` changed, written to `path`."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            data = old.read(info)
            if info.filename == member:
                data = change(data.decode("utf-8")).encode("utf-8")
            new.writestr(info.filename, data)


SHEET = "xl/worksheets/sheet1.xml"
#: A row of one cell on row 200,000,000, far past the 1,048,576 rows a sheet can have.
FAR_ROW = '<row r="200000000"><c r="A200000000"><v>1</v></c></row>'
#: A sheet's last cell, XFD1048576, and the dimension that declares it: a reader that trusts the
#: dimension fills a million rows of 16,384 columns to reach it.
CORNER = '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>'


def cornered(xml: str) -> str:
    """A sheet's XML declaring `A1:XFD1048576` and holding a cell in that corner."""
    xml = re.sub(r'<dimension ref="[^"]*"', '<dimension ref="A1:XFD1048576"', xml)
    return xml.replace("</sheetData>", f"{CORNER}</sheetData>")


def sparse_sheet(rng: random.Random, source: Path, path: Path) -> None:
    """A workbook whose sheet declares a million rows by 16,384 columns (and fills the corner), or
    holds a cell on row 200,000,000 or in column XFD (16,384): a reader that fills the gaps streams
    filler for minutes."""
    far = rng.choice(
        [
            cornered,
            lambda xml: re.sub(r"<dimension [^>]*/>", "", xml).replace(
                "</sheetData>", f"{FAR_ROW}</sheetData>"
            ),
            lambda xml: xml.replace("</row>", '<c r="XFD2" t="n"><v>1</v></c></row>', 2),
        ]
    )
    _rewritten(source, path, SHEET, far)


def formula_cells(rng: random.Random, source: Path, path: Path) -> None:
    """A workbook whose text cells of one column are formulas, as xlsxwriter saves text that begins
    with "=": the formula and a cached value of 0."""
    column = rng.choice("ABC")

    def change(xml: str) -> str:
        pattern = rf'<c r="({column}[0-9]+)" t="inlineStr"><is><t>([^<]*)</t></is></c>'
        return re.sub(pattern, r'<c r="\1"><f>\2</f><v>0</v></c>', xml)

    _rewritten(source, path, SHEET, change)


def variants(reader: str, structural: list[Variant]) -> list[tuple[str, int]]:
    """(variant name, seed) pairs: every byte and path variant, then seeded draws of the structural ones."""
    names = [*BYTE_VARIANTS, *PATH_VARIANTS, *(f"structure {n}" for n in range(len(structural)))]
    rng = random.Random(f"hostile {reader}")
    names += [f"structure {rng.randrange(len(structural))}" for _ in range(VARIANTS - len(names))]
    return [(name, rng.randrange(1 << 30)) for name in names]


def make(name: str, seed: int, structural: list[Variant], source: Path, path: Path) -> None:
    rng = random.Random(seed)
    if name in BYTE_VARIANTS:
        BYTE_VARIANTS[name](rng, source, path)
    elif name in PATH_VARIANTS:
        PATH_VARIANTS[name](rng, source, path)
    else:
        structural[int(name.split()[1])](rng, source, path)
