"""`verify`: check a built folder against its manifest, shard by shard and image by image.

Four independent checks: every shard's bytes match the manifest's SHA-256;
every image stored in the shards decodes to the manifest's pixel hash; every
drawn config re-planned from its recorded preset, parameters and edition gives
the manifest's specs; and every image re-drawn from its manifest spec gives that
same hash. The card is regenerated from the manifest and compared too. Configs read from the user's
files (another `--source`) are re-planned and re-drawn only when those inputs are given again
(`inputs`, checked against the digests the manifest records); otherwise a note says which flags to
pass, and the other checks still run. The folder is untrusted input:
whatever in it cannot be read, loaded or drawn is one more problem in the report,
never an exception.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pyarrow.parquet as pq

from builders.core.build import hashed
from builders.core.card import CARD_NAME, render_card
from builders.core.errors import BuilderError, SpecError, UsageError
from builders.core.family import Family, ImageJob
from builders.core.folder import BuiltFolder
from builders.core.hashing import canonical_json, file_sha256
from builders.core.manifest import MANIFEST_NAME, ConfigEntry, Manifest, package_versions
from builders.core.params import Parameters, overlay
from builders.core.request import describe_edition
from builders.core.shards import ROW_GROUP_SIZE
from builders.core.source import EMBEDDED_KIND, Source
from builders.core.stored_images import read_shards_images


@dataclasses.dataclass
class VerifyReport:
    """Problems found, one sentence each, and what was checked."""

    folder: Path
    problems: list[str] = dataclasses.field(default_factory=list)
    files_checked: int = 0
    rows_checked: int = 0
    images_redrawn: int = 0
    configs_replanned: int = 0
    #: Byte-affecting packages installed here at other versions than the build's ("datasets 5.2.0 -> 5.1.0").
    version_differences: list[str] = dataclasses.field(default_factory=list)
    #: What was not checked and why, one sentence each (not problems).
    notes: list[str] = dataclasses.field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def verify(
    folder: BuiltFolder,
    family: Family,
    *,
    workers: int | None = None,
    redraw: bool = True,
    inputs: Source | None = None,
) -> VerifyReport:
    """Check `folder` (built by `family`) against its manifest; the report lists every difference found.

    `inputs` are the user's files a config was built from (`--source KIND [PATH]`, `--images`, ...):
    with them, those configs are re-planned and re-drawn too.
    """
    if workers is not None and workers < 1:
        raise UsageError(f"--workers must be at least 1, got {workers}")
    if folder.family != family.name:
        raise UsageError(f"{str(folder.path)!r} holds family {folder.family!r}, not {family.name!r}")
    manifest = folder.manifest
    report = VerifyReport(folder.path, version_differences=_version_differences(manifest))
    sources = _user_sources(folder.path, manifest, inputs, report)
    _check_files(folder.path, manifest, report)
    _check_viewer_ready(folder.path, manifest, report)
    _check_stored_images(folder.path, manifest, report, workers)
    _check_card(folder, family, report)
    _check_plan(family, manifest, report, sources)
    if redraw:
        _check_redraw(family, manifest, report, workers, sources)
    _note_unread(manifest, sources, report, redraw)
    return report


def _user_sources(
    folder: Path, manifest: Manifest, inputs: Source | None, report: VerifyReport
) -> dict[str, Source]:
    """Config -> the inputs given to re-plan and re-draw it with, for each config built from the user's
    files that `inputs` are of; a file whose digest differs from the one recorded is a problem."""
    built = manifest.read_from_files()
    if inputs is None:
        return {}
    if inputs.kind not in {source.kind for source in built.values()}:
        raise UsageError(
            f"{str(folder)!r} has no config built from --source {inputs.kind}"
            + (f"; pass the inputs it was built from: {_flags(built)}" if built else "; leave out the inputs")
        )
    given = inputs.published()
    sources = {}
    for config, recorded in sorted(built.items()):
        if recorded.kind != inputs.kind:
            continue
        if given != recorded:
            report.problems.append(
                f"config {config} was built from {_describe(recorded)}, not from the inputs given "
                f"({_describe(given)})"
            )
        sources[config] = inputs
    return sources


def _describe(source: Source) -> str:
    """A recorded source as the manifest names it: flags with their files' digests."""
    return " ".join(filter(None, (source.path or f"--source {source.kind}", *dict(source.options).values())))


