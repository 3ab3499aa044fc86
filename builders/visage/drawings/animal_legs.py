"""Legs of the four-legged animals, jointed as the species' are, in a walking stride.

A limb kind is an outline in the leg's own frame: across in leg widths
(forward positive), down from the belly (0) to the ground (1), and above the
belly in torso half-depths (negative), so the thigh and the shoulder swell
into the body. A hoofed leg has a knobbly knee in front, a hock pointing back
behind, a thin cannon, a fetlock and a hoof; a cat's and a dog's stand on
their toes (the hock high, the paw round); a bear's is thick and flat-footed;
an elephant's a pillar. Each leg is sheared by its swing below the belly, so
the feet stand a stride apart while the tops stay in the body.

Hind far, hind near, front far, front near; near and far legs of a pair stand
apart, so on a line under the belly (`probe`) every leg is a run of its own,
which is how an audit counts them.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from typing import Any

from builders.core.errors import SpecError
from builders.visage.drawing import Point

Shape = tuple[Point, ...]
Template = tuple[tuple[float, float], ...]

#: (across in leg widths, down: 0 belly .. 1 ground, or above the belly in torso half-depths when
#: negative), front edge from the top down, then back edge from the ground up.
LIMBS: dict[str, dict[str, Template]] = {
    "hoofed": {
        "hind": (
            (0.8, -0.9),
            (0.95, -0.1),
            (0.62, 0.2),
            (0.38, 0.42),
            (0.34, 0.52),
            (0.27, 0.8),
            (0.4, 0.87),
            (0.56, 0.94),
            (0.62, 1.0),
            (-0.36, 1.0),
            (-0.3, 0.92),
            (-0.38, 0.86),
            (-0.27, 0.78),
            (-0.27, 0.56),
            (-0.62, 0.46),
            (-0.66, 0.36),
            (-1.05, 0.08),
            (-1.25, -0.5),
            (-0.9, -0.95),
        ),
        "front": (
            (0.8, -0.9),
            (0.95, -0.05),
            (0.6, 0.3),
            (0.5, 0.44),
            (0.58, 0.52),
            (0.4, 0.62),
            (0.34, 0.8),
            (0.46, 0.87),
            (0.6, 0.94),
            (0.66, 1.0),
            (-0.32, 1.0),
            (-0.26, 0.92),
            (-0.36, 0.86),
            (-0.28, 0.78),
            (-0.3, 0.6),
            (-0.44, 0.52),
            (-0.38, 0.44),
            (-0.55, 0.12),
            (-0.85, -0.2),
            (-0.8, -0.9),
        ),
    },
    # On the toes: a long sloping foot behind a high hock, a round paw.
    "cat": {
        "hind": (
            (0.85, -0.9),
            (1.0, -0.1),
            (0.55, 0.22),
            (0.12, 0.48),
            (0.1, 0.56),
            (0.3, 0.84),
            (0.72, 0.9),
            (0.85, 0.97),
            (0.72, 1.0),
            (-0.36, 1.0),
            (-0.44, 0.9),
            (-0.52, 0.72),
            (-0.72, 0.52),
            (-0.74, 0.4),
            (-1.1, 0.06),
            (-1.3, -0.5),
            (-0.9, -0.95),
        ),
        "front": (
            (0.75, -0.9),
            (0.85, -0.1),
            (0.5, 0.25),
            (0.4, 0.72),
            (0.5, 0.84),
            (0.88, 0.92),
            (0.92, 0.98),
            (0.78, 1.0),
            (-0.36, 1.0),
            (-0.44, 0.92),
            (-0.38, 0.76),
            (-0.42, 0.3),
            (-0.68, 0.06),
            (-0.85, -0.3),
            (-0.75, -0.9),
        ),
    },
    # A bear's: thick, straight, the whole sole down.
    "bear": {
        "hind": (
            (0.85, -0.9),
            (0.9, -0.1),
            (0.62, 0.35),
            (0.55, 0.78),
            (0.95, 0.9),
            (1.15, 1.0),
            (-0.6, 1.0),
            (-0.62, 0.85),
            (-0.66, 0.5),
            (-0.95, 0.1),
            (-1.15, -0.5),
            (-0.85, -0.95),
        ),
        "front": (
            (0.8, -0.9),
            (0.85, -0.1),
            (0.62, 0.4),
            (0.6, 0.8),
            (1.0, 0.9),
            (1.2, 1.0),
            (-0.55, 1.0),
            (-0.58, 0.8),
            (-0.52, 0.4),
            (-0.7, 0.1),
            (-0.85, -0.4),
            (-0.75, -0.9),
        ),
    },
    # An elephant's, a rhino's: a column, a little narrower at the knee, splaying at the foot.
    "pillar": {
        "hind": (
            (0.72, -0.9),
            (0.76, -0.1),
            (0.62, 0.3),
            (0.56, 0.55),
            (0.6, 0.86),
            (0.74, 1.0),
            (-0.7, 1.0),
            (-0.6, 0.86),
            (-0.58, 0.55),
            (-0.7, 0.3),
            (-0.9, 0.0),
            (-0.95, -0.5),
            (-0.75, -0.95),
        ),
        "front": (
            (0.72, -0.9),
            (0.76, -0.1),
            (0.64, 0.3),
            (0.6, 0.48),
            (0.56, 0.58),
            (0.6, 0.86),
            (0.74, 1.0),
            (-0.7, 1.0),
            (-0.6, 0.86),
            (-0.58, 0.58),
            (-0.62, 0.48),
            (-0.66, 0.3),
            (-0.78, 0.0),
            (-0.8, -0.5),
            (-0.7, -0.95),
        ),
    },
}
LIMBS["dog"] = LIMBS["cat"]


@dataclasses.dataclass(frozen=True)
class Leg:
    outline: Shape
    far: bool
    foot: Shape
    #: Where its centre line leaves the belly and reaches the ground (for coat patterns).
    span: tuple[Point, Point]
    #: Toenails or toes along the foot's front (an elephant's, a rhino's).
    nails: tuple[Shape, ...] = ()


def legs(variant: Any, ground: float) -> tuple[Leg, ...]:
    """Hind far, hind near, front far, front near, striding; a tripod has lost its near front leg and
    stands its far one under the middle of its chest."""
    rx = variant.body[0]
    w = variant.leg_width
    stride = w + 2.8
    swing = variant.stride
    places = (
        (-rx * 0.6, "hind", True, swing),
        (-rx * 0.6, "hind", False, -swing),
        (rx * 0.58, "front", True, -swing),
        (rx * 0.58, "front", False, swing),
    )
    found = []
    for x, kind, far, angle in places:
        dx = (stride / 2) * (1 if far == (kind == "hind") else -1)
        if variant.legs == 3 and kind == "front":
            if not far:
                continue
            dx, angle = 0.0, 0.0
        found.append(_leg(variant, x + dx, kind, far, angle, ground))
    return tuple(found)


def _leg(variant: Any, x: float, kind: str, far: bool, swing: float, ground: float) -> Leg:
    ry = variant.body[1]
    w = variant.leg_width
    belly = variant.body_y + ry
    height = ground - belly
    lean = math.tan(math.radians(swing))

    def place(u: float, t: float) -> Point:
        if t < 0:
            return x + u * w, belly + t * ry
        return x + u * w + t * height * lean, belly + t * height

    outline = tuple(place(u, t) for u, t in LIMBS[variant.limb][kind])
    bottom = place(0.0, 1.0)
    foot: Shape = ()
    nails: tuple[Shape, ...] = ()
    if variant.limb == "hoofed":
        foot = tuple(place(u, t) for u, t in ((0.5, 0.9), (0.62, 1.0), (-0.36, 1.0), (-0.3, 0.92)))
    elif variant.limb == "pillar":
        nails = tuple(
            _nail(place(u, 0.955), w * 0.16) for u in ((0.18, 0.46, 0.7) if not far else (0.46, 0.7))
        )
    return Leg(outline, far, foot, ((x, belly + 0.5), bottom), nails)


def _nail(centre: Point, r: float) -> Shape:
    x, y = centre
    return tuple(
        (x + r * math.cos(a), y + r * 0.8 * math.sin(a)) for a in (k * math.pi / 4 for k in range(8))
    )


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
