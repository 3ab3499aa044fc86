"""A basketball: a pebbled sphere in eight panels parted by black seams.

The ball's colour is read at points inside panels, clear of the seams; a
panelled ball (the ABA's red, white and blue) keeps its body colour in the
panels the points fall in.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import colour_of, family
from builders.visage.drawing import Drawer, Measured, Point, Role, colour
from builders.visage.drawings.outline import ellipse_points, smooth, stroke

Shape = tuple[Point, ...]
R = 30.0


@dataclasses.dataclass(frozen=True)
class Variant:
    panels: bool = False  # the ABA ball's alternating red, white and blue panels


@dataclasses.dataclass(frozen=True)
class Geometry:
    ball: Shape
    seams: tuple[tuple[Point, ...], ...]
    panels: tuple[tuple[str, Shape], ...]
    probes: tuple[Point, ...]


ROLES = (
    Role("body", family("orange", "red", "carrot_orange")),
    Role("seam", family("black", "coal")),
    Role("panel_a", family("white", "ivory")),
    Role("panel_b", family("blue", "navy")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    ball = ellipse_points((0.0, 0.0), R, R, 64)
    bow = R * 0.55
    left = tuple(
        (-bow + bow * 0.55 * math.cos(t), R * math.sin(t))
        for t in (math.radians(d) for d in range(-90, 91, 10))
    )
    right = tuple((-x, y) for x, y in left)
    seams = (((-R, 0.0), (R, 0.0)), ((0.0, -R), (0.0, R)), left, right)
    panels: list[tuple[str, Shape]] = []
    if variant.panels:
        # Quarter wedges between the seams, alternately white and blue over the red ball.
        for k, role in enumerate(("panel_a", "panel_b", "panel_a", "panel_b")):
            a0 = math.radians(90 * k)
            wedge = [(0.0, 0.0)] + [
                (R * math.cos(a0 + math.radians(d)), R * math.sin(a0 + math.radians(d)))
                for d in range(0, 46, 5)
            ]
            panels.append((role, tuple(wedge)))
    probes = tuple(
        (R * 0.6 * math.cos(math.radians(a)), R * 0.6 * math.sin(math.radians(a)))
        for a in (67.5, 157.5, 247.5, 337.5)
    )
    return Geometry(ball, seams, tuple(panels), probes)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    smooth(parent, g.ball, colours["body"])
    clip_path = ET.SubElement(parent, "clipPath", {"id": "clip-ball"})
    ET.SubElement(clip_path, "circle", {"cx": "0", "cy": "0", "r": f"{R:g}"})
    inside = ET.SubElement(parent, "g", {"clip-path": "url(#clip-ball)"})
    for role, panel in g.panels:
        smooth(inside, panel, colours[role])
    for seam in g.seams:
        stroke(inside, seam, colours["seam"], 1.4)


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"colour": Measured(colour_of(colours["body"]), colour(*g.probes))}


DRAWER = Drawer("basketball", ROLES, geometry, draw, measures, silhouette=("body",))
