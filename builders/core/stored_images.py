"""Pixel digests of the images a folder's shards store: the part of `verify` that decodes every image.

Decoding is most of what `verify --no-redraw` does, so shards are read in worker processes, one
shard per task. This module imports only pyarrow and the PNG decoder, so a worker starts in a
fraction of a second (it never imports `datasets`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import multiprocessing
from collections.abc import Iterator, Sequence
from pathlib import Path

import pyarrow.parquet as pq

from builders.core.raster import decode_png, pixel_sha256


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


def read_shard_images(path: str) -> ShardImages:
    """Decode every image of the shard at `path`, each distinct PNG once."""
    try:
        batches = list(pq.ParquetFile(path).iter_batches(columns=["image"], batch_size=64))
    except Exception as error:  # pyarrow raises several types for corrupt files
        return ShardImages([], f"{type(error).__name__}: {error}")
    digests: dict[bytes, str] = {}
    images = []
    for batch in batches:
        for cell in batch.column(0).to_pylist():
            image_id = Path(cell["path"] or "").stem
            data = cell["bytes"]
            if not data:
                images.append(StoredImage(image_id, None))
                continue
            key = hashlib.sha256(data).digest()
            if key not in digests:
                try:
                    digests[key] = pixel_sha256(decode_png(data))
                except Exception as error:  # corrupt PNG bytes
                    digests[key] = f"undecodable ({type(error).__name__})"
            images.append(StoredImage(image_id, digests[key]))
    return ShardImages(images)


def read_shards_images(paths: Sequence[str], workers: int) -> Iterator[ShardImages]:
    """`read_shard_images` of every path, in order, in up to `workers` processes (never more than shards)."""
    workers = min(workers, len(paths))
    if workers <= 1:
        yield from map(read_shard_images, paths)
        return
    pool = multiprocessing.get_context("spawn").Pool(workers)
    try:
        yield from pool.imap(read_shard_images, paths)
        pool.close()
    finally:
        pool.terminate()
        pool.join()
