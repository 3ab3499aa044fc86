"""Fuzzed hostile variants of every builder reader's input, through the real command line (issue 29).

For each reader (the AIpsych question file and photos, VISaGE tuples as CSV and JSONL and its photos,
IllusionBench+'s `Image_properties.json`, `category_map.json` and zip members, the VLMBias release's
image column, and `--params` TOML) a seeded generator turns the small valid input of
`tests.hostile_files` into variants: truncations, byte flips, byte-order marks, deep nesting, huge
fields, a wrong type at a key, NULs, lone surrogates, an empty file, a folder or a device or a link
where the file should be, and for images crafted headers (decompression bombs, pixel streams cut
short). Each variant goes through `python -m builders build` in this process and must end one of two
ways: refused (exit 2, one line of standard error, nothing at --out), or, when the mutation left a
valid input (a flipped letter in a description), built completely. An exception fails the test.

`FUZZ_VARIANTS=500` hunts longer (a fresh seed per variant number, same generator).
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from builders.core.hashing import rng_for
from tests import hostile_files as hostile
from tests.illusionbench.release_fixture import IMAGES

VARIANTS = int(os.environ.get("FUZZ_VARIANTS", "40"))
BOM = b"\xef\xbb\xbf"
WRONG_VALUES: tuple[Any, ...] = (None, True, 0, -1, 1.5, 10**30, "", "x", [], {}, [[["x"]]], {"a": {"b": 1}})


# --------------------------------------------------------------------------- mutations


def _bytes_variant(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    how = rng.choice(["truncate", "flip", "bom+truncate", "nul", "garbage", "empty"])
    if how == "truncate":
        return how, data[: rng.randrange(len(data))]
    if how == "flip":
        mutable = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            mutable[rng.randrange(len(mutable))] ^= rng.randint(1, 255)
        return how, bytes(mutable)
    if how == "bom+truncate":
        return how, BOM + data[: rng.randrange(len(data))]
    if how == "nul":
        at = rng.randrange(len(data))
        return how, data[:at] + b"\x00" + data[at:]
    if how == "garbage":
        return how, rng.randbytes(rng.randint(1, 200))
    return how, b""


def _nodes(value: Any, path: tuple = ()) -> list[tuple]:
    """Every path to a value inside a JSON document."""
    found = [path]
    if isinstance(value, dict):
        for key, child in value.items():
            found += _nodes(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += _nodes(child, (*path, index))
    return found


def _replaced(value: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    head, *rest = path
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[head] = _replaced(value[head], tuple(rest), new)
    return copy


def _get(value: Any, path: tuple) -> Any:
    for key in path:
        value = value[key]
    return value


def _json_value_variant(rng: random.Random, data: Any) -> tuple[str, Any]:
    path = rng.choice(_nodes(data))
    current = _get(data, path)
    how = rng.choice(["wrong type", "deep", "huge", "nul", "surrogate", "delete"])
    if how == "wrong type":
        return how, _replaced(data, path, rng.choice(WRONG_VALUES))
    if how == "deep":
        levels = rng.choice([33, 200, 990, 5_000, 100_000])
        return how, _replaced(data, path, json.loads("[" * min(levels, 900) + "]" * min(levels, 900)))
    if how == "huge":
        return how, _replaced(data, path, "w" * 200_000)
    if how in ("nul", "surrogate") and isinstance(current, str):
        at = rng.randrange(len(current) + 1)
        mark = "\x00" if how == "nul" else rng.choice(["\ud800", "\udfff", "\udc80"])
        return how, _replaced(data, path, current[:at] + mark + current[at:])
    if how == "delete" and path:
        parent = _get(data, path[:-1])
        trimmed = (
            {k: v for k, v in parent.items() if k != path[-1]}
            if isinstance(parent, dict)
            else [v for i, v in enumerate(parent) if i != path[-1]]
        )
        return how, _replaced(data, path[:-1], trimmed)
    return "wrong type", _replaced(data, path, rng.choice(WRONG_VALUES))


def _json_text(rng: random.Random, value: Any, how: str) -> bytes:
    text = json.dumps(value, ensure_ascii=rng.random() < 0.5)
    if how == "deep" and rng.random() < 0.5:  # deeper than Python's own recursion limit
        text = text.replace("[" * 900, "[" * 100_000, 1).replace("]" * 900, "]" * 100_000, 1)
    return text.encode("utf-8", "surrogatepass")


def json_variant(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    if rng.random() < 0.3:
        return _bytes_variant(rng, data)
    how, value = _json_value_variant(rng, json.loads(data))
    return how, _json_text(rng, value, how)


def jsonl_variant(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    if rng.random() < 0.3:
        return _bytes_variant(rng, data)
    lines = data.decode("utf-8").splitlines()
    n = rng.randrange(len(lines))
    how, value = _json_value_variant(rng, json.loads(lines[n]))
    lines[n] = _json_text(rng, value, how).decode("utf-8", "surrogatepass")
    return f"{how} (line {n + 1})", "\n".join(lines).encode("utf-8", "surrogatepass") + b"\n"


CSV_CELLS = ("x" * 140_000, "a\x00b", "", '"', "a\nb", "../outside.png", "/etc/passwd", "9" * 300 + ".jpg",
             "lion/" + "a" * 5_000 + ".png", "lion", "lion/maned_0.png", "tRuE", "maybe", "📷")  # fmt: skip


def csv_variant(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    if rng.random() < 0.3:
        return _bytes_variant(rng, data)
    rows = [line.split(",") for line in data.decode("utf-8").splitlines()]
    how = rng.choice(["cell", "cell", "cell", "extra column", "short row", "header"])
    n = rng.randrange(1, len(rows))
    if how == "cell":
        rows[n][rng.randrange(len(rows[n]))] = rng.choice(CSV_CELLS)
    elif how == "extra column":
        rows[n].append("surplus")
    elif how == "short row":
        rows[n] = rows[n][: rng.randrange(len(rows[n]))]
    else:
        rows[0][rng.randrange(len(rows[0]))] = rng.choice(["", "category", "Category", "typical image"])
    return how, ("\n".join(",".join(row) for row in rows) + "\n").encode("utf-8")


TOML_LINES = ("seed = 1", "resolutions = [[[1]]]", 'shape = "' + "s" * 200_000 + '"', "x = " + "[" * 5_000,
              "[table]\nkey = 1", "images_per_concept = -1", "images_per_concept = 1e400",
              "images_per_concept = 'ten'", "= 3", "a.b.c.d = {}")  # fmt: skip


def toml_variant(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    if rng.random() < 0.4:
        return _bytes_variant(rng, data)
    return "line", data + b"\n" + rng.choice(TOML_LINES).encode("utf-8") + b"\n"


def image_variant(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    how = rng.choice(["bytes", "bytes", "bomb", "wide", "cut short", "other format"])
    if how == "bytes":
        return _bytes_variant(rng, data)
    if how == "bomb":
        return how, hostile.png_header(rng.randint(8_000, 60_000), rng.randint(8_000, 60_000))
    if how == "wide":
        return how, hostile.png_header(rng.choice([1, 65_535, 2**31 - 1]), rng.choice([1, 2, 0]))
    if how == "cut short":
        return how, hostile.truncated_png((rng.randint(2, 64), rng.randint(2, 64)))
    fmt = rng.choice(["GIF", "BMP", "TIFF", "WEBP", "PCX", "ICO", "EPS"])
    return how, hostile.photo((rng.randint(1, 64), rng.randint(1, 64)), fmt)


# --------------------------------------------------------------------------- the readers


@dataclasses.dataclass(frozen=True)
class Reader:
    """One reader: how to write its valid input (argv, and the file a variant replaces), how to break
    that file, and, for an image stored inside another file, how to store the variant there."""

    make: Callable[[Path], tuple[list[str], Path]]
    mutate: Callable[[random.Random, bytes], tuple[str, bytes]]
    #: (folder, image bytes) -> argv of an input holding them: a zip member or a Parquet cell.
    plant: Callable[[Path, bytes], list[str]] | None = None

    @property
    def replaceable(self) -> bool:
        """Whether the file sits among the user's files, so a folder, a device or a link may stand in."""
        return self.plant is None


