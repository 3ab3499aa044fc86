"""Write IllusionBench+ rows to Parquet with the family's features and load them back with `datasets`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from datasets import Dataset, DatasetDict, load_dataset

from builders.illusionbench.columns import SPLITS
from builders.illusionbench.schema import SCHEMA


def round_trip(pairs: list[tuple[str, dict[str, Any], bytes]], folder: Path) -> DatasetDict:
    """`(split, row, png)` triples -> one Parquet file per split -> the splits as `datasets` loads them."""
    files = {}
    for split in SPLITS:
        rows = [{**row, "image": {"bytes": png, "path": None}} for s, row, png in pairs if s == split]
        path = folder / f"{split}.parquet"
        Dataset.from_list(rows, features=SCHEMA.features).to_parquet(str(path))
        files[split] = str(path)
    return load_dataset("parquet", data_files=files, cache_dir=str(folder / "cache"))
