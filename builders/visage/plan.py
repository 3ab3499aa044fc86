"""What the family wiring calls: specs for a config, and for one spec its job, its scene and its rows.

for spec in specs("drawn", "paper"):          # or specs("external", source=..., images=...)
    job = image_job("drawn", spec)
    picture = rasterize(scene(spec))          # the pipeline's drawing step
    for split, row in rows(spec, picture): ...
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from builders.core.errors import UsageError
from builders.core.family import ImageJob, Scene
from builders.core.raster import Picture
from builders.core.spec import SpecRegistry
from builders.visage import rows as rows_module
from builders.visage.external import load_photo, read_tuples
from builders.visage.render import draw_scene
from builders.visage.spec import DrawnImageSpec, ExternalImageSpec, VisageSpec, drawn_specs

CONFIGS = ("drawn", "external")
#: Spec kinds a manifest entry may name, for `verify`.
SPECS = SpecRegistry()
SPECS.register(DrawnImageSpec)
SPECS.register(ExternalImageSpec)


def specs(
    config: str, preset: str = "paper", *, source: Path | str | None = None, images: Path | str | None = None
) -> Iterator[VisageSpec]:
    """The config's images in build order: `drawn` from the catalogue under `preset`, `external` from files.

    Raises:
        UsageError: an unknown config, or `external` without its tuples file and images folder.
    """
    if config == "drawn":
        return drawn_specs(preset)
    if config == "external":
        if source is None or images is None:
            raise UsageError("config 'external' needs --source tuples FILE and --images DIR")
        return iter(read_tuples(source, images))
    raise UsageError(f"unknown VISaGE config {config!r}; choose from: {', '.join(CONFIGS)}")


def image_job(config: str, spec: VisageSpec) -> ImageJob:
    """The pipeline's job for one image; its role is the image type."""
    return ImageJob(config=config, image_id=spec.image_id, spec=spec, role=spec.image_type)


def scene(spec: VisageSpec, images: Path | str | None = None) -> Scene:
    """The drawn canvas, or the user's photo (read from `images`), at the spec's size."""
    if isinstance(spec, DrawnImageSpec):
        return Scene(draw_scene(spec), spec.width, spec.height)
    if images is None:
        raise UsageError("external images need --images DIR to be drawn")
    return Scene(load_photo(spec, images), spec.width, spec.height)


def rows(spec: VisageSpec, picture: Picture) -> list[tuple[str, dict[str, Any]]]:
    """The (split, row) pairs of one image: its condition rows (`test`) and its recognition row."""
    return rows_module.rows(spec, picture)
