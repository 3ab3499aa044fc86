"""`build`: plan jobs, render them in parallel, stream rows into shards, publish atomically.

The folder is assembled under a hidden `.<repo>.partial-<pid>-*` sibling and
moved into place only when complete, so an interrupted or failed build leaves
no half-written dataset behind (and the next build sweeps leftovers of killed
ones). One build at a time writes a target folder (`builders.core.atomic`).
Configs already present in the target folder and not rebuilt are kept.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import itertools
import shutil
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

from tqdm import tqdm

from builders.core.allocator import keep_freed_memory
from builders.core.atomic import staged
from builders.core.draw import Rendered, bundles, hash_bundle, in_worker, render_bundle, worker_init
from builders.core.errors import BuilderError, UsageError
from builders.core.family import Family, ImageJob
from builders.core.folder import BuiltFolder
from builders.core.hashing import file_sha256
from builders.core.manifest import ConfigEntry, FileEntry, ImageEntry, Manifest, SplitEntry
from builders.core.params import to_plain
from builders.core.pool import pool_size, worker_pool
from builders.core.request import (
    check_edition,
    check_replaceable,
    check_selection,
    check_target,
    previous_manifest,
    resolve_parameters,
)
from builders.core.source import EMBEDDED, Source

T = TypeVar("T")


@dataclasses.dataclass(frozen=True)
class BuildReport:
    """What a build wrote and how long it took."""

    folder: Path
    configs: tuple[str, ...]
    images: int
    rows: int
    seconds: float


#: With the default `workers`, drawing starts in this process for `PROBE_SECONDS`; a pool (a worker per
#: core) then draws the rest only if it would take this process over `POOL_WORTH_SECONDS`. A worker is
#: a fresh interpreter importing the family's drawing code, about 0.25 s of CPU and 0.3 s of wall
#: before its first image: on a small build a pool is slower than drawing here
#: (benchmarks/RESULTS.md#drawing-workers). The clock decides how many processes draw, never what.
PROBE_SECONDS = 0.2
POOL_WORTH_SECONDS = 1.0


def rendered(
    family: Family, jobs: list[ImageJob], workers: int | None
) -> contextlib.AbstractContextManager[Iterator[Rendered]]:
    """Render jobs in order (bundled by spec), in a pool of up to `workers` processes (default: every
    core when the work is worth a pool, see `POOL_WORTH_SECONDS`; never more than there are bundles to
    draw or cores)."""
    return _drawn(family, jobs, workers, render_bundle)


def hashed(
    family: Family, jobs: list[ImageJob], workers: int | None
) -> contextlib.AbstractContextManager[Iterator[tuple[ImageJob, str]]]:
    """(job, pixel hash) of jobs drawn as `rendered` draws them, without encoding or describing them."""
    return _drawn(family, jobs, workers, hash_bundle)


@contextlib.contextmanager
def _drawn(
    family: Family,
    jobs: list[ImageJob],
    workers: int | None,
    work: Callable[[Family, list[ImageJob]], list[T]],
) -> Iterator[Iterator[T]]:
    """`work(family, bundle)` of every bundle in order, in this process or in a pool of workers."""
    keep_freed_memory()
    groups = list(bundles(jobs))
    done: list[list[T]] = []
    if workers is None:  # draw here a while, and start workers only for enough work left
        started = time.perf_counter()
        while len(done) < len(groups) and time.perf_counter() - started < PROBE_SECONDS:
            done.append(work(family, groups[len(done)]))
        left = len(groups) - len(done)
        each = (time.perf_counter() - started) / max(1, len(done))
        size = pool_size(None, left) if each * left > POOL_WORTH_SECONDS else 1
    else:
        size = pool_size(workers, len(groups))
    rest = groups[len(done) :]
    drawn = itertools.chain.from_iterable(done)
    if size <= 1:
        yield itertools.chain(drawn, itertools.chain.from_iterable(work(family, bundle) for bundle in rest))
        return
    with worker_pool(size, worker_init, (family,)) as pool:
        yield itertools.chain(
            drawn, itertools.chain.from_iterable(pool.imap(functools.partial(in_worker, work), rest))
        )


def build(
    family: Family,
    *,
    configs: Iterable[str] | None = None,
    preset: str | None = None,
    out: Path = Path("build"),
    workers: int | None = None,
    progress: bool = True,
    source: Source = EMBEDDED,
    overrides: Mapping[str, Any] | None = None,
    overrides_from: str = "--params",
    edition: int | None = None,
) -> BuildReport:
    """Build `configs` of `family` into `out/<repo_name>/`, atomically.

    `source` says where images come from (drawn by default); configs that cannot
    use it are refused before anything is written. `overrides` (a parsed `--params` table, named
    `overrides_from` in messages) change the preset's parameters; `edition` is the edition seed
    (None: the canonical edition). A folder holds one edition: another edition's folder is refused.
    """
    started = time.perf_counter()
    selected, preset = check_selection(family, configs, preset, source)
    check_edition(family, edition)
    params = resolve_parameters(family, preset, overrides, overrides_from)
    if workers is not None and workers < 1:
        raise UsageError(f"--workers must be at least 1, got {workers}")
    jobs = [
        job
        for config in selected
        for job in family.jobs(config, preset, source, params=params, edition=edition)
    ]
    _check_unique(jobs)
    empty = [config for config in selected if not any(job.config == config for job in jobs)]
    if empty:  # an empty config would make `datasets` refuse the whole folder
        raise UsageError(
            f"config {empty[0]!r} of family {family.name!r} has no images under preset {preset!r} "
            f"and --source {source.kind}; give the source its inputs, or leave the config out"
        )
    final = check_target(family, out, edition)
    with staged(final) as staging:
        # again, under the lock: another build may have ended
        previous = previous_manifest(final, family, edition)
        check_replaceable(final)
        planned = _Planned(preset, source.published(), None if params is None else to_plain(params))
        written = _write_shards(family, jobs, selected, planned, staging, workers, progress)
        if previous is not None:
            _carry_over(previous, final, staging, written, keep=set(previous.configs) - set(selected))
        manifest = Manifest.new(
            family.name,
            family.repo_name,
            configs=dict(sorted(written.configs.items())),
            unions=_unions(family, written.configs),
            files={path: _file_entry(staging / path) for path in sorted(written.files)},
            images=dict(sorted(written.images.items())),
            edition=edition,
        )
        manifest.write(staging)
        from builders.core.card import write_card

        write_card(BuiltFolder(staging), family)
    return BuildReport(final, tuple(selected), len(jobs), written.rows, time.perf_counter() - started)


@dataclasses.dataclass
class _Written:
    """What has been written into the staging folder so far: the parts of the manifest."""

    configs: dict[str, ConfigEntry] = dataclasses.field(default_factory=dict)
    files: set[str] = dataclasses.field(default_factory=set)
    images: dict[str, ImageEntry] = dataclasses.field(default_factory=dict)
    rows: int = 0


def _check_unique(jobs: list[ImageJob]) -> None:
    seen: set[str] = set()
    for job in jobs:
        if job.image_id in seen:
            raise BuilderError(
                f"two images share the id {job.image_id!r}; this is a bug in the family's plan"
            )
        seen.add(job.image_id)


@dataclasses.dataclass(frozen=True)
class _Planned:
    """What every config of one build records about how it was planned."""

    preset: str
    source: Source
    parameters: dict[str, Any] | None


def _write_shards(
    family: Family,
    jobs: list[ImageJob],
    configs: list[str],
    planned: _Planned,
    staging: Path,
    workers: int | None,
    progress: bool,
) -> _Written:
    """Render every job and stream its rows into per-(config, split) shard writers."""
    # pyarrow (about 0.3 s) is imported only once a build is known to be good, so every refusal before it
    # is instant; `datasets` is never imported by a build.
    from builders.core.shards import SplitWriter

    writers = {
        (config, split): SplitWriter(staging, config, split, family.schema)
        for config in configs
        for split in family.splits
    }
    written = _Written()
    bar = tqdm(total=len(jobs), unit="img", desc=f"{family.name} {planned.preset}", disable=not progress)
    with bar, rendered(family, jobs, workers) as results:
        for job, picture, rows in results:
            written.images[job.image_id] = ImageEntry(
                config=job.config,
                role=job.role,
                spec=job.spec.to_dict(),
                pixel_sha256=picture.pixel_sha256,
                width=picture.width,
                height=picture.height,
            )
            image = {"bytes": picture.png, "path": f"{job.image_id}.png"}
            for split, row in rows:
                writers[(job.config, split)].add({"image": image, **row})
                written.rows += 1
            bar.update(1)
    for config in configs:
        splits = {}
        for split in family.splits:
            closed = writers[(config, split)].close()
            if closed.num_rows:
                splits[split] = SplitEntry(closed.files, closed.num_rows, closed.num_bytes)
                written.files.update(closed.files)
        written.configs[config] = ConfigEntry(
            preset=planned.preset, source=planned.source, splits=splits, parameters=planned.parameters
        )
    return written


def _carry_over(previous: Manifest, final: Path, staging: Path, written: _Written, keep: set[str]) -> None:
    """Copy configs that were not rebuilt from the existing folder into the new one."""
    for config in sorted(keep):
        entry = previous.configs[config]
        for split in entry.splits.values():
            for path in split.files:
                (staging / path).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(final / path, staging / path)
                written.files.add(path)
        written.configs[config] = entry
        written.images.update({k: v for k, v in previous.images.items() if v.config == config})


def _unions(family: Family, built: dict[str, ConfigEntry]) -> dict[str, tuple[str, ...]]:
    """The family's union configs, each reduced to its built members (and left out if it has none)."""
    unions = {}
    for union, members in family.unions.items():
        present = tuple(member for member in members if member in built)
        if present:
            unions[union] = present
    return unions


def _file_entry(path: Path) -> FileEntry:
    return FileEntry(sha256=file_sha256(str(path)), size=path.stat().st_size)
