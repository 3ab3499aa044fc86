"""What the shared pipeline needs from a benchmark family.

A family (VLMBias, VI-Probe, ...) declares its configs, presets, splits and
row schema, plans image jobs, draws each job's scene and turns a drawn picture
into rows. The pipeline does everything else: parallel rendering, shards,
manifest, card, verification.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any, Protocol

from datasets import Features
from PIL import Image

from builders.core.gallery_view import GalleryView
from builders.core.raster import Picture
from builders.core.spec import Spec, SpecRegistry
from builders.core.svg import Canvas


@dataclasses.dataclass(frozen=True)
class Scene:
    """A drawn scene and the pixel size to rasterise it at.

    `canvas` is usually our own `Canvas`; SVG text made by a library (e.g. `chess.svg`)
    is accepted as a string; either way its viewBox must have the aspect of the output.
    A photo read from a user-supplied dataset comes as a PIL image of exactly that size.
    """

    canvas: Canvas | str | Image.Image
    width: int
    height: int


@dataclasses.dataclass(frozen=True)
class Source:
    """Where a config's images come from: drawn by our code, or read from a local copy of a release."""

    kind: str = "embedded"
    path: str | None = None

    def to_dict(self) -> dict[str, str | None]:
        return {"kind": self.kind, "path": self.path}


EMBEDDED = Source()


@dataclasses.dataclass(frozen=True, kw_only=True)
class ImageJob:
    """One image to draw: its spec, its optional title bar, and the role its rows play."""

    config: str
    image_id: str
    spec: Spec
    role: str
    title: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Manifest form (the spec is stored in full so the image can be re-drawn)."""
        return {
            "config": self.config,
            "role": self.role,
            "title": self.title,
            "spec": self.spec.to_dict(),
        }

    @classmethod
    def from_dict(cls, image_id: str, entry: dict[str, Any], registry: SpecRegistry) -> ImageJob:
        """Inverse of `to_dict`, for `verify`: the spec comes back as the class its kind names."""
        return cls(
            config=entry["config"],
            image_id=image_id,
            spec=registry.load(entry["spec"]),
            role=entry["role"],
            title=entry["title"],
        )


class Family(Protocol):
    """The contract every family module's `FAMILY` object meets."""

    name: str
    repo_name: str
    pretty_name: str
    configs: tuple[str, ...]
    presets: tuple[str, ...]
    default_preset: str
    splits: tuple[str, ...]
    features: Features
    spec_registry: SpecRegistry
    #: Hub metadata for the card (license, task_categories, tags, ...).
    card_metadata: dict[str, Any]
    #: Configs made of other configs' files (no extra bytes): name -> member configs, in order.
    unions: dict[str, tuple[str, ...]]
    #: Which columns the review gallery (`python -m builders gallery`) shows, and how.
    gallery_view: GalleryView

    def jobs(self, config: str, preset: str, source: Source = EMBEDDED) -> Iterator[ImageJob]:
        """Every image of `config` under `preset`, in a fixed order; UsageError if `source` is unsupported."""
        ...

    def scene(self, job: ImageJob) -> Scene:
        """Draw the job's spec (without title; the pipeline adds the title bar)."""
        ...

    def rows(self, job: ImageJob, picture: Picture) -> list[tuple[str, dict[str, Any]]]:
        """The (split, row) pairs this image feeds; rows carry everything but the image."""
        ...

    def card_context(self, manifest: dict[str, Any]) -> dict[str, str]:
        """Extra template fields for the dataset card."""
        ...
