"""Drawing primitives for the animal figures: shapes in a y-up local frame, mapped onto the canvas.

A figure is built as a list of shapes in "body units" (body length 100, ground at
y = 0, y pointing up). Its bounds decide the scale; `Frame` then maps every
point onto the SVG canvas (y down). Curves are sampled into points, so bounds
are exact and the SVG text is plain polygons, ellipses and smooth paths.
"""

from __future__ import annotations

import dataclasses
import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from builders.core.curves import Point, ellipse_points, smooth_d
from builders.core.svg import points, sub

# --------------------------------------------------------------------------- colours


def rgb(colour: str) -> tuple[int, int, int]:
    """`#rrggbb` -> (r, g, b).

    >>> rgb("#ff8000")
    (255, 128, 0)
    """
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def shade(colour: str, factor: float) -> str:
    """Darker (factor < 1) or lighter (factor > 1, towards white) version of a colour.

    >>> shade("#804020", 0.5), shade("#804020", 2.0)
    ('#402010', '#ffffff')
    """
    if factor <= 1:
        channels = [round(c * factor) for c in rgb(colour)]
    else:
        channels = [round(c + (255 - c) * min(1.0, factor - 1)) for c in rgb(colour)]
    return "#" + "".join(f"{c:02x}" for c in channels)


def distance(a: str, b: str) -> float:
    """Euclidean distance between two colours in RGB.

    >>> distance("#000000", "#030400")
    5.0
    """
    return math.dist(rgb(a), rgb(b))


def is_colour(value: object) -> bool:
    """Whether `value` is a `#rrggbb` string."""
    if not isinstance(value, str) or len(value) != 7 or value[0] != "#":
        return False
    return all(c in "0123456789abcdefABCDEF" for c in value[1:])


# --------------------------------------------------------------------------- shapes


@dataclasses.dataclass(frozen=True)
class Frame:
    """Maps local body units (y up) onto canvas units (y down), facing right or, `mirrored`, left."""

    scale: float
    x0: float  # canvas x of local x = 0
    ground: float  # canvas y of local y = 0
    mirrored: bool = False

    def __call__(self, p: Point) -> Point:
        x = self.x0 - p[0] * self.scale if self.mirrored else self.x0 + p[0] * self.scale
        return x, self.ground - p[1] * self.scale

    def many(self, pts: Sequence[Point]) -> list[Point]:
        return [self(p) for p in pts]


@dataclasses.dataclass(frozen=True)
class Shape:
    """A filled outline (smooth or polygonal) or a stroked open line, in local units.

    `part` names what it draws (`"leg near hind"`, `"torso"`) and becomes its SVG class.
    """

    pts: tuple[Point, ...]
    fill: str | None
    part: str
    smooth: bool = True
    stroke: str | None = None
    width: float = 0.0  # stroke width in local units
    closed: bool = True

    def bounds(self) -> tuple[float, float, float, float]:
        xs, ys = [p[0] for p in self.pts], [p[1] for p in self.pts]
        pad = self.width / 2
        return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad

    def emit(self, parent: ET.Element, frame: Frame) -> None:
        mapped = frame.many(self.pts)
        paint = {
            "fill": self.fill or "none",
            "stroke": self.stroke,
            "stroke_width": None if self.stroke is None else self.width * frame.scale,
            "stroke_linecap": None if self.stroke is None else "round",
            "stroke_linejoin": None if self.stroke is None else "round",
            "class_": self.part,
        }
        if self.smooth and len(mapped) >= 3:
            sub(parent, "path", d=smooth_d(mapped, self.closed), **paint)
        elif self.closed:
            sub(parent, "polygon", points=points(mapped), **paint)
        else:
            sub(parent, "polyline", points=points(mapped), **paint)


def blob(pts: Sequence[Point], fill: str, part: str, smooth: bool = True) -> Shape:
    """A filled outline."""
    return Shape(tuple(pts), fill, part, smooth=smooth)


def line(pts: Sequence[Point], colour: str, width: float, part: str, smooth: bool = True) -> Shape:
    """A stroked open line with round caps."""
    return Shape(tuple(pts), None, part, smooth=smooth, stroke=colour, width=width, closed=False)


def oval(cx: float, cy: float, rx: float, ry: float, fill: str, part: str, degrees: float = 0) -> Shape:
    """A filled (rotated) ellipse."""
    return Shape(tuple(ellipse_points(cx, cy, rx, ry, degrees)), fill, part)


@dataclasses.dataclass(frozen=True)
class Clipped:
    """Marking shapes painted only inside the union of `clip` shapes (spots, stripes, patches)."""

    clip: tuple[Shape, ...]
    shapes: tuple[Shape, ...]
    part: str

    def bounds(self) -> tuple[float, float, float, float]:
        boxes = [shape.bounds() for shape in self.clip]
        return (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )

    def emit(self, parent: ET.Element, frame: Frame, defs: ET.Element, clip_id: str) -> None:
        clip = sub(defs, "clipPath", id=clip_id)
        for shape in self.clip:
            shape.emit(clip, frame)
        group = sub(parent, "g", clip_path=f"url(#{clip_id})", class_=self.part)
        for shape in self.shapes:
            shape.emit(group, frame)


Item = Shape | Clipped


def bounds(items: Sequence[Item]) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) over every item, local units."""
    boxes = [item.bounds() for item in items]
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )
