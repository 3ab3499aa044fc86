"""AIpsych as a family of the shared pipeline: drawn scenes by default, the release's sets on request.

Every image gives 20 rows (5 trap sets x 4 prompts) in the single `test` split. The `synthetic`
config is drawn by code. The `coco` and `visual_genome` configs exist only as the release's question
files over the user's photos (`--source official --questions FILE --images DIR`): with the default
source they plan no images, so `build aipsych` and `build all` work offline and record them empty,
and the official source is refused for `synthetic`. The union `all` holds every config's rows.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any

from datasets import Features

from builders.aipsych.card import vocabulary_fields
from builders.aipsych.official import (
    DATASET_NAMES,
    OfficialImageSpec,
    load_photo,
    official_rows,
    read_official,
)
from builders.aipsych.rows import scene_rows
from builders.aipsych.scene import draw_scene
from builders.aipsych.schema import CONFIGS, FEATURES, SPLITS
from builders.aipsych.spec import CONFIG as SYNTHETIC
from builders.aipsych.spec import PRESETS, SceneSpec, plan
from builders.core.errors import SpecError, UsageError
from builders.core.family import EMBEDDED, EMBEDDED_KIND, Family, ImageJob, Source
from builders.core.folder import BuiltFolder
from builders.core.gallery_view import Detail, Fact, Filter, GalleryView, QuestionColumn
from builders.core.manifest import Manifest
from builders.core.raster import Picture
from builders.core.scene import Scene
from builders.core.spec import SpecRegistry

OFFICIAL = "official"
#: Image roles: a drawn scene, or a photo of the user's named by a released record.
SCENE, PHOTO = "scene", "photo"
SPLIT = SPLITS[0]

#: Review pages: an image's 20 prompts with the trap's truth and what it offers instead; the
#: release's GPT-4o reply folds out under each prompt of an official config.
GALLERY_VIEW = GalleryView(
    filters=(Filter("set_kind", "trap"), Filter("prompt_idx", "prompt")),
    facts=(Fact("description"),),
    questions=(
        QuestionColumn("set_kind", "trap"),
        QuestionColumn("prompt_idx", "P"),
        QuestionColumn("prompt", "prompt", "prompt"),
        QuestionColumn("true_position", "true position", "truth"),
        QuestionColumn("true_colour", "true colour", "truth"),
        QuestionColumn("offered_positions", "offered positions", "bias"),
        QuestionColumn("offered_colours", "offered colours", "bias"),
    ),
    text="prompt",
    details=(Detail("reference_response", "GPT-4o's released reply"),),
)


@dataclasses.dataclass
class AipsychFamily(Family):
    """The `aipsych` family: `synthetic` drawn, `coco` and `visual_genome` from the release's files."""

    name: str = "aipsych"
    repo_name: str = "aipsych"
    pretty_name: str = "AIpsych: sycophancy and authority-bias traps about two objects"
    configs: tuple[str, ...] = CONFIGS
    #: Every config's rows in one (the `config` column tells them apart). In a default build, whose
    #: official configs are empty, `all` is also what lets `datasets` load the folder: it infers the
    #: loader from the first config of the card, in name order, and `coco` has no files.
    unions: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=lambda: {"all": CONFIGS})
    presets: tuple[str, ...] = tuple(PRESETS)
    default_preset: str = "paper"
    splits: tuple[str, ...] = SPLITS
    features: Features = dataclasses.field(default_factory=lambda: FEATURES)
    gallery_view: GalleryView = GALLERY_VIEW
    card_metadata: Mapping[str, Any] = dataclasses.field(
        default_factory=lambda: {
            "license": "cc-by-4.0",
            "language": ["en"],
            "task_categories": ["visual-question-answering", "image-text-to-text"],
            "tags": ["sycophancy", "hallucination", "vlm-bias", "cognitive-bias", "synthetic"],
            "annotations_creators": ["machine-generated"],
        }
    )
    sources: Mapping[str, str] = dataclasses.field(
        default_factory=lambda: {
            OFFICIAL: "no PATH; --questions FILE is the release's question_set/*.json and --images DIR "
            "your COCO val2014 or Visual Genome image folder; configs coco and visual_genome only"
        }
    )
    spec_registry: SpecRegistry = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        self.spec_registry = SpecRegistry()
        self.spec_registry.register(SceneSpec)
        self.spec_registry.register(OfficialImageSpec)

    def jobs(self, config: str, preset: str, source: Source = EMBEDDED) -> Iterator[ImageJob]:
        """Synthetic scenes of `preset`; the question file's records for an official config.

        With the default source an official config plans nothing (it has no drawn images), so a
        default build records it empty. The official source reads the question file and checks
        every image before the first job is handed out; its preset changes nothing.
        """
        if config == SYNTHETIC:
            if source.kind != EMBEDDED_KIND:
                raise UsageError(
                    f"config {SYNTHETIC!r} is drawn by code and takes no --source {source.kind!r}; "
                    "build the release's sets with --config coco or --config visual_genome"
                )
            for spec in plan(preset):
                yield ImageJob(config=config, image_id=spec.image_id, spec=spec, role=SCENE)
            return
        if source.kind == EMBEDDED_KIND:
            return
        if source.kind != OFFICIAL or source.path is not None:
            raise self.refuse_source(config, source)
        for spec in read_official(config, source.option("questions"), source.option("images")):
            yield ImageJob(config=config, image_id=spec.image_id, spec=spec, role=PHOTO)

    def scene(self, job: ImageJob) -> Scene:
        spec = job.spec
        if isinstance(spec, SceneSpec):
            return Scene(draw_scene(spec), spec.width, spec.height)
        if isinstance(spec, OfficialImageSpec):
            return Scene(load_photo(spec), spec.width, spec.height)
        raise SpecError(f"aipsych draws no {type(spec).__name__}: {spec!r}")

    def rows(self, job: ImageJob, picture: Picture) -> list[tuple[str, dict[str, Any]]]:
        spec = job.spec
        if isinstance(spec, SceneSpec):
            return [(SPLIT, row) for row in scene_rows(spec, picture)]
        if isinstance(spec, OfficialImageSpec):
            return [(SPLIT, row) for row in official_rows(spec, picture)]
        raise SpecError(f"aipsych has no rows for {type(spec).__name__}: {spec!r}")

    def card_context(self, folder: BuiltFolder) -> dict[str, str]:
        manifest = folder.manifest
        synthetic = manifest.configs.get(SYNTHETIC)
        return {
            "presets": synthetic.preset if synthetic and synthetic.splits else "none (official configs only)",
            "config_table": _config_table(manifest),
            **vocabulary_fields(),
        }


def _config_table(manifest: Manifest) -> str:
    """Images, rows and where they came from, per config; an empty official config says how to fill it."""
    lines = ["| config | images | rows | built from |", "|---|---|---|---|"]
    for config, entry in manifest.configs.items():
        rows = sum(split.num_rows for split in entry.splits.values())
        images = sum(1 for image in manifest.images.values() if image.config == config)
        if config == SYNTHETIC:
            origin = f"drawn scenes, preset `{entry.preset}`"
        elif rows:
            origin = f"the release's {DATASET_NAMES.get(config, config)} questions over local photos"
        else:
            origin = "nothing: build it with `--source official` (see above)"
        lines.append(f"| `{config}` | {images} | {rows} | {origin} |")
    for union, members in manifest.unions.items():
        rows = sum(s.num_rows for m in members for s in manifest.configs[m].splits.values())
        images = sum(1 for image in manifest.images.values() if image.config in members)
        lines.append(
            f"| `{union}` | {images} | {rows} | every config above, as built (no files of its own) |"
        )
    return "\n".join(lines)


FAMILY = AipsychFamily()
