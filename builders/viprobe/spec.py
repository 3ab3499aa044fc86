"""One VI-Probe image: which case, which variant, at which base scale and strength, drawn how large."""

from __future__ import annotations

import dataclasses
from typing import Any

from builders.core.spec import Spec
from builders.illusions.engine import Variant

#: Fields a canonical paper-size image leaves at None; `to_dict` leaves them out then, so such
#: specs, and their hashes, are what they were before editions and `resolution` existed.
_UNSET_WHEN_CANONICAL = ("drawn_base_scale", "layout", "px")


@dataclasses.dataclass(frozen=True, kw_only=True)
class IllusionImageSpec(Spec):
    """Everything the engine needs to draw one image; originals and controls of originals use strength 1.0.

    `base_scale` and `strength` are the sweep's grid values, which ids and rows name; a fresh
    edition draws the image at `drawn_base_scale`, somewhere in the base scale's bin, and in the
    case's `layout` drawn for that configuration (its free factors, `builders/viprobe/editions.py`).
    """

    kind = "viprobe_image"

    case: str
    variant: str
    base_scale: float
    strength: float
    #: The base scale a fresh edition drew within the bin of `base_scale`; None: `base_scale` itself.
    drawn_base_scale: float | None = None
    #: The case's free factors a fresh edition drew for this configuration; None: the canonical ones.
    layout: dict[str, Any] | None = None
    #: Width of the image in pixels; None: the case's canvas width (512), the paper's.
    px: int | None = None

    def to_dict(self) -> dict[str, Any]:
        data = super().to_dict()
        for name in _UNSET_WHEN_CANONICAL:
            if data[name] is None:
                del data[name]
        return data

    @property
    def variant_enum(self) -> Variant:
        return Variant(self.variant)

    @property
    def scale(self) -> float:
        """The base scale the image is drawn at: the drawn one in a fresh edition, else the grid value."""
        return self.base_scale if self.drawn_base_scale is None else self.drawn_base_scale

    @property
    def alpha(self) -> float:
        """The paper's signed strength axis, inferred as (s - 1) / 0.5 so the grid spans [-1, 1]."""
        return round((self.strength - 1.0) / 0.5, 4)

    @property
    def config_id(self) -> str:
        """The base configuration (case and base scale) all six variants of this image share."""
        return f"{self.case}-b{self.base_scale:.2f}"

    @property
    def image_id(self) -> str:
        """E.g. `muller_lyer-b1.00-P-s1.30`; originals and their twins carry no strength."""
        variant = self.variant_enum
        suffix = f"-s{self.strength:.2f}" if variant.perturbed else ""
        return f"{self.config_id}-{variant.code}{suffix}"
