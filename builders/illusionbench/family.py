"""IllusionBench+ as a family of the shared pipeline: drawn configs by default, the release's from DIR.

Configs (`plan.CONFIGS`): `drawn_classic`, `drawn_trap`, `drawn_ishihara`, `drawn_no_illusion`,
drawn by code, and `classic`, `real_scene`, `no_illusion`, `ishihara`, `trap`, the release's five
categories read from the user's copy. Unions: `drawn` (the drawn configs) and `all` (the release).

Parameters (`params.py`: counts, the difficulty ladders, the image width) come from the preset
and `--params`; an edition seed (`--seed`) redraws the drawn configs (`EDITION_NOTE`).

Sources:

- `embedded` (the default, offline): the drawn configs. This is what `python -m builders build
  all` makes without the release; release configs built earlier in the same folder are kept.
- `release DIR`: the release configs, read from DIR (`Image_properties.json` and
  `IllusionDataset.zip`), beside the drawn ones already in the folder. The release is read once
  per process; what it could not match is logged once (a warning) and carried by each release
  config's first image spec, from which the card lists it.
"""

from __future__ import annotations

import functools
import logging
from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builders.core.errors import SpecError, UsageError
from builders.core.family import Family, ImageJob
from builders.core.manifest import MANIFEST_NAME
from builders.core.params import Parameters, overlay
from builders.core.raster import Picture
from builders.core.scene import Scene
from builders.core.source import EMBEDDED, EMBEDDED_KIND, Source
from builders.illusionbench import card, plan, rows
from builders.illusionbench.columns import SPLITS
from builders.illusionbench.params import PRESETS, IllusionBenchParameters
from builders.illusionbench.release import (
    JSON_NAME,
    RELEASE,
    ZIP_NAME,
    Release,
    ReleaseImageSpec,
    read_release,
)
from builders.illusionbench.schema import SCHEMA
from builders.illusionbench.spec import LADDERS, ClassicSpec, IshiharaSpec, Ladder, SceneSpec

if TYPE_CHECKING:
    from builders.core.folder import BuiltFolder
    from builders.core.manifest import Manifest

RELEASE_KIND = "release"
LOG = logging.getLogger(__name__)

#: What `build illusionbench --seed N` redraws and keeps (the card's words; docs/families.md says the same).
EDITION_NOTE = (
    "In IllusionBench+ that is, image by image: the layout scale of every classic and trap figure "
    "(0.85-1.15) and which target a trap makes larger, where it compares two; "
    "the digit each plate shows (a fresh order of 0-9, so every digit still appears equally often), "
    "its dot layout and dot colours; each plain scene's kind of shape, number of shapes (2-4), "
    "colours, sizes and places; which true/false statements an image gets and their order, the "
    "distractors and the order of every multiple-choice question's options. A seed keeps every image's "
    "category, illusion, difficulty level and the size of its perturbation (inducer strength, trap "
    "change, plate contrast, scene widening), the questions per image (2 or 3 true/false statements "
    "with exactly one true, so 4 in 7 are false; 3 multiple-choice questions; the 2 description "
    "prompts), the image sizes and the counts. The release configs are the authors' files, the same "
    "in every edition: `--seed` refuses them."
)


