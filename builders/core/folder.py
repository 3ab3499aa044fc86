"""`BuiltFolder`: the one reader of a folder written by `build` (manifest, configs, splits, shards, rows).

`verify`, `gallery`, the card and `eval` all read built folders through it, so they
agree on what a config or split holds (a union config is its members' shards, as
the card's `data_files` globs say) and every problem is one sentence.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builders.core.errors import UsageError, VerifyError
from builders.core.manifest import MANIFEST_NAME, Manifest

if TYPE_CHECKING:  # pyarrow is imported by the methods that read shards: opening a folder stays light
    import pyarrow as pa

#: Rows are read in batches this size: small enough for image columns to stay flat in memory.
BATCH_ROWS = 64


class BuiltFolder:
    """A dataset folder as `build` wrote it; the manifest is read and validated on opening."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        if not self.path.is_dir():
            raise UsageError(
                f"{str(self.path)!r} is not a folder; pass a built dataset folder (build/<repo-name>)"
            )
        if not (self.path / MANIFEST_NAME).is_file():
            raise UsageError(_not_a_dataset(self.path))
        self.manifest = Manifest.read(self.path)

    @property
    def family(self) -> str:
        """The name of the family that built the folder, as the manifest records it."""
        return self.manifest.family

    def manifest_sha256(self) -> str:
        """SHA-256 of `manifest.json` as stored (the card cites it)."""
        return hashlib.sha256((self.path / MANIFEST_NAME).read_bytes()).hexdigest()

    def config_names(self) -> tuple[str, ...]:
        return self.manifest.config_names()

    def check_config(self, config: str) -> tuple[str, ...]:
        """The built configs making up `config`; UsageError naming the choices if there is none."""
        if config not in self.config_names():
            raise UsageError(
                f"unknown config {config!r} in {str(self.path)!r}; "
                f"choose from: {', '.join(self.config_names())}"
            )
        return self.manifest.members(config)

    def splits(self, config: str) -> tuple[str, ...]:
        """The splits `config` has, in the order its members list them."""
        found: dict[str, None] = {}
        for member in self.check_config(config):
            found.update(dict.fromkeys(self.manifest.configs[member].splits))
        return tuple(found)

    def shards(self, config: str, split: str) -> list[Path]:
        """The Parquet files of `config`/`split`; UsageError for an unknown split, VerifyError if missing."""
        members = self.check_config(config)
        if split not in self.splits(config):
            raise UsageError(
                f"unknown split {split!r} in config {config!r}; choose from: {', '.join(self.splits(config))}"
            )
        paths = []
        for member in members:
            entry = self.manifest.configs[member].splits.get(split)
            for relative in entry.files if entry else ():
                path = self.path / relative
                if not path.is_file():
                    raise VerifyError(
                        f"shard {relative} listed in the manifest is missing; rebuild the folder"
                    )
                paths.append(path)
        return paths

    def rows(self, config: str, split: str, columns: Sequence[str] | None = None) -> Iterator[dict[str, Any]]:
        """Rows of `config`/`split` in shard order, with only `columns` (default: all)."""
        for path in self.shards(config, split):
            yield from read_shard(path, columns, where=self._where(path))

    def read_rows(self, config: str, split: str) -> list[dict[str, Any]]:
        """Every row of `config`/`split` without its image: what scoring reads."""
        shards = self.shards(config, split)  # an unknown config or split is refused before pyarrow loads
        import pyarrow as pa

        tables = [_table_without_images(path, self._where(path)) for path in shards]
        return pa.concat_tables(tables).to_pylist() if tables else []

    def _where(self, path: Path) -> str:
        return path.relative_to(self.path).as_posix()


def read_shard(
    path: Path, columns: Sequence[str] | None = None, *, where: str = ""
) -> Iterator[dict[str, Any]]:
    """Rows of one shard in batches; an unreadable shard is a VerifyError naming it."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        batches = pq.ParquetFile(path).iter_batches(
            columns=list(columns) if columns is not None else None, batch_size=BATCH_ROWS
        )
        for batch in batches:
            yield from batch.to_pylist()
    except (OSError, pa.ArrowException) as error:
        raise _unreadable(where or str(path), error) from None


def _table_without_images(path: Path, where: str) -> pa.Table:
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:  # a ParquetFile: `pq.read_table` imports pyarrow.dataset and with it pandas (0.14 s a process)
        with pq.ParquetFile(path) as shard:
            return shard.read(columns=[name for name in shard.schema_arrow.names if name != "image"])
    except (OSError, pa.ArrowException) as error:
        raise _unreadable(where, error) from None


def _unreadable(where: str, error: Exception) -> VerifyError:
    return VerifyError(f"shard {where} is unreadable ({type(error).__name__}); rebuild the folder")


def _not_a_dataset(path: Path) -> str:
    """Why `path` is not a dataset folder, naming the dataset folders inside it when there are some."""
    inside = sorted(child.name for child in path.iterdir() if (child / MANIFEST_NAME).is_file())
    if inside:
        choices = ", ".join(str(path / name) for name in inside)
        return f"{str(path)!r} holds dataset folders, not a dataset; pass one of: {choices}"
    return f"{str(path)!r} has no {MANIFEST_NAME}, so it is not a folder written by `build`; build one first"
