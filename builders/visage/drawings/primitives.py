"""Flat SVG shapes in local object units, and the small geometry helpers the drawers share.

Every shape is filled or stroked with one palette colour and nothing else (no
opacity, no gradients), so each pixel of a drawing is one role's colour or an
anti-aliased edge between two of them.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from builders.core.fonts import SANS
from builders.core.svg import points, sub
from builders.visage.drawing import Point


def polygon(parent: ET.Element, coords: Sequence[Point], fill: str, **attrs: object) -> ET.Element:
    return sub(parent, "polygon", points=points(list(coords)), fill=fill, **attrs)


def circle(parent: ET.Element, center: Point, r: float, fill: str, **attrs: object) -> ET.Element:
    return sub(parent, "circle", cx=center[0], cy=center[1], r=r, fill=fill, **attrs)


def ellipse(
    parent: ET.Element, center: Point, rx: float, ry: float, fill: str, **attrs: object
) -> ET.Element:
    return sub(parent, "ellipse", cx=center[0], cy=center[1], rx=rx, ry=ry, fill=fill, **attrs)


def rect(
    parent: ET.Element,
    x: float,
    y: float,
    width: float,
    height: float,
    fill: str,
    r: float = 0,
    **attrs: object,
) -> ET.Element:
    return sub(parent, "rect", x=x, y=y, width=width, height=height, rx=r or None, fill=fill, **attrs)


def line(parent: ET.Element, start: Point, end: Point, stroke: str, width: float) -> ET.Element:
    return sub(
        parent,
        "line",
        x1=start[0],
        y1=start[1],
        x2=end[0],
        y2=end[1],
        stroke=stroke,
        stroke_width=width,
        stroke_linecap="round",
    )


def polyline(parent: ET.Element, coords: Sequence[Point], stroke: str, width: float) -> ET.Element:
    return sub(
        parent,
        "polyline",
        points=points(list(coords)),
        fill="none",
        stroke=stroke,
        stroke_width=width,
        stroke_linecap="round",
        stroke_linejoin="round",
    )


def path(parent: ET.Element, d: str, fill: str, **attrs: object) -> ET.Element:
    return sub(parent, "path", d=d, fill=fill, **attrs)


def text(
    parent: ET.Element,
    content: str,
    center: Point,
    size: float,
    fill: str,
    *,
    bold: bool = True,
    family: str = SANS,
) -> ET.Element:
    """Centred text in a shipped font (resvg drops text in unknown families)."""
    return sub(
        parent,
        "text",
        content,
        x=center[0],
        y=center[1],
        font_family=family,
        font_size=size,
        font_weight="bold" if bold else None,
        text_anchor="middle",
        dominant_baseline="central",
        fill=fill,
    )


def regular_polygon(center: Point, radius: float, sides: int, start_degrees: float) -> list[Point]:
    """Vertices of a regular polygon, the first at `start_degrees` (0 = +x, clockwise on screen).

    >>> [tuple(round(v, 3) for v in p) for p in regular_polygon((0, 0), 1, 4, 0)][:2]
    [(1.0, 0.0), (0.0, 1.0)]
    """
    return [polar(center, radius, start_degrees + 360 * k / sides) for k in range(sides)]


def polar(center: Point, radius: float, degrees: float) -> Point:
    angle = math.radians(degrees)
    return center[0] + radius * math.cos(angle), center[1] + radius * math.sin(angle)


def star(center: Point, outer: float, inner: float, arms: int, start_degrees: float = -90) -> list[Point]:
    """Alternating outer and inner vertices of a star with `arms` points."""
    step = 180 / arms
    return [polar(center, outer if k % 2 == 0 else inner, start_degrees + step * k) for k in range(2 * arms)]


def lerp(a: Point, b: Point, t: float) -> Point:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def clip(parent: ET.Element, clip_id: str, build: list[ET.Element]) -> ET.Element:
    """A `<clipPath>` holding `build`'s shapes, and a group clipped by it to draw into."""
    clip_path = sub(parent, "clipPath", id=clip_id)
    for shape in build:
        clip_path.append(shape)
    return sub(parent, "g", clip_path=f"url(#{clip_id})")