class IllusionBenchFamily(Family):
    """The `illusionbench` family (Hub repo `illusionbench-plus`)."""

    name = "illusionbench"
    repo_name = "illusionbench-plus"
    pretty_name = "IllusionBench+: visual illusions, trap figures and dot plates, drawn or from the release"
    configs = plan.CONFIGS
    unions = plan.UNIONS
    presets = tuple(PRESETS)
    default_preset = "paper"
    splits = SPLITS
    default_split = "test"
    default_config = "drawn"
    parameters = IllusionBenchParameters
    parameter_presets = PRESETS
    draws_editions = True
    edition_note = EDITION_NOTE
    schema = SCHEMA
    spec_registry = plan.SPECS
    gallery_view = plan.GALLERY_VIEW
    card_license = "cc-by-4.0"
    card_tags = ("visual-illusions", "vlm-bias", "perception", "ishihara", "synthetic")
    sources: Mapping[str, str] = {
        RELEASE_KIND: f"PATH is your copy of {RELEASE} ({JSON_NAME} and {ZIP_NAME}); "
        "it builds the release configs"
    }

    def configs_for(self, source: Source) -> tuple[str, ...]:
        """The drawn configs by default; `--source release DIR` builds the release's."""
        configs = {EMBEDDED_KIND: plan.DRAWN_CONFIGS, RELEASE_KIND: plan.RELEASE_CONFIGS}.get(source.kind, ())
        return tuple(configs)

    def jobs(
        self,
        config: str,
        preset: str,
        source: Source = EMBEDDED,
        *,
        params: Parameters | None = None,
        edition: int | None = None,
    ) -> Iterator[ImageJob]:
        if config not in self.configs_for(source):
            raise self.refuse_source(config, source)
        params = self.resolved_parameters(preset, params, IllusionBenchParameters)
        if source.kind == RELEASE_KIND and edition is not None:
            raise plan.refuse_edition(config)  # before reading the release
        release = self._release(source) if source.kind == RELEASE_KIND else None
        for spec in plan.specs(config, params, release, edition):
            yield ImageJob(config=config, image_id=spec.image_id, spec=spec, role=spec.category)

    def _release(self, source: Source) -> Release:
        """The checked release at `--source release DIR`, read once per process."""
        if source.options:
            named = ", ".join(f"--{name}" for name, _ in source.options)
            raise UsageError(f"--source release reads no {named}; leave it out")
        if source.path is None or not Path(source.path).is_dir():
            given = f", not {source.path!r}" if source.path else ""
            raise UsageError(f"--source release takes the folder holding {JSON_NAME} and {ZIP_NAME}{given}")
        return _read_once(source.path, _stamp(Path(source.path)))

    def scene(self, job: ImageJob) -> Scene:
        return rows.scene(_illusionbench_spec(job))

    def rows(self, job: ImageJob, picture: Picture) -> list[tuple[str, dict[str, Any]]]:
        return rows.rows(_illusionbench_spec(job), picture)

    def card_context(self, folder: BuiltFolder) -> dict[str, str]:
        manifest = folder.manifest
        filled = [c for c in self.configs if c in manifest.configs]
        released = [
            spec
            for entry in manifest.images.values()
            if entry.config in plan.RELEASE_CONFIGS
            for spec in [self.spec_registry.load(entry.spec)]
            if isinstance(spec, ReleaseImageSpec)
        ]
        return {
            "first_config": filled[0] if filled else self.configs[0],
            "presets": ", ".join(sorted({entry.preset for entry in manifest.configs.values()})),
            "config_table": self._config_table(folder),
            "ladder_table": card.ladder_table(self._ladders(manifest), self._classic_specs(manifest)),
            "illusion_table": card.illusion_table(),
            "release_section": card.release_section(sorted(released, key=lambda s: s.image_id)),
        }

    def _ladders(self, manifest: Manifest) -> dict[str, Ladder]:
        """Each drawn category's ladder as its config records it (the canonical one if not built)."""
        ladders = dict(LADDERS)
        for config, category in plan.DRAWN_CONFIGS.items():
            entry = manifest.configs.get(config)
            if entry is not None:
                recorded = overlay(
                    self.preset_parameters(entry.preset), entry.parameters or {}, MANIFEST_NAME
                )
                params = self.resolved_parameters(entry.preset, recorded, IllusionBenchParameters)
                ladders[category] = params.table(category).ladder
        return ladders

    def _classic_specs(self, manifest: Manifest) -> list[ClassicSpec]:
        specs = (
            self.spec_registry.load(e.spec) for e in manifest.images.values() if e.config == "drawn_classic"
        )
        return [spec for spec in specs if isinstance(spec, ClassicSpec)]

    def _config_table(self, folder: BuiltFolder) -> str:
        """Images and rows per config and union, with where each config's images come from."""
        manifest = folder.manifest
        images = Counter(entry.config for entry in manifest.images.values())
        lines = [
            "| config | source | category | preset | images | questions | description rows |",
            "|---|---|---|---|---|---|---|",
        ]
        for config in self.configs:
            entry = manifest.configs.get(config)
            if entry is None:
                continue
            drawn = config in plan.DRAWN_CONFIGS
            category = plan.DRAWN_CONFIGS.get(config) or plan.RELEASE_CONFIGS[config]
            test, described = _rows(entry.splits, "test"), _rows(entry.splits, "descriptions")
            lines.append(
                f"| `{config}` | {'drawn' if drawn else 'release'} | {category} | {entry.preset} "
                f"| {images[config]} | {test} | {described} |"
            )
        for union, members in manifest.unions.items():
            test = sum(_rows(manifest.configs[m].splits, "test") for m in members)
            described = sum(_rows(manifest.configs[m].splits, "descriptions") for m in members)
            lines.append(
                f"| `{union}` | union of {', '.join(f'`{m}`' for m in members)} | | "
                f"| {sum(images[m] for m in members)} | {test} | {described} |"
            )
        return "\n".join(lines)


def _rows(splits: Mapping[str, Any], split: str) -> int:
    return splits[split].num_rows if split in splits else 0


def _stamp(folder: Path) -> tuple[tuple[int, int], ...]:
    """Size and modification time of the release files, so an edited copy is read again."""
    stamps = []
    for name in (JSON_NAME, ZIP_NAME):
        try:
            stat = (folder / name).stat()
        except OSError:
            stamps.append((-1, -1))  # read_release names the missing file
            continue
        stamps.append((stat.st_size, stat.st_mtime_ns))
    return tuple(stamps)


@functools.lru_cache(maxsize=2)
def _read_once(folder: str, stamp: tuple[tuple[int, int], ...]) -> Release:
    """Read the release (every config's jobs ask for it) and log, once, what did not match."""
    release = read_release(folder)
    unmatched = release.images_without_annotations or release.annotations_without_images
    LOG.log(logging.WARNING if unmatched else logging.INFO, "%s", card.release_note(release))
    return release


def _illusionbench_spec(job: ImageJob) -> rows.IllusionBenchSpec:
    """The job's spec as one this family draws, or a SpecError (a manifest naming another family's)."""
    spec = job.spec
    if isinstance(spec, ClassicSpec | IshiharaSpec | SceneSpec | ReleaseImageSpec):
        return spec
    raise SpecError(f"{job.config} draws no {type(spec).__name__}: {spec!r}")


FAMILY = IllusionBenchFamily()