def _aipsych_questions(folder: Path) -> tuple[list[str], Path]:
    argv, questions, _ = hostile.aipsych_input(folder)
    return argv, questions


def _aipsych_photo(folder: Path) -> tuple[list[str], Path]:
    argv, _, images = hostile.aipsych_input(folder)
    return argv, next((images / "val2014").iterdir())


def _visage_csv(folder: Path) -> tuple[list[str], Path]:
    argv, tuples, _ = hostile.visage_input(folder)
    return argv, tuples


def _visage_jsonl(folder: Path) -> tuple[list[str], Path]:
    argv, tuples, _ = hostile.visage_input(folder, "tuples.jsonl")
    header, *rows = (line.split(",") for line in tuples.read_text(encoding="utf-8").splitlines())
    tuples.write_text("".join(json.dumps(dict(zip(header, r, strict=True))) + "\n" for r in rows), "utf-8")
    return argv, tuples


def _visage_photo(folder: Path) -> tuple[list[str], Path]:
    argv, _, photos = hostile.visage_input(folder)
    return argv, photos / "lion" / "maned_0.png"


def _release_json(folder: Path) -> tuple[list[str], Path]:
    argv, release = hostile.illusionbench_input(folder)
    return argv, release / "Image_properties.json"


def _category_map(folder: Path) -> tuple[list[str], Path]:
    argv, release = hostile.illusionbench_input(folder)
    path = release / "category_map.json"
    path.write_text('{"Ishihara": "ishihara", "No Illusion": "no_illusion"}', encoding="utf-8")
    return argv, path


