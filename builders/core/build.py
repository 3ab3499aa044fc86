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
import itertools
import multiprocessing
import os
import shutil
import time
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from tqdm import tqdm

from builders import __version__
from builders.core.allocator import keep_freed_memory
from builders.core.atomic import staged
from builders.core.card import write_card
from builders.core.draw import Rendered, bundles, render_bundle, render_in_worker, worker_init
from builders.core.errors import BuilderError, UsageError, VerifyError
from builders.core.family import EMBEDDED, EMBEDDED_KIND, Family, ImageJob, Source
from builders.core.folder import BuiltFolder
from builders.core.hashing import file_sha256
from builders.core.manifest import MANIFEST_NAME, ConfigEntry, FileEntry, ImageEntry, Manifest, SplitEntry
from builders.core.params import Parameters, overlay, to_plain
from builders.core.shards import SplitWriter


@dataclasses.dataclass(frozen=True)
class BuildReport:
    """What a build wrote and how long it took."""

    folder: Path
    configs: tuple[str, ...]
    images: int
    rows: int
    seconds: float


def default_workers() -> int:
    """All cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def check_selection(
    family: Family, configs: Iterable[str] | None, preset: str | None, source: Source = EMBEDDED
) -> tuple[list[str], str]:
    """Validate requested configs (default: those `source` builds) and preset, in the family's order."""
    if source.kind != EMBEDDED_KIND and source.kind not in family.sources:
        raise UsageError(
            f"family {family.name!r} reads no --source {source.kind!r}; "
            f"this family's sources: {family.describe_sources()}"
        )
    requested = list(configs or family.configs_for(source))
    if not requested:
        raise UsageError(
            f"--source {source.kind} builds no config of family {family.name!r} by default; "
            "name the configs it reads with --config"
        )
    unknown = [c for c in requested if c not in family.configs]
    if unknown:
        raise UsageError(
            f"unknown config {unknown[0]!r} for family {family.name!r}; "
            f"choose from: {', '.join(family.configs)}"
        )
    preset = preset or family.default_preset
    if preset not in family.presets:
        raise UsageError(f"unknown preset {preset!r}; choose from: {', '.join(family.presets)}")
    return [c for c in family.configs if c in requested], preset


#: The largest edition seed: it must fit the 64 bits the manifest and `datasets` store it in.
MAX_EDITION = 2**63 - 1


def check_edition(family: Family, edition: int | None) -> None:
    """UsageError unless `edition` is None (canonical) or a seed this family can draw a fresh edition with."""
    if edition is None:
        return
    if not 0 <= edition <= MAX_EDITION:
        raise UsageError(f"--seed must be an integer from 0 to {MAX_EDITION}, got {edition}")
    if not family.draws_editions:
        raise UsageError(
            f"family {family.name!r} cannot draw fresh editions yet; build its canonical edition (no --seed)"
        )


def resolve_parameters(
    family: Family, preset: str, overrides: Mapping[str, Any] | None = None, where: str = "--params"
) -> Parameters | None:
    """`preset`'s parameters with `overrides` (a parsed TOML table) applied and checked; None if the family
    takes none (then overrides are refused)."""
    if family.parameters is None:
        if overrides:
            raise UsageError(f"family {family.name!r} takes no parameters; leave out --params")
        return None
    base = family.preset_parameters(preset)
    return overlay(base, overrides, where) if overrides else base


def describe_edition(edition: int | None) -> str:
    """How messages name an edition: "the canonical edition" or "the edition of seed 3"."""
    return "the canonical edition" if edition is None else f"the edition of seed {edition}"


def check_target(family: Family, out: Path, edition: int | None = None) -> Path:
    """The folder a build of `family` writes, `out/<repo_name>`, once it is known that it may.

    Checked before anything is written: `out` is not (inside) a dataset folder, it can be
    created and written, and the target is either absent or an earlier build of this family
    whose every file can be replaced.
    """
    out = Path(out)
    refuse_inside_dataset(out)
    prepare_output(out)
    final = out / family.repo_name
    _previous_manifest(final, family, edition)
    _check_replaceable(final)
    return final


def refuse_inside_dataset(out: Path) -> None:
    """UsageError if `out` is a dataset folder or inside one: a build must not nest in a dataset."""
    given = Path(out).resolve()
    for folder in (given, *given.parents):
        if _is_dataset(folder):
            where = "is" if folder == given else "is inside"
            raise UsageError(
                f"--out {str(out)!r} {where} the dataset folder {str(folder)!r}; "
                f"pass a folder outside it, e.g. --out {str(folder.parent)!r}"
            )


