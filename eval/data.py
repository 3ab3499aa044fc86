"""Read the rows of one config and split of a built dataset folder, without their images.

The folder's card (`README.md` `configs:`) says which Parquet files hold a split, exactly as
`datasets.load_dataset` would read them; the files are then read directly with pyarrow, skipping the
image column, so scoring neither decodes images nor writes a `datasets` cache.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
from datasets import get_dataset_config_names, load_dataset_builder

from eval.errors import UsageError


def load_rows(data: Path, config: str, split: str) -> list[dict[str, Any]]:
    """Every row of `config`/`split` in the built folder `data`, as dicts without the `image` column.

    Raises:
        UsageError: `data` is not a folder, or it has no such config or split.
    """
    if not data.is_dir():
        raise UsageError(
            f"data folder {str(data)!r} does not exist; build it with `python -m builders build <family>` "
            "and pass the folder it writes, e.g. --data build/vlmbias or --data build/vi-probe"
        )
    configs = get_dataset_config_names(str(data))
    if config not in configs:
        raise UsageError(f"unknown config {config!r} in {str(data)!r}; choose from: {', '.join(configs)}")
    data_files = load_dataset_builder(str(data), config).config.data_files or {}
    if split not in data_files:
        raise UsageError(
            f"unknown split {split!r} in config {config!r}; choose from: {', '.join(sorted(data_files))}"
        )
    tables = [_read_without_images(file) for file in data_files[split]]
    return pa.concat_tables(tables).to_pylist()


def _read_without_images(file: str) -> pa.Table:
    columns = [name for name in pq.read_schema(file).names if name != "image"]
    return pq.read_table(file, columns=columns)