def _flags(built: dict[str, Source]) -> str:
    """The flags that give `verify` the inputs of configs built from the user's files (one line)."""
    return "; ".join(
        sorted({re.sub(r" sha256:[0-9a-f]+", "", _describe(source)) for source in built.values()})
    )


def _note_unread(manifest: Manifest, sources: dict[str, Source], report: VerifyReport, redraw: bool) -> None:
    """One sentence for the configs read from the user's files that were neither re-planned nor re-drawn."""
    unread = {
        config: source
        for config, source in sorted(manifest.read_from_files().items())
        if config not in sources
    }
    if unread:
        what = "re-planned or re-drawn" if redraw else "re-planned"
        configs = (
            f"config {next(iter(unread))} was" if len(unread) == 1 else f"configs {', '.join(unread)} were"
        )
        report.notes.append(
            f"{configs} read from your files and not {what}; to check that too, pass verify the "
            f"inputs it was built from: {_flags(unread)}"
        )


def _version_differences(manifest: Manifest) -> list[str]:
    """Not a problem: shards are byte-identical only where they were built; pixels must match anywhere."""
    here = package_versions()
    return [
        f"{name} {built} -> {here.get(name, 'not installed')}"
        for name, built in sorted(manifest.packages.items())
        if here.get(name) != built
    ]


def _check_files(folder: Path, manifest: Manifest, report: VerifyReport) -> None:
    for path, expected in sorted(manifest.files.items()):
        local = folder / path
        if not local.is_file():
            report.problems.append(f"shard {path} is missing")
            continue
        actual = file_sha256(str(local))
        if actual != expected.sha256:
            report.problems.append(
                f"shard {path} differs from the manifest (sha256 {actual[:12]}… != {expected.sha256[:12]}…)"
            )
        report.files_checked += 1
    known = set(manifest.files)
    for extra in sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.parquet")):
        if extra not in known:
            report.problems.append(f"shard {extra} is not in the manifest")


def _check_viewer_ready(folder: Path, manifest: Manifest, report: VerifyReport) -> None:
    """What the Hub viewer needs: small row groups, and each split's glob matching exactly its shards."""
    for path in sorted(manifest.files):
        local = folder / path
        try:
            metadata = pq.ParquetFile(local).metadata
        except Exception:  # missing or unreadable: reported by the other checks
            continue
        largest = max((metadata.row_group(i).num_rows for i in range(metadata.num_row_groups)), default=0)
        if largest > ROW_GROUP_SIZE:
            report.problems.append(
                f"shard {path} has a row group of {largest} rows (at most {ROW_GROUP_SIZE})"
            )
    for config, entry in sorted(manifest.configs.items()):
        for split, stats in sorted(entry.splits.items()):
            matched = sorted(
                p.relative_to(folder).as_posix() for p in folder.glob(f"{config}/{split}-*.parquet")
            )
            if matched != sorted(stats.files):
                report.problems.append(
                    f"the card's path {config}/{split}-*.parquet matches {matched}, not {list(stats.files)}"
                )


def _check_stored_images(folder: Path, manifest: Manifest, report: VerifyReport, workers: int | None) -> None:
    """Decode every stored image (shards in parallel) and compare its pixels with the manifest."""
    images = manifest.images
    shards = [path for path in sorted(manifest.files) if (folder / path).is_file()]
    readings = read_shards_images([str(folder / path) for path in shards], workers)
    for path, reading in zip(shards, readings, strict=True):
        if reading.unreadable:
            report.problems.append(f"shard {path} is unreadable ({reading.unreadable})")
            continue
        for stored in reading.images:
            report.rows_checked += 1
            entry = images.get(stored.image_id)
            if entry is None:
                report.problems.append(
                    f"shard {path} holds image {stored.image_id!r}, which the manifest does not list"
                )
            elif stored.pixel_sha256 is None:
                report.problems.append(f"image {_id(stored.image_id)} in shard {path} has no embedded bytes")
            elif stored.pixel_sha256 != entry.pixel_sha256:
                report.problems.append(
                    f"image {_id(stored.image_id)} in shard {path} has different pixels than the manifest"
                )


def _check_card(folder: BuiltFolder, family: Family, report: VerifyReport) -> None:
    card = folder.path / CARD_NAME
    if not card.is_file():
        report.problems.append(f"{CARD_NAME} is missing")
        return
    try:
        text = card.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        report.problems.append(f"{CARD_NAME} is not UTF-8 text")
        return
    except OSError as error:
        report.problems.append(f"{CARD_NAME} cannot be read ({error.strerror})")
        return
    try:
        expected = render_card(family, folder)
    except BuilderError as error:
        report.problems.append(f"the card the manifest implies cannot be made: {error}")
        return
    except Exception as error:  # the family reads rows of an untrusted folder to fill its template
        report.problems.append(f"the card the manifest implies cannot be made ({_short(error)})")
        return
    if text != expected:
        report.problems.append(f"{CARD_NAME} differs from the card the manifest implies")


