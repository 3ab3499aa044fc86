"""Jastrow: two identical curved bands, one above the other; the lower one looks larger.

Each band is an annular sector opening downwards, spanning 100° about the vertical, with inner
radius 0.62 of its outer radius R = 190·scale px. The lower band's top sits 16 px below the upper
band's lowest points, so the upper band's short inner edge faces the lower band's long outer edge.
The trap version scales the lower band by 1 + p about its own centre (the paper's Fig. 7 example).
A weaker inducer sets the bands further apart: the gap grows to 16 + 64·(1 - inducer) px.
"""

from __future__ import annotations

import dataclasses
import math

from builders.core.svg import Canvas
from builders.illusionbench.classic.base import Drawn, Pair, PairIllusion, percent
from builders.illusions.shapes import Point, polygon

SPAN = math.radians(100)
INNER = 0.62
GAP = 16
GAP_GROWTH = 64  # extra gap at inducer strength 0
STEPS = 48
FILL = (0.93, 0.62, 0.18)


@dataclasses.dataclass(frozen=True)
class Band:
    center: Point
    radius: float  # outer radius; the inner one is INNER times it

    @property
    def top(self) -> float:
        return self.center[1] - self.radius

    @property
    def bottom(self) -> float:
        """The lowest points: the inner edge's ends."""
        return self.center[1] - INNER * self.radius * math.cos(SPAN / 2)

    @property
    def half_width(self) -> float:
        """Half the horizontal extent: the outer edge's ends."""
        return self.radius * math.sin(SPAN / 2)

    def outline(self) -> list[Point]:
        """Outer arc left to right, then inner arc right to left."""
        cx, cy = self.center
        angles = [-SPAN / 2 + SPAN * k / STEPS for k in range(STEPS + 1)]
        outer = [(cx + self.radius * math.sin(a), cy - self.radius * math.cos(a)) for a in angles]
        inner = [
            (cx + INNER * self.radius * math.sin(a), cy - INNER * self.radius * math.cos(a)) for a in angles
        ]
        return outer + inner[::-1]


@dataclasses.dataclass(frozen=True)
class Elements:
    upper: Band
    lower: Band


class Jastrow(Drawn[Elements], PairIllusion):
    name = "jastrow"
    title = "the Jastrow illusion"
    kind = "distortion"
    width, height = 512, 400
    pair = Pair(
        "the upper band", "the lower band", "the same size", "larger", "smaller", 1,
        "They are straight strips, not curved bands",
    )  # fmt: skip
    inducer_feature = "how close together the two bands sit"
    cause = (
        "the short inner edge of the upper band sits right next to the long outer edge of the lower band, "
        "so the lower band looks larger"
    )

    def elements(self, scale: float, perturbation: float, inducer: float = 1.0) -> Elements:
        radius = 190 * scale
        upper = Band((self.width / 2, 0.0), radius)
        lower_radius = radius * (1 + perturbation)
        gap = GAP + GAP_GROWTH * (1 - inducer)
        lower = Band((self.width / 2, upper.bottom + gap + lower_radius), lower_radius)
        shift = (self.height - (lower.bottom - upper.top)) / 2 - upper.top
        return Elements(
            *(Band((band.center[0], band.center[1] + shift), band.radius) for band in (upper, lower))
        )

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        for band in (elements.upper, elements.lower):
            polygon(canvas, band.outline(), fill=FILL)

    def content(self, perturbation: float) -> str:
        bands = "two orange curved bands shaped like arches, one above the other"
        if perturbation == 0:
            return f"{bands}; the two bands are exactly the same size"
        word = "larger" if perturbation > 0 else "smaller"
        return f"{bands}; the lower band is {percent(perturbation)} {word} than the upper one"


ILLUSION = Jastrow()
