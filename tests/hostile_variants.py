"""Seeded hostile variants of a good input file, for tests/test_hostile_eval_inputs.py.

`variants(reader, structural)` names a reader's variants (every byte and path variant once, then
seeded draws of the reader's structural ones, `VARIANTS` in all); `make` writes one. A variant is a
function of a seeded `random.Random`, the good file and the path to write.
"""

from __future__ import annotations

import copy
import json
import random
import re
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


PATH_VARIANTS: dict[str, Variant] = {
    "a directory": _directory,
    "a dangling symlink": _dangling,
    "a symlink to a directory": _to_directory,
    "a symlink to the good file": _to_good,
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
