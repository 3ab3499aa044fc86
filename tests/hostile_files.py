"""Hostile files for the builders' readers of a user's input, and the four families' inputs to plant them in.

Each `*_input` function writes a small valid input for one family under a folder and returns the
command line that builds it (without `--out`); the tests then break one file of it. The images are
crafted byte by byte where PIL would refuse to write them: a PNG whose header states 30000 x 30000
pixels over a few bytes of data (a decompression bomb), and a PNG cut short whose checksums are
all valid (it passes PIL's `verify`, but its pixels do not all decode).
"""

from __future__ import annotations

import contextlib
import io
import shutil
import signal
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
from PIL import Image

from builders.cli import main as builders_main
from tests.aipsych.release import coco_release
from tests.fixtures.make_release_fixture import SCHEMA
from tests.fixtures.make_release_fixture import write_release as write_vlmbias_release
from tests.illusionbench.release_fixture import write_release as write_illusionbench_release

LITE = ["--preset", "lite", "--workers", "1", "--no-progress"]
VISAGE_FIXTURE = Path(__file__).parent / "visage" / "fixtures" / "external"
#: A VLMBias row of the fixture's `main` split whose image the tests replace.
VLMBIAS_ROW = "animal_067_stork_notitle_Q2_px384"


@contextlib.contextmanager
def own_sigterm() -> Iterator[None]:
    """`builders.cli.main` installs its own SIGTERM handler; give the caller its own back."""
    handler = signal.getsignal(signal.SIGTERM)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, handler)


def run_build(argv: list[str], out: Path) -> tuple[int, str]:
    """(exit code, standard error) of `python -m builders build ... --out OUT`, run in this process.

    An exception escaping the command fails the calling test, as a traceback would fail a user.
    """
    err = io.StringIO()
    with own_sigterm(), contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = builders_main(["build", *argv, "--out", str(out)])
    return code, err.getvalue()


def nothing_written(out: Path) -> bool:
    return not out.exists() or not any(out.iterdir())


# --------------------------------------------------------------------------- the four families' inputs


def aipsych_input(folder: Path) -> tuple[list[str], Path, Path]:
    """(argv, question file, image folder) of two COCO records."""
    questions, images = coco_release(folder)
    argv = ["aipsych", "--source", "official", "--questions", str(questions), "--images", str(images)]
    return [*argv, *LITE], questions, images


def visage_input(folder: Path, name: str = "tuples.csv") -> tuple[list[str], Path, Path]:
    """(argv, tuples file, photo folder): the VISaGE external fixture copied (as `name`)."""
    shutil.copytree(VISAGE_FIXTURE, folder)
    tuples = folder / name
    if name != "tuples.csv":
        (folder / "tuples.csv").rename(tuples)
    photos = folder / "photos"
    argv = ["visage", "--config", "external", "--source", "tuples", str(tuples), "--images", str(photos)]
    return [*argv, *LITE], tuples, photos


def illusionbench_input(folder: Path, images: dict[str, bytes] | None = None) -> tuple[list[str], Path]:
    """(argv, release folder): the IllusionBench+ release fixture, with `images` replacing its own."""
    release = write_illusionbench_release(folder, images=images)
    argv = ["illusionbench", "--source", "release", str(release), "--config", "classic"]
    return [*argv, *LITE], release


def vlmbias_input(folder: Path, image: bytes | None = None) -> list[str]:
    """argv of the VLMBias release fixture, `image` (if given) stored as the image of `VLMBIAS_ROW`."""
    copy = write_vlmbias_release(folder)
    if image is not None:
        path = copy / "data" / "main-00000-of-00001.parquet"
        rows = pq.read_table(path).to_pylist()
        for row in rows:
            if row["ID"] == VLMBIAS_ROW:
                row["image"] = {"bytes": image, "path": row["image"]["path"]}
        pq.write_table(pa.Table.from_pylist(rows, schema=SCHEMA), path, row_group_size=4)
    return ["vlmbias", "--config", "animals", "--source", "upstream", str(copy), *LITE]


# --------------------------------------------------------------------------- images


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_header(width: int, height: int, pixels: bytes | None = None) -> bytes:
    """A greyscale PNG stating `width` x `height` pixels over `pixels` (default: at most one row of
    zeros, compressed), every checksum valid."""
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    data = zlib.compress(b"\x00" * min(width + 1, 4096), 9) if pixels is None else pixels
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", data) + _chunk(b"IEND", b"")


def truncated_png(size: tuple[int, int] = (40, 30)) -> bytes:
    """A PNG of `size` whose compressed pixel stream stops halfway, under a valid checksum: PIL's
    `verify` passes it, decoding fails."""
    width, height = size
    rows = b"".join(b"\x00" + bytes((x * y) % 256 for x in range(width)) for y in range(height))
    stream = zlib.compress(rows, 9)
    return png_header(width, height, stream[: len(stream) // 2])


def photo(size: tuple[int, int] = (40, 30), fmt: str = "PNG") -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, (200, 30, 30)).save(buffer, format=fmt)
    return buffer.getvalue()


def deep_json(levels: int = 100_000) -> str:
    return "[" * levels + "]" * levels
