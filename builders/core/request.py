"""What a build is asked for, checked before anything is drawn or written.

Configs, preset, edition seed, parameters and the target folder are all refused here in one
sentence. This module imports nothing heavy (no `datasets`, pandas or pyarrow), so a command that
is refused, `--help` and `list` start in a fraction of a second.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from builders import __version__
from builders.core.errors import UsageError, VerifyError
from builders.core.family import Family
from builders.core.manifest import MANIFEST_NAME, Manifest
from builders.core.outputs import check_path, prepare_folder
from builders.core.params import Parameters, overlay
from builders.core.source import EMBEDDED, EMBEDDED_KIND, Source


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
    check_path(out)
    prepare_folder(out)
    final = out / family.repo_name
    previous_manifest(final, family, edition)
    check_replaceable(final)
    return final


def check_replaceable(final: Path) -> None:
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


def previous_manifest(final: Path, family: Family, edition: int | None) -> Manifest | None:
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
