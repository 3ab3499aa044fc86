"""Legs of the four-legged animals: a thigh or shoulder, a bend (the hock, bent back, on hind legs), a foot.

Hind far, hind near, front far, front near; near and far legs of a pair stand
a stride apart, so on a line under the belly (`probe`) every leg is a run of
its own, which is how an audit counts them.
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

from builders.core.errors import SpecError
from builders.visage.drawing import Point
from builders.visage.drawings import animal_parts as parts
from builders.visage.drawings.outline import ribbon

Shape = tuple[Point, ...]


@dataclasses.dataclass(frozen=True)
class Leg:
    outline: Shape
    far: bool
    foot: Shape
    #: Where its centre line leaves the belly and reaches the ground (for coat patterns).
    span: tuple[Point, Point]


def legs(variant: Any, ground: float) -> tuple[Leg, ...]:
    """Hind far, hind near, front far, front near; a tripod has lost its near front leg."""
    rx, ry = variant.body
    cy, w = variant.body_y, variant.leg_width
    stride = w + 2.8
    belly = cy + ry
    found = []
    for x, hind, far in (
        (-rx * 0.6, True, True),
        (-rx * 0.6, True, False),
        (rx * 0.58, False, True),
        (rx * 0.58, False, False),
    ):
        dx = (stride / 2) * (1 if far == hind else -1)
        found.append(_leg(variant, x + dx, hind, far, belly, ground))
    return tuple(found if variant.legs == 4 else found[:3])


def _leg(variant: Any, x: float, hind: bool, far: bool, belly: float, ground: float) -> Leg:
    cy, w = variant.body_y, variant.leg_width
    height = ground - belly
    if variant.feet == "pad":  # an elephant's pillar
        spine: tuple[Point, ...] = ((x, cy), (x, belly), (x, ground - 0.5))
        widths: tuple[float, ...] = (w * 1.35, w * 1.05, w * 1.15)
    elif hind:
        spine = (
            (x + 0.6, cy - 1),
            (x + 1.8, belly - 0.5),
            (x - 0.8, ground - height * 0.42),
            (x + 0.1, ground - 1.6),
            (x + 0.5, ground - 0.5),
        )
        widths = (w * 2.6, w * 1.7, w * 0.95, w * 0.9, w * 0.9)
    else:
        spine = (
            (x, cy - 1),
            (x - 0.4, belly),
            (x + 0.2, ground - height * 0.35),
            (x + 0.5, ground - 1.6),
            (x + 0.7, ground - 0.5),
        )
        widths = (w * 2.2, w * 1.25, w * 0.95, w * 0.9, w * 0.9)
    foot = parts.foot(variant.feet, spine[-1], w)
    return Leg(ribbon(spine, widths), far, foot, ((spine[1][0], belly + 0.5), spine[-1]))


def probe(variant: Any, legs: tuple[Leg, ...], ground: float) -> tuple[float, float, float]:
    """A line under the belly that crosses every leg once, and nothing else."""
    ry = variant.body[1]
    belly = variant.body_y + ry + max(variant.belly, 0.0)
    y = belly + (ground - belly) * 0.5
    spans = sorted(_span(leg.outline, y) for leg in legs)
    for (_, right), (left, _) in itertools.pairwise(spans):
        if left - right < 1.0:
            raise SpecError(
                f"legs of a quadruped touch under the belly ({right:.2f} vs {left:.2f}); spread them"
            )
    return spans[0][0] - 1.5, spans[-1][1] + 1.5, y


def _span(shape: Shape, y: float) -> tuple[float, float]:
    """The leftmost and rightmost x where the polygon `shape` crosses the line at height y."""
    xs = []
    for (x1, y1), (x2, y2) in zip(shape, (*shape[1:], shape[0]), strict=True):
        if (y1 - y) * (y2 - y) <= 0 and y1 != y2:
            xs.append(x1 + (x2 - x1) * (y - y1) / (y2 - y1))
    if not xs:
        raise SpecError(f"a leg does not reach down to y = {y:.2f}")
    return min(xs), max(xs)
