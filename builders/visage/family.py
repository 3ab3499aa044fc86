"""VISaGE as a family of the shared pipeline: tuples -> image pairs -> seven conditions and a recognition row.

Config `drawn` draws the catalogue (`concepts/`) under a preset; it is what the default build
(`python -m builders build visage`, or `build all`) makes. Config `external` reads the authors'
tuples (or anyone's) from `--source tuples FILE --images DIR`, every line of FILE whatever the
preset, and is built beside an existing `drawn`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from builders.core.errors import SpecError, UsageError
from builders.core.family import Family, ImageJob
from builders.core.params import Parameters
from builders.core.raster import Picture
from builders.core.scene import Scene
from builders.core.source import EMBEDDED, EMBEDDED_KIND, Source
from builders.core.spec import SpecRegistry
from builders.visage import card
from builders.visage.external import load_photo, read_tuples
from builders.visage.gallery import GALLERY_VIEW
from builders.visage.params import PRESETS, VisageParameters
from builders.visage.render import draw_scene
from builders.visage.rows import SPLITS, rows
from builders.visage.schema import SCHEMA
from builders.visage.spec import DrawnImageSpec, ExternalImageSpec, VisageSpec, drawn_specs

if TYPE_CHECKING:
    from builders.core.folder import BuiltFolder

DRAWN, EXTERNAL = "drawn", "external"
#: The source kind that fills `external`: PATH is the tuples file, `--images` the photos' folder.
TUPLES = "tuples"
#: The named inputs (`Source.options`) the tuples source reads.
TUPLES_OPTIONS = ("images",)

#: What `build visage --seed N` redraws and keeps (the card's words; docs/families.md says the same).
EDITION_NOTE = (
    "In VISaGE that is every rendering choice of an image pair: its pose (rotation, scale, position, "
    "mirror image), its background (kind and colours), the colours of every part, each drawn from the "
    "part's candidates (a norm's colour family stays the norm's: a typical banana is a yellow of the "
    "yellow family, a green banana a green), and the details inside the drawing (a clock's time, a "
    "giraffe's patches, a tree's leaves). The typical and exceptional image of a pair still share "
    "their pose, background and the colours the exception leaves alone. Kept: the tuples, the seven "
    "conditions, prompts, labels and their balance, `name_reveals`, the image counts and sizes, and "
    "the attribute itself, shown in every typical image and absent from every exceptional one (the "
    "project's pixel audits measure it in seeded editions too). Config `external` shows your photos as they "
    "are and takes no seed."
)


class VisageFamily(Family):
    """The `visage` family: a drawn config, and one built from the user's tuples and photos."""

    name = "visage"
    repo_name = "visage"
    pretty_name = "VISaGE: visual generics and exceptions"
    configs = (DRAWN, EXTERNAL)
    unions: Mapping[str, tuple[str, ...]] = {}
    presets = tuple(PRESETS)
    default_preset = "paper"
    splits = SPLITS
    default_split = "test"
    default_config = DRAWN
    parameters = VisageParameters
    parameter_presets = PRESETS
    draws_editions = True
    edition_note = EDITION_NOTE
    schema = SCHEMA
    spec_registry = SpecRegistry(DrawnImageSpec, ExternalImageSpec)
    card_license = "cc-by-4.0"
    card_tags = ("vlm-bias", "generics", "exceptions", "semantic-priors", "synthetic")
    gallery_view = GALLERY_VIEW
    sources: Mapping[str, str] = {
        TUPLES: "PATH is a CSV or JSONL file of tuples and --images DIR the folder of their photos "
        "(columns in the card); it builds config external",
    }

    def configs_for(self, source: Source) -> tuple[str, ...]:
        """The drawings by default; the user's tuples build `external`."""
        return {EMBEDDED_KIND: (DRAWN,), TUPLES: (EXTERNAL,)}.get(source.kind, ())

    def jobs(
        self,
        config: str,
        preset: str,
        source: Source = EMBEDDED,
        *,
        params: Parameters | None = None,
        edition: int | None = None,
    ) -> Iterator[ImageJob]:
        params = self.resolved_parameters(preset, params, VisageParameters)
        for spec in self._specs(config, source, params, edition):
            yield ImageJob(config=config, image_id=spec.image_id, spec=spec, role=spec.image_type)

    def _specs(
        self, config: str, source: Source, params: VisageParameters, edition: int | None
    ) -> Iterator[VisageSpec]:
        if config == DRAWN and source.kind == EMBEDDED_KIND:
            return drawn_specs(params, edition)
        if config == EXTERNAL and source.kind == TUPLES:
            if edition is not None:
                raise UsageError(
                    f"config {EXTERNAL!r} shows your photos as they are, so a seed has nothing to redraw; "
                    "build it without --seed, into a folder of its own if the drawn config there is a "
                    "fresh edition"
                )
            return iter(read_tuples(*_tuples_inputs(source)))
        raise self.refuse_source(config, source)

    def scene(self, job: ImageJob) -> Scene:
        spec = job.spec
        if isinstance(spec, DrawnImageSpec):
            return Scene(draw_scene(spec), spec.width, spec.height)
        if isinstance(spec, ExternalImageSpec):
            return Scene(load_photo(spec), spec.width, spec.height)
        raise SpecError(f"config {job.config!r} of visage draws no {type(spec).__name__}")

    def rows(self, job: ImageJob, picture: Picture) -> list[tuple[str, dict[str, Any]]]:
        spec = job.spec
        if not isinstance(spec, DrawnImageSpec | ExternalImageSpec):
            raise SpecError(f"config {job.config!r} of visage has no rows for {type(spec).__name__}")
        return rows(spec, picture)

    def card_context(self, folder: BuiltFolder) -> dict[str, str]:
        return card.card_context(folder)


def _tuples_inputs(source: Source) -> tuple[str, str]:
    """The tuples file and the images folder of `--source tuples FILE --images DIR`, or one sentence."""
    unread = sorted(name for name, _ in source.options if name not in TUPLES_OPTIONS)
    if unread:
        raise UsageError(
            f"--source {TUPLES} reads no --{unread[0]}; leave it out "
            f"(give --source {TUPLES} FILE --images DIR)"
        )
    images = source.option("images")
    if source.path is None or images is None:
        raise UsageError(
            f"--source {TUPLES} needs the tuples file and the photos' folder; "
            f"give --source {TUPLES} FILE --images DIR"
        )
    return source.path, images


FAMILY = VisageFamily()
