"""Rubin's vase: a black vase whose two side contours are two white faces in profile.

The vase stands in the middle of a 512 x 512 white canvas, 420·scale px tall. Its half-width at
each height is 190·scale px less the depth of the face there: a smooth curve through a profile
table (forehead, brow, nose, lips, chin, neck) times the inducer strength (flatter faces below
1), so the two faces are mirror images. The trap
version makes the right face 1 + p times as deep, so it really juts further into the vase.
"""

from __future__ import annotations

import dataclasses

from builders.core.svg import Canvas
from builders.illusionbench.classic.base import Drawn, Pair, PairIllusion, percent
from builders.illusions.shapes import Point, polygon

#: (height from the top, face depth) as fractions of the vase's height and half-width.
PROFILE = (
    (0.00, 0.00), (0.05, 0.00), (0.09, 0.38), (0.26, 0.46), (0.33, 0.40), (0.40, 0.48), (0.48, 0.66),
    (0.53, 0.48), (0.58, 0.56), (0.62, 0.49), (0.66, 0.56), (0.71, 0.46), (0.77, 0.56), (0.85, 0.40),
    (0.93, 0.16), (1.00, 0.16),
)  # fmt: skip
SAMPLES = 6  # curve points per profile segment


def _smooth(points: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
    """A Catmull-Rom curve through the points (ends held), sampled SAMPLES times per segment."""
    padded = (points[0], *points, points[-1])
    curve = []
    for i in range(1, len(padded) - 2):
        p0, p1, p2, p3 = padded[i - 1 : i + 3]
        for k in range(SAMPLES):
            t = k / SAMPLES
            curve.append(
                (_catmull_rom(p0[0], p1[0], p2[0], p3[0], t), _catmull_rom(p0[1], p1[1], p2[1], p3[1], t))
            )
    curve.append(points[-1])
    return curve


def _catmull_rom(a: float, b: float, c: float, d: float, t: float) -> float:
    """One coordinate of the Catmull-Rom segment from `b` to `c` at `t` (0 to 1)."""
    return 0.5 * (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * t * t + (3 * b - a - 3 * c + d) * t**3)


@dataclasses.dataclass(frozen=True)
class Elements:
    left: tuple[Point, ...]  # the vase's left contour, top to bottom
    right: tuple[Point, ...]  # its right contour, top to bottom


class Rubin(Drawn[Elements], PairIllusion):
    name = "rubin_vase"
    title = "Rubin's vase"
    kind = "ambiguous"
    width, height = 512, 512
    pair = Pair(
        "the left face", "the right face", "the same size", "larger", "smaller", 1,
        "There are no faces, only the vase",
    )  # fmt: skip
    inducer_feature = "the depth of the face profiles"
    cause = (
        "figure-ground ambiguity: the same contours bound the black vase and the two white faces, so the "
        "picture flips between a vase and two faces looking at each other"
    )

    def elements(self, scale: float, perturbation: float, inducer: float = 1.0) -> Elements:
        height, half = 420 * scale, 190 * scale
        top, middle = (self.height - height) / 2, self.width / 2
        curve = _smooth(PROFILE)
        left = tuple((middle - half * (1 - depth * inducer), top + y * height) for y, depth in curve)
        right = tuple(
            (middle + half * (1 - depth * (1 + perturbation) * inducer), top + y * height)
            for y, depth in curve
        )
        return Elements(left, right)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        polygon(canvas, [*elements.left, *elements.right[::-1]], fill="#000000")

    def content(self, perturbation: float) -> str:
        vase = (
            "a black vase in the middle of a white ground, whose two side contours are two white human "
            "faces in profile looking at each other"
        )
        if perturbation == 0:
            return f"{vase}; the two faces are exact mirror images"
        if perturbation > 0:
            return (
                f"{vase}; the right face juts {percent(perturbation)} deeper into the vase, so it is larger"
            )
        return (
            f"{vase}; the right face is {percent(perturbation)} shallower than the left one, so it is smaller"
        )


ILLUSION = Rubin()
