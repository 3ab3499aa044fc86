"""Pixel digests of the images a folder's shards store: the part of `verify` that decodes every image.

Decoding is most of what `verify --no-redraw` does. Shards are read in this process (fast), each
distinct PNG is decoded once however many rows and splits store it, and the decoding is spread
over worker processes. Workers import only pyarrow and the PNG decoder (never `datasets`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

import pyarrow.parquet as pq

from builders.core.pool import pool_size, worker_pool
from builders.core.raster import decode_png, pixel_sha256

#: PNGs handed to a worker at a time: enough to keep the pipe busy, few enough to share the work.
CHUNK = 8


@dataclasses.dataclass(frozen=True)
class StoredImage:
    """One row's image as stored: its id (the file name's stem) and its pixels' digest."""

    image_id: str
    #: None when the row embeds no bytes; "undecodable (Error)" when the bytes are not a PNG.
    pixel_sha256: str | None


@dataclasses.dataclass(frozen=True)
class ShardImages:
    """Every stored image of one shard in row order, or why the shard could not be read."""

    images: list[StoredImage]
    unreadable: str | None = None


def pixel_digest(png: bytes) -> str:
    """The pixel digest of PNG bytes, or "undecodable (Error)"."""
    try:
        return pixel_sha256(decode_png(png))
    except Exception as error:  # corrupt PNG bytes
        return f"undecodable ({type(error).__name__})"


def read_shards_images(paths: Sequence[str], workers: int | None) -> Iterator[ShardImages]:
    """The stored images of every shard in `paths`, in order, decoding in up to `workers` processes."""
    digests: dict[bytes, str] = {}  # sha256 of the PNG bytes -> pixel digest, across every shard
    with _mapper(pool_size(workers, len(paths), "shards to read")) as mapped:
        for path in paths:
            try:
                cells = _image_cells(path)
            except Exception as error:  # pyarrow raises several types for corrupt files
                yield ShardImages([], f"{type(error).__name__}: {error}")
                continue
            keyed = [
                (image_id, hashlib.sha256(data).digest() if data else None, data) for image_id, data in cells
            ]
            new = {key: data for _, key, data in keyed if key and data and key not in digests}
            digests.update(zip(new, mapped(pixel_digest, new.values()), strict=True))
            yield ShardImages(
                [StoredImage(image_id, digests[key] if key else None) for image_id, key, _ in keyed]
            )


def _image_cells(path: str) -> list[tuple[str, bytes | None]]:
    """(image id, PNG bytes or None) of every row of a shard."""
    cells = []
    for batch in pq.ParquetFile(path).iter_batches(columns=["image"], batch_size=64):
        for cell in batch.column(0).to_pylist():
            cells.append((Path(cell["path"] or "").stem, cell["bytes"] or None))
    return cells


Mapper = Callable[[Callable[[bytes], str], Iterable[bytes]], list[str]]


@contextlib.contextmanager
def _mapper(workers: int) -> Iterator[Mapper]:
    """`map` in this process for one worker, else over a pool of `workers` spawned processes."""
    if workers <= 1:
        yield lambda function, items: list(map(function, items))
        return
    with worker_pool(workers) as pool:
        yield lambda function, items: pool.map(function, list(items), chunksize=CHUNK)
