"""Read the rows of one config and split of a built dataset folder, without their images.

Rows come through `builders.core.folder.BuiltFolder`, the one reader of built folders: a union
config (`all`) is its members' shards, as the card's `data_files` say, and the image column is
never read, so scoring neither decodes images nor writes a `datasets` cache.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from builders.core.errors import BuilderError
from builders.core.folder import BuiltFolder
from builders.families import get_family
from eval.errors import UsageError

#: Joins splits one `eval score` reads together, e.g. an image's rows with and without its background.
JOIN = "+"


def open_folder(data: Path) -> BuiltFolder:
    """The built folder at `data`; a UsageError (one sentence) when it is not one."""
    try:
        return BuiltFolder(data)
    except BuilderError as error:
        raise UsageError(str(error)) from None


def load_rows(data: Path | BuiltFolder, config: str, split: str) -> list[dict[str, Any]]:
    """Every row of `config`/`split` in the built folder `data`, as dicts without the `image` column.
    `split` may join splits with `+` (`main+remove_background_q1q2`): their rows, one split after another.

    Raises:
        UsageError: `data` is not a built folder, it has no such config or split, a split is joined
            twice, or a shard is missing or unreadable.
    """
    folder = data if isinstance(data, BuiltFolder) else open_folder(data)
    try:
        return [row for part in _parts(split) for row in folder.read_rows(config, part)]
    except BuilderError as error:
        raise UsageError(str(error)) from None


def check_split(folder: BuiltFolder, config: str, split: str) -> None:
    """A UsageError (one sentence) unless `folder` has `config` and every split `split` joins, with
    their shards (no Parquet read: a refused command never loads pyarrow)."""
    try:
        for part in _parts(split):
            folder.shards(config, part)
    except BuilderError as error:
        raise UsageError(str(error)) from None


def _parts(split: str) -> list[str]:
    """The splits `split` joins with `JOIN`; a UsageError when one is named twice."""
    parts = split.split(JOIN)
    if len(set(parts)) < len(parts):
        raise UsageError(f"--split {split!r} names a split twice; join each split once")
    return parts


def default_split(family: str, split: str | None) -> str:
    """`split`, or the family's default split; a UsageError when the family has several and none is given."""
    if split is not None:
        return split
    declared = get_family(family)
    chosen = declared.default_split or (declared.splits[0] if len(declared.splits) == 1 else None)
    if chosen is None:
        raise UsageError(
            f"family {family!r} has several splits; pass --split (one of: {', '.join(declared.splits)})"
        )
    return chosen