def _params(folder: Path) -> tuple[list[str], Path]:
    argv, _, _ = hostile.visage_input(folder)
    path = folder / "params.toml"
    path.write_text("# lite, as it is\n", encoding="utf-8")
    return [*argv, "--params", str(path)], path


def _staged(original: bytes) -> Callable[[Path], tuple[list[str], Path]]:
    """An embedded image's variant is first written to `image.bin`, then planted."""

    def make(folder: Path) -> tuple[list[str], Path]:
        folder.mkdir(parents=True)
        (folder / "image.bin").write_bytes(original)
        return [], folder / "image.bin"

    return make


def _zip_member(folder: Path, data: bytes) -> list[str]:
    return hostile.illusionbench_input(folder, {**IMAGES, "classic_01.png": data})[0]


READERS = {
    "aipsych question file": Reader(_aipsych_questions, json_variant),
    "aipsych photo": Reader(_aipsych_photo, image_variant),
    "visage tuples csv": Reader(_visage_csv, csv_variant),
    "visage tuples jsonl": Reader(_visage_jsonl, jsonl_variant),
    "visage photo": Reader(_visage_photo, image_variant),
    "illusionbench Image_properties.json": Reader(_release_json, json_variant),
    "illusionbench category_map.json": Reader(_category_map, json_variant),
    "illusionbench zip member": Reader(_staged(IMAGES["classic_01.png"]), image_variant, _zip_member),
    "vlmbias image column": Reader(_staged(hostile.photo((48, 36))), image_variant, hostile.vlmbias_input),
    "--params TOML": Reader(_params, toml_variant),
}


def _replace_file(rng: random.Random, path: Path, work: Path) -> str:
    """Put something other than a regular file where `path` was."""
    how = rng.choice(["folder", "device", "dangling link", "link loop", "link to a folder", "fifo"])
    path.unlink()
    if how == "folder":
        path.mkdir()
    elif how == "device":
        path.symlink_to("/dev/zero")
    elif how == "dangling link":
        path.symlink_to(work / "nowhere")
    elif how == "link loop":
        path.symlink_to(path)
    elif how == "link to a folder":
        path.symlink_to(work)
    else:
        os.mkfifo(path)
    return how


@pytest.mark.filterwarnings("error::PIL.Image.DecompressionBombWarning")
@pytest.mark.parametrize("reader", list(READERS))
def test_every_hostile_variant_is_refused_in_one_sentence_or_built(reader: str, tmp_path: Path) -> None:
    spec = READERS[reader]
    outcomes = []
    for n in range(VARIANTS):
        rng = rng_for("hostile input", reader, n)
        work = tmp_path / str(n)
        argv, target = spec.make(work / "in")
        original = target.read_bytes()
        if spec.replaceable and rng.random() < 0.15:
            how = _replace_file(rng, target, work)
        else:
            how, data = spec.mutate(rng, original)
            target.write_bytes(data)
        if spec.plant is not None:
            argv = spec.plant(work / "planted", target.read_bytes())
        out = work / "out"
        code, err = hostile.run_build(argv, out)
        lines = err.strip().splitlines()
        context = f"{reader} variant {n} ({how}): exit {code}, stderr {err[-600:]!r}"
        if code == 0:
            assert any(out.glob("*/manifest.json")), context
        else:
            assert code == 2 and len(lines) == 1 and lines[0].startswith("error: "), context
            assert "<_io." not in lines[0] and "Traceback" not in err, context
            assert hostile.nothing_written(out), context
        outcomes.append(code)
    assert 2 in outcomes  # the generator does produce hostile input