def _check_plan(family: Family, manifest: Manifest, report: VerifyReport, sources: dict[str, Source]) -> None:
    """Plan every config again from what the manifest records; its specs must be the manifest's.

    Configs read from the user's files (another `--source`) are re-planned only from the inputs
    given again (`sources`): they are not in the folder.
    """
    for config, entry in sorted(manifest.configs.items()):
        source = entry.source if entry.source.kind == EMBEDDED_KIND else sources.get(config)
        if source is None:
            continue
        how = f"preset {entry.preset!r}, its parameters and {describe_edition(manifest.edition)}"
        try:
            if entry.preset not in family.presets:
                raise UsageError(f"{family.name} has no preset {entry.preset!r}")
            params = _recorded_parameters(family, entry)
            jobs = family.jobs(config, entry.preset, source, params=params, edition=manifest.edition)
            planned = {job.image_id: canonical_json(job.spec.to_dict()) for job in jobs}
        except Exception as error:  # an untrusted manifest can name anything: any error is possible
            report.problems.append(f"config {config} cannot be re-planned from {how} ({_short(error)})")
            continue
        report.configs_replanned += 1
        recorded = {
            image_id: canonical_json(dict(e.spec))
            for image_id, e in manifest.images.items()
            if e.config == config
        }
        differing = sorted(
            image_id
            for image_id in planned.keys() | recorded.keys()
            if planned.get(image_id) != recorded.get(image_id)
        )
        if differing:
            report.problems.append(
                f"config {config} re-planned from {how} differs from the manifest in {len(differing)} "
                f"image(s), first {_id(differing[0])}"
            )


def _recorded_parameters(family: Family, entry: ConfigEntry) -> Parameters | None:
    """The parameters a config records, checked as `--params` would be; the preset's if it records none."""
    if family.parameters is None:
        return None
    return overlay(family.preset_parameters(entry.preset), entry.parameters or {}, MANIFEST_NAME)


def _check_redraw(
    family: Family, manifest: Manifest, report: VerifyReport, workers: int | None, sources: dict[str, Source]
) -> None:
    """Re-draw every image from its spec and compare pixel hashes.

    A spec that does not load is a problem of its own; a spec that loads but cannot be drawn
    stops the re-drawing there (the images after it are not re-drawn), as one more problem. An
    image read from the user's files is re-drawn only from the inputs given again (`sources`).
    """
    jobs = []
    for image_id, entry in sorted(manifest.images.items()):
        try:
            spec = family.spec_registry.load(dict(entry.spec))
        except SpecError as error:
            report.problems.append(f"image {_id(image_id)} has a spec that does not load ({_short(error)})")
            continue
        if spec.input_fields():
            if entry.config not in sources:
                continue  # its inputs were not given (`_note_unread` says so)
            spec = spec.with_inputs(sources[entry.config].roots())
        jobs.append(ImageJob(config=entry.config, image_id=image_id, spec=spec, role=entry.role))
    try:
        with hashed(family, jobs, workers) as results:
            for job, pixel_hash in results:
                report.images_redrawn += 1
                if pixel_hash != manifest.images[job.image_id].pixel_sha256:
                    report.problems.append(
                        f"image {_id(job.image_id)} re-drawn from its spec differs from the manifest"
                    )
    except Exception as error:  # drawing code fed a hand-edited spec: any error is possible
        left = jobs[report.images_redrawn :]
        where = f"image {_id(left[0].image_id)}" if left else "an image"
        report.problems.append(
            f"{where} cannot be re-drawn from its spec ({_short(error)}); "
            f"{max(len(left) - 1, 0)} images after it were not re-drawn"
        )


def _id(image_id: str) -> str:
    """An image id as a report shows it: quoted if it holds anything unprintable (one problem, one line)."""
    return image_id if image_id.isprintable() else repr(image_id)


def _short(error: Exception) -> str:
    """An error as one short line: its type and the first line of its message."""
    text = str(error).splitlines()[0] if str(error) else ""
    line = f"{type(error).__name__}: {text}" if text else type(error).__name__
    return line if len(line) <= 200 else line[:197] + "..."
