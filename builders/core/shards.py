"""Streaming Parquet shards for one (config, split), named the way the Hub names them.

Rows are encoded against the family's explicit schema (`builders.core.schema`), buffered
one row group at a time (small groups, as `datasets` uses for image data, so
the Hub viewer can page through them) and written as they come: memory stays
flat however large the build. Shards roll over at `max_shard_bytes` and get
their final `split-NNNNN-of-NNNNN.parquet` names when the split is closed.
No row carries a negative zero: -0.0 (a sign times a zero step) equals 0.0 but prints as "-0.0".
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from builders.core.schema import Schema

ROW_GROUP_SIZE = 100
MAX_SHARD_BYTES = 256 * 1024 * 1024


@dataclasses.dataclass(frozen=True)
class SplitFiles:
    """What one closed split wrote: relative file paths, rows, and Arrow bytes."""

    files: tuple[str, ...]
    num_rows: int
    num_bytes: int


class SplitWriter:
    """Writes one split of one config into `root/config/` as Parquet shards."""

    def __init__(
        self,
        root: Path,
        config: str,
        split: str,
        schema: Schema,
        *,
        row_group_size: int = ROW_GROUP_SIZE,
        max_shard_bytes: int = MAX_SHARD_BYTES,
    ) -> None:
        self.root = root
        self.config = config
        self.split = split
        self.schema = schema
        self.row_group_size = row_group_size
        self.max_shard_bytes = max_shard_bytes
        self._buffer: list[dict[str, Any]] = []
        self._writer: pq.ParquetWriter | None = None
        self._parts: list[Path] = []
        self.num_rows = 0
        self.num_bytes = 0
        (root / config).mkdir(parents=True, exist_ok=True)

    def add(self, row: dict[str, Any]) -> None:
        """Encode and queue one row; a full row group is written at once."""
        self._buffer.append(without_negative_zero(self.schema.encode(row)))
        if len(self._buffer) >= self.row_group_size:
            self._flush()

    def _flush(self) -> None:
        if not self._buffer:
            return
        table = pa.Table.from_pylist(self._buffer, schema=self.schema.arrow_schema)
        self._buffer = []
        if self._writer is None:
            part = self.root / self.config / f".{self.split}-part{len(self._parts):05d}.parquet"
            self._parts.append(part)
            self._writer = pq.ParquetWriter(part, self.schema.arrow_schema, compression="snappy")
        self._writer.write_table(table, row_group_size=self.row_group_size)
        self.num_rows += table.num_rows
        self.num_bytes += table.nbytes
        if os.path.getsize(self._parts[-1]) >= self.max_shard_bytes:
            self._writer.close()
            self._writer = None

    def close(self) -> SplitFiles:
        """Write what is buffered, close the last shard and give shards their final names."""
        self._flush()
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        total = len(self._parts)
        files = []
        for index, part in enumerate(self._parts):
            name = f"{self.split}-{index:05d}-of-{total:05d}.parquet"
            part.rename(part.with_name(name))
            files.append(f"{self.config}/{name}")
        return SplitFiles(tuple(files), self.num_rows, self.num_bytes)


def without_negative_zero(value: Any) -> Any:
    """`value` with every -0.0 in it (in lists and structs too) made 0.0; nothing else changes.

    >>> without_negative_zero({"p": -0.0, "xs": [-0.0, -1.5], "s": "-0.0"})
    {'p': 0.0, 'xs': [0.0, -1.5], 's': '-0.0'}
    """
    if isinstance(value, float):
        return value + 0.0  # IEEE: -0.0 + 0.0 is +0.0; any other float (NaN included) is itself
    if isinstance(value, dict):
        return {key: without_negative_zero(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [without_negative_zero(item) for item in value]
    return value
