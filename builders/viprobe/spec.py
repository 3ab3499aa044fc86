"""One VI-Probe image: which case, which variant, at which base scale and strength."""

from __future__ import annotations

import dataclasses

from builders.core.spec import Spec
from builders.illusions.engine import Variant


@dataclasses.dataclass(frozen=True, kw_only=True)
class IllusionImageSpec(Spec):
    """Everything the engine needs to draw one image; originals and controls of originals use strength 1.0."""

    kind = "viprobe_image"

    case: str
    variant: str
    base_scale: float
    strength: float

    @property
    def variant_enum(self) -> Variant:
        return Variant(self.variant)

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
