"""A drawn animal before it is placed: its shapes, where its legs are, and the clear zone below the body.

Both `mammal.py` and `bird.py` return a `Figure`. Everything that is not a leg
stays above `clear` (a height above the ground), so below it the only things
that differ from the ground colour are the legs; `check` enforces that and
that neighbouring legs never touch in the lower legs, where tests count them.
"""

from __future__ import annotations

import dataclasses
import itertools

from builders.core.curves import Point, ribbon, variable_ribbon
from builders.core.errors import SpecError
from builders.vlmbias.animals.geometry import Clipped, Item, Shape

LEG = "leg"
#: Smallest gap between neighbouring legs below the clear height, in canvas units (800 wide).
MIN_GAP_CANVAS = 12.0


@dataclasses.dataclass(frozen=True)
class Leg:
    """One leg as a centreline (hip, joint, foot) with widths at hip, joint and foot."""

    name: str  # e.g. "near hind", "middle"
    hip: Point
    joint: Point
    foot: Point
    widths: tuple[float, float, float]

    def outline(self, samples: int = 4) -> list[Point]:
        """The leg's outline: two tapered segments."""
        pts, widths = [], []
        for (a, b), (wa, wb) in (
            ((self.hip, self.joint), self.widths[:2]),
            ((self.joint, self.foot), self.widths[1:]),
        ):
            for i in range(samples + (1 if b is self.foot else 0)):
                t = i / samples
                pts.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
                widths.append(wa + (wb - wa) * t)
        return variable_ribbon(pts, widths)

    def x_at(self, y: float) -> float:
        """Centre x of the leg at height `y` (linear along each segment)."""
        (xa, ya), (xb, yb) = (self.joint, self.foot) if y <= self.joint[1] else (self.hip, self.joint)
        t = 0.0 if ya == yb else (y - ya) / (yb - ya)
        return xa + (xb - xa) * t

    def width_at(self, y: float) -> float:
        """Width of the leg at height `y`."""
        top, joint, bottom = self.widths
        if y <= self.joint[1]:
            t = (y - self.foot[1]) / max(1e-9, self.joint[1] - self.foot[1])
            return bottom + (joint - bottom) * t
        t = (y - self.joint[1]) / max(1e-9, self.hip[1] - self.joint[1])
        return joint + (top - joint) * t


@dataclasses.dataclass(frozen=True)
class Figure:
    """An animal's shapes in draw order (local units), its legs, and its leg geometry facts."""

    name: str
    items: tuple[Item, ...]
    legs: tuple[Leg, ...]
    body_bottom: float  # lowest point of the torso above the ground
    clear: float  # nothing but legs below this height

    def check(self, scale: float) -> None:
        """Raise SpecError if anything but a leg dips below `clear` or two legs come close below it.

        `scale` is canvas units per local unit: legs must stay `MIN_GAP_CANVAS` canvas units apart
        (about 6 px at 384 px), whatever the animal's size.
        """
        for item in self.items:
            if isinstance(item, Clipped) or item.part.startswith(LEG):
                continue
            low = item.bounds()[1]
            if low < self.clear - 1e-6:
                raise SpecError(
                    f"{self.name}: part {item.part!r} reaches down to {low:.1f}, below the legs' clear "
                    f"zone ({self.clear:.1f}); shorten or raise it"
                )
        legs = sorted(self.legs, key=lambda leg: leg.foot[0])
        for height in (0.5 * self.clear * k / 4 for k in range(1, 9)):
            for a, b in itertools.pairwise(legs):
                gap = b.x_at(height) - a.x_at(height) - (a.width_at(height) + b.width_at(height)) / 2
                if gap < max(min_gap(a, b), MIN_GAP_CANVAS / scale):
                    raise SpecError(
                        f"{self.name}: legs {a.name!r} and {b.name!r} are {gap:.1f} apart at height "
                        f"{height:.1f}; spread the legs or make them thinner"
                    )


def min_gap(a: Leg, b: Leg) -> float:
    """Smallest allowed gap between two legs in the counting zone: 45% of the thinner leg, at least 2."""
    return max(2.0, 0.45 * min(a.widths[2], b.widths[2]))


def band(line: list[Point], start: float, end: float, fill: str, part: str) -> Shape:
    """A smooth filled band of varying width along a centreline."""
    return Shape(tuple(ribbon(line, start, end)), fill, part)
