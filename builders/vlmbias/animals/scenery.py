"""Backgrounds: sky, far scenery and a flat ground per habitat.

The ground is one flat colour from the horizon down, and nothing but the
animal's legs is drawn below the animal's body: that is what lets a test count
legs from pixels (runs that differ from the ground colour along a scan line).
Far scenery (hills, trees, water, fences) stays above the horizon.
"""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from builders.core.curves import Point, smooth_d
from builders.core.svg import Canvas, element, points, sub


@dataclasses.dataclass(frozen=True)
class Habitat:
    """Colours and far scenery of one background."""

    name: str
    sky: str
    far: str  # hills, dunes, water...
    ground: str
    scenery: str  # "hills", "dunes", "trees", "water", "fence", "mountains", "acacias"
    accent: str  # tree crowns, fence rails, snow caps


HABITATS: dict[str, Habitat] = {
    habitat.name: habitat
    for habitat in (
        Habitat("grassland", "#cfe6f5", "#9cc27c", "#7db24f", "hills", "#6f9a4e"),
        Habitat("savanna", "#e6eedc", "#9bb36a", "#6fa044", "acacias", "#4f6b33"),
        Habitat("dry_savanna", "#eef0dd", "#c9b98a", "#d7c48e", "acacias", "#6b7a40"),
        Habitat("desert", "#f3ead6", "#e2cc9c", "#ecd9ae", "dunes", "#d8bf8c"),
        Habitat("red_desert", "#f4e4cc", "#c98650", "#d9a066", "dunes", "#b86e3c"),
        Habitat("farm", "#d2e8f6", "#a7c98b", "#78b456", "fence", "#8a6a4a"),
        Habitat("forest", "#d7e6dc", "#5f8a5a", "#7eaa48", "trees", "#3f6b3d"),
        Habitat("mountain", "#d5e3ee", "#8f9aa6", "#9fb07a", "mountains", "#f4f7fa"),
        Habitat("tundra", "#dbe6ee", "#a9b7bf", "#a7b0a0", "mountains", "#eef3f6"),
        Habitat("snow", "#dfe8f0", "#b8c6d0", "#eef2f5", "trees", "#3d5a48"),
        Habitat("wetland", "#d9ecf1", "#7fb3c9", "#6f9f5a", "water", "#5b8a4c"),
        Habitat("shore", "#d8edf7", "#6fa8c8", "#6e6250", "water", "#b9d6e4"),
    )
}

WIDTH, HEIGHT = 800, 600  # viewBox of every animal scene (4:3)
#: The classes of the background's top-level parts, in drawing order.
SCENERY_PARTS = frozenset({"sky", "scenery", "ground"})


def draw_background(canvas: Canvas, habitat: Habitat, horizon: float, mirrored: bool = False) -> None:
    """Sky, far scenery resting on the horizon line (running right to left if `mirrored`), flat ground."""
    canvas.add("rect", x=0, y=0, width=WIDTH, height=HEIGHT, fill=habitat.sky, class_="sky")
    flip = f"translate({WIDTH} 0) scale(-1 1)" if mirrored else None
    band = canvas.group(class_=f"scenery {habitat.scenery}", transform=flip)
    h = horizon
    if habitat.scenery in ("hills", "dunes"):
        pts = [(0, h)] + [(x, h - 38 - 22 * ((x // 100) % 3)) for x in range(0, 801, 100)] + [(800, h)]
        _smooth_band(band, pts, habitat.far)
    elif habitat.scenery in ("mountains",):
        peaks = [(0, h - 60), (120, h - 150), (230, h - 80), (360, h - 190), (500, h - 90), (640, h - 170)]
        outline = [(0, h), *peaks, (800, h - 70), (800, h)]
        band.append(_polygon(outline, habitat.far, "mountains"))
        for x, y in peaks[1::2]:
            cap = [(x - 28, y + 36), (x, y), (x + 28, y + 36)]
            band.append(_polygon(cap, habitat.accent, "snow"))
    elif habitat.scenery == "trees":
        band.append(_polygon([(0, h), (0, h - 50), (800, h - 50), (800, h)], habitat.far, "treeline"))
        for x in range(20, 800, 70):
            band.append(_ellipse(x, h - 70 - 12 * ((x // 70) % 2), 46, 40, habitat.accent, "tree"))
    elif habitat.scenery == "acacias":
        _smooth_band(band, [(0, h), (0, h - 18), (400, h - 26), (800, h - 16), (800, h)], habitat.far)
        for x in (90, 560, 735):
            band.append(_polygon([(x - 4, h - 12), (x - 3, h - 70), (x + 3, h - 70), (x + 4, h - 12)],
                                 "#6b5a3c", "trunk"))  # fmt: skip
            band.append(_ellipse(x, h - 78, 62, 16, habitat.accent, "crown"))
    elif habitat.scenery == "water":
        band.append(_polygon([(0, h), (0, h - 40), (800, h - 40), (800, h)], habitat.far, "water"))
        band.append(
            _polygon([(0, h - 40), (0, h - 58), (800, h - 52), (800, h - 40)], habitat.accent, "bank")
        )
    elif habitat.scenery == "fence":
        _smooth_band(band, [(0, h), (0, h - 30), (400, h - 44), (800, h - 28), (800, h)], habitat.far)
        for y in (h - 58, h - 34):
            band.append(_polygon([(0, y), (800, y), (800, y + 7), (0, y + 7)], habitat.accent, "rail"))
        for x in range(30, 800, 120):
            band.append(
                _polygon([(x, h - 70), (x + 10, h - 70), (x + 10, h), (x, h)], habitat.accent, "post")
            )
    canvas.add("rect", x=0, y=h, width=WIDTH, height=HEIGHT - h, fill=habitat.ground, class_="ground")


def _polygon(pts: Sequence[Point], fill: str, part: str) -> ET.Element:
    return element("polygon", points=points(pts), fill=fill, class_=part)


def _ellipse(cx: float, cy: float, rx: float, ry: float, fill: str, part: str) -> ET.Element:
    return element("ellipse", cx=cx, cy=cy, rx=rx, ry=ry, fill=fill, class_=part)


def _smooth_band(parent: ET.Element, pts: Sequence[Point], fill: str) -> None:
    top = pts[1:-1]
    d = smooth_d(top, closed=False)
    d += f" L{pts[-1][0]} {pts[-1][1]} L{pts[0][0]} {pts[0][1]} Z"
    sub(parent, "path", d=d, fill=fill, class_="far")