def _is_dataset(folder: Path) -> bool:
    """Whether `folder` holds a manifest written by `build` (it begins with its builder version)."""
    try:
        with (folder / MANIFEST_NAME).open("rb") as manifest:
            return b'"builder_version"' in manifest.read(4096)
    except OSError:
        return False


def _check_replaceable(final: Path) -> None:
    """UsageError if some file or folder of the existing `final` could not be removed after the swap."""
    if not final.is_dir():
        return
    for folder, subfolders, files in os.walk(final):
        for path in (folder, *(os.path.join(folder, name) for name in files)):
            need = os.W_OK | os.X_OK if path == folder else os.W_OK
            if not os.access(path, need):
                raise UsageError(
                    f"{str(final)!r} cannot be replaced: {path!r} is read-only; make the folder "
                    "writable (chmod -R u+w) or choose another --out"
                )
        subfolders.sort()


def prepare_output(out: Path) -> None:
    """Create `out` if needed and make sure we can write into it."""
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(
            f"cannot create output folder {str(out)!r} ({error.strerror}); choose another --out"
        ) from None
    if not out.is_dir() or not os.access(out, os.W_OK | os.X_OK):
        raise UsageError(f"output folder {str(out)!r} is not writable; choose another --out")


@contextlib.contextmanager
def rendered(family: Family, jobs: list[ImageJob], workers: int) -> Iterator[Iterator[Rendered]]:
    """Render jobs in order (bundled by spec), in a process pool when `workers > 1`."""
    keep_freed_memory()
    if workers <= 1:
        yield itertools.chain.from_iterable(render_bundle(family, bundle) for bundle in bundles(jobs))
        return
    pool = multiprocessing.get_context("spawn").Pool(workers, initializer=worker_init, initargs=(family,))
    try:
        yield itertools.chain.from_iterable(pool.imap(render_in_worker, bundles(jobs)))
        pool.close()
    finally:
        pool.terminate()
        pool.join()


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
    workers = default_workers() if workers is None else workers
    if workers < 1:
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
        previous = _previous_manifest(final, family, edition)
        _check_replaceable(final)
        planned = _Planned(preset, source, None if params is None else to_plain(params))
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
        write_card(BuiltFolder(staging), family)
    return BuildReport(final, tuple(selected), len(jobs), written.rows, time.perf_counter() - started)


@dataclasses.dataclass
class _Written:
    """What has been written into the staging folder so far: the parts of the manifest."""

    configs: dict[str, ConfigEntry] = dataclasses.field(default_factory=dict)
    files: set[str] = dataclasses.field(default_factory=set)
    images: dict[str, ImageEntry] = dataclasses.field(default_factory=dict)
    rows: int = 0


def _previous_manifest(final: Path, family: Family, edition: int | None) -> Manifest | None:
    """The manifest of an existing build we may extend, or None if there is none.

    A folder of another edition is refused, not replaced: editions are compared side by side.
    """
    if not final.exists():
        return None
    if not (final / MANIFEST_NAME).is_file():
        raise UsageError(
            f"{str(final)!r} exists but is not a dataset folder written by `build`; "
            "move it away or choose another --out"
        )
    try:
        manifest = Manifest.read(final)
    except VerifyError as error:
        reason = str(error).removesuffix("; rebuild the folder")
        raise UsageError(
            f"{str(final)!r} exists but its manifest is broken ({reason}); "
            "move the folder away or choose another --out"
        ) from None
    if manifest.family != family.name:
        raise UsageError(
            f"{str(final)!r} holds family {manifest.family!r}, not {family.name!r}; choose another --out"
        )
    if manifest.edition != edition:
        raise UsageError(
            f"{str(final)!r} holds {describe_edition(manifest.edition)}; build {describe_edition(edition)} "
            "into another folder (--out) or move that one away"
        )
    if manifest.builder_version != __version__:
        return None  # built by another builder version: rebuild everything asked for, keep nothing
    return manifest


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
    workers: int,
    progress: bool,
) -> _Written:
    """Render every job and stream its rows into per-(config, split) shard writers."""
    writers = {
        (config, split): SplitWriter(staging, config, split, family.features)
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
