"""AIpsych as a family of the shared pipeline: drawn scenes by default, the release's sets on request.

Every image gives 20 rows (5 trap sets x 4 prompts) in the single `test` split. The `synthetic`
config is drawn by code, and is all the default build (`build aipsych`, `build all`) makes, offline.
The `coco` and `visual_genome` configs are the release's question files over the user's photos:
`--source official --questions FILE --images DIR` builds the one the file is about (or the one
named with `--config`), beside an existing `synthetic`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from PIL import Image

from builders.aipsych.card import occlusion_note, vocabulary_fields
from builders.aipsych.masks import exclusive_colours
from builders.aipsych.official import (
    DATASET_NAMES,
    IMAGE_NAMES,
    OfficialImageSpec,
    load_photo,
    official_rows,
    read_official,
    released_config,
)
from builders.aipsych.params import PRESETS, AipsychParameters
from builders.aipsych.plan import plan
from builders.aipsych.rows import scene_rows
from builders.aipsych.scene import draw_scene
from builders.aipsych.schema import SCHEMA
from builders.aipsych.spec import CONFIG as SYNTHETIC
from builders.aipsych.spec import SceneSpec
from builders.core.errors import SpecError, UsageError
from builders.core.family import Family, ImageJob
from builders.core.gallery_view import Detail, Fact, Filter, GalleryView, QuestionColumn
from builders.core.params import Parameters
from builders.core.raster import Picture
from builders.core.scene import Scene
from builders.core.source import EMBEDDED, EMBEDDED_KIND, Source
from builders.core.spec import SpecRegistry

if TYPE_CHECKING:
    from builders.core.folder import BuiltFolder
    from builders.core.manifest import Manifest

OFFICIAL = "official"
EDITION_NOTE = (
    "A seed redraws every scene's setting order, asked objects, colours and position phrases, the "
    "unasked objects, the zoom, the layout, the light and the wrong colours the traps offer. It keeps "
    "the scene count, the 20 rows of each scene and their ids, the five sets of four prompts and their "
    "wording, the palette, the trap rules, the release's distribution of position phrases (exact in "
    "every block of 500 scenes), the colour balance (every block of 12 object slots takes each palette "
    "colour once) and the settings taken in turn. The `coco` and `visual_genome` configs are the "
    "release's questions over your photos: a seed changes nothing in them."
)
#: The drawn scenes, then the release's two question files over the user's photos.
CONFIGS = (SYNTHETIC, *IMAGE_NAMES)
SPLIT = "test"
#: Image roles: a drawn scene, or a photo of the user's named by a released record.
SCENE, PHOTO = "scene", "photo"

#: Review pages: an image's setting and 20 prompts with the trap's truth and what it offers instead;
#: the release's GPT-4o reply folds out under each prompt of an official config.
GALLERY_VIEW = GalleryView(
    filters=(Filter("set_kind", "trap"), Filter("prompt_idx", "prompt"), Filter("setting", "setting")),
    facts=(Fact("setting"), Fact("description")),
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


class AipsychFamily(Family):
    """The `aipsych` family: `synthetic` drawn, `coco` and `visual_genome` from the release's files."""

    name = "aipsych"
    repo_name = "aipsych"
    pretty_name = "AIpsych: sycophancy and authority-bias traps about two objects"
    configs = CONFIGS
    unions: Mapping[str, tuple[str, ...]] = {}
    presets = tuple(PRESETS)
    default_preset = "paper"
    splits = (SPLIT,)
    default_split = SPLIT
    default_config = SYNTHETIC
    schema = SCHEMA
    spec_registry = SpecRegistry(SceneSpec, OfficialImageSpec)
    gallery_view = GALLERY_VIEW
    card_license = "cc-by-4.0"
    card_tags = ("sycophancy", "hallucination", "vlm-bias", "cognitive-bias", "synthetic")
    sources: Mapping[str, str] = {
        OFFICIAL: "no PATH; --questions FILE is the release's question_set/*.json and --images DIR "
        "your COCO val2014 or Visual Genome image folder; configs coco and visual_genome only"
    }
    parameters = AipsychParameters
    parameter_presets = PRESETS
    draws_editions = True
    edition_note = EDITION_NOTE

    def configs_for(self, source: Source) -> tuple[str, ...]:
        """`synthetic` by default; with the official source, the config its question file is about."""
        if source.kind == OFFICIAL:
            return (released_config(source.option("questions")),)
        return (SYNTHETIC,) if source.kind == EMBEDDED_KIND else ()

    def jobs(
        self,
        config: str,
        preset: str,
        source: Source = EMBEDDED,
        *,
        params: Parameters | None = None,
        edition: int | None = None,
    ) -> Iterator[ImageJob]:
        """Synthetic scenes planned from `params` (the preset's if none) in `edition`; the question
        file's records for an official config.

        The official source reads the question file and checks every image before the first job
        is handed out; its preset, parameters and edition change nothing. Each config refuses the
        other source.
        """
        if config == SYNTHETIC:
            if source.kind != EMBEDDED_KIND:
                raise UsageError(
                    f"config {SYNTHETIC!r} is drawn by code and takes no --source {source.kind!r}; "
                    "build the release's sets with --config coco or --config visual_genome"
                )
            resolved = self.resolved_parameters(preset, params, AipsychParameters)
            for spec in plan(resolved, edition):
                yield ImageJob(config=config, image_id=spec.image_id, spec=spec, role=SCENE)
            return
        if source.kind == EMBEDDED_KIND:
            raise UsageError(
                f"config {config!r} is the release's questions over your {DATASET_NAMES[config]} photos; "
                "build it with --source official --questions FILE --images DIR"
            )
        if source.kind != OFFICIAL or source.path is not None:
            raise self.refuse_source(config, source)
        for photo in read_official(config, source.option("questions"), source.option("images")):
            yield ImageJob(config=config, image_id=photo.image_id, spec=photo, role=PHOTO)

    def scene(self, job: ImageJob) -> Scene:
        spec = job.spec
        if isinstance(spec, SceneSpec):
            return Scene(draw_scene(spec), spec.width, spec.height)
        if isinstance(spec, OfficialImageSpec):
            return Scene(load_photo(spec), spec.width, spec.height)
        raise SpecError(f"aipsych draws no {type(spec).__name__}: {spec!r}")

    def draw(self, jobs: list[ImageJob]) -> list[Image.Image]:
        """A drawn scene's pixels keep each asked colour to its object (`masks.exclusive_colours`)."""
        (pixels,) = super().draw(jobs[:1])
        spec = jobs[0].spec
        if isinstance(spec, SceneSpec):
            pixels = exclusive_colours(pixels, spec)
        return [pixels for _ in jobs]

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
            "occlusion_note": occlusion_note(folder) if synthetic and synthetic.splits else "",
            **vocabulary_fields(),
        }


def _config_table(manifest: Manifest) -> str:
    """Images, rows and where they came from, per built config."""
    lines = ["| config | images | rows | built from |", "|---|---|---|---|"]
    for config, entry in manifest.configs.items():
        rows = sum(split.num_rows for split in entry.splits.values())
        images = sum(1 for image in manifest.images.values() if image.config == config)
        if config == SYNTHETIC:
            origin = f"drawn scenes, preset `{entry.preset}`"
        else:
            origin = f"the release's {DATASET_NAMES[config]} questions over local photos"
        lines.append(f"| `{config}` | {images} | {rows} | {origin} |")
    return "\n".join(lines)


FAMILY = AipsychFamily()
