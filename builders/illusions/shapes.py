"""SVG primitives the illusion cases draw with, in pixel units of the case canvas.

Colours are given as RGB triples in [0, 1] (the release's convention) or as
SVG colour strings; `hex_color` turns the former into the latter. Raster
textures (noise) are embedded as PNG data URIs, which resvg draws 1:1.
"""

from __future__ import annotations

import base64
import io
import xml.etree.ElementTree as ET
from collections.abc import Sequence

import numpy as np
from PIL import Image

from builders.core.curves import Point
from builders.core.svg import Canvas, points, sub
from builders.illusions.color import RGB, lab_ramp

Color = str | tuple[float, float, float]
Parent = Canvas | ET.Element

#: Dash pattern of the guides' dashed lines (on, off), in pixels.
DASH = "6 4"


def hex_color(color: Color) -> str:
    """`#rrggbb` for an RGB triple in [0, 1]; strings pass through.

    >>> hex_color((1.0, 0.5, 0.0)), hex_color("red")
    ('#ff8000', 'red')
    """
    if isinstance(color, str):
        return color
    return "#" + "".join(f"{round(min(max(c, 0.0), 1.0) * 255):02x}" for c in color)


def _root(parent: Parent) -> ET.Element:
    return parent.root if isinstance(parent, Canvas) else parent


def line(
    parent: Parent, start: Point, end: Point, color: Color = "#000000", width: float = 2, dashed: bool = False
) -> None:
    sub(
        _root(parent),
        "line",
        x1=start[0],
        y1=start[1],
        x2=end[0],
        y2=end[1],
        stroke=hex_color(color),
        stroke_width=width,
        stroke_dasharray=DASH if dashed else None,
    )


def polyline(
    parent: Parent, coords: Sequence[Point], color: Color = "#000000", width: float = 2, dashed: bool = False
) -> None:
    sub(
        _root(parent),
        "polyline",
        points=points(list(coords)),
        fill="none",
        stroke=hex_color(color),
        stroke_width=width,
        stroke_linejoin="round",
        stroke_dasharray=DASH if dashed else None,
    )


def circle(
    parent: Parent,
    center: Point,
    radius: float,
    fill: Color | None = "#000000",
    stroke: Color | None = None,
    width: float = 2,
    dashed: bool = False,
) -> None:
    sub(
        _root(parent),
        "circle",
        cx=center[0],
        cy=center[1],
        r=radius,
        fill=hex_color(fill) if fill is not None else "none",
        stroke=hex_color(stroke) if stroke is not None else None,
        stroke_width=width if stroke is not None else None,
        stroke_dasharray=DASH if dashed and stroke is not None else None,
    )


def rect(
    parent: Parent,
    x: float,
    y: float,
    width: float,
    height: float,
    fill: Color = "#000000",
    opacity: float = 1,
) -> None:
    sub(
        _root(parent),
        "rect",
        x=x,
        y=y,
        width=width,
        height=height,
        fill=hex_color(fill),
        fill_opacity=opacity if opacity != 1 else None,
    )


def polygon(parent: Parent, coords: Sequence[Point], fill: Color = "#000000", opacity: float = 1) -> None:
    sub(
        _root(parent),
        "polygon",
        points=points(list(coords)),
        fill=hex_color(fill),
        fill_opacity=opacity if opacity != 1 else None,
    )


def linear_gradient(
    canvas: Canvas, gradient_id: str, stops: Sequence[tuple[float, Color]], vertical: bool = False
) -> str:
    """Define a linear gradient (left to right, or top to bottom) and return its `url(#id)` fill."""
    defs = sub(canvas.root, "defs")
    gradient = sub(
        defs,
        "linearGradient",
        id=gradient_id,
        x1=0,
        y1=0,
        x2=0 if vertical else 1,
        y2=1 if vertical else 0,
    )
    for offset, color in stops:
        sub(gradient, "stop", offset=offset, stop_color=hex_color(color))
    return f"url(#{gradient_id})"


#: Stops of the SVG gradients that stand in for per-pixel CIELAB ramps (piecewise linear in sRGB).
LAB_GRADIENT_STOPS = 17


def lab_gradient(canvas: Canvas, gradient_id: str, start: RGB, end: RGB, vertical: bool = False) -> str:
    """A gradient fill following the CIELAB ramp from `start` to `end` (RGB triples); returns `url(#id)`."""
    colors = lab_ramp(start, end, LAB_GRADIENT_STOPS)
    stops = [(index / (LAB_GRADIENT_STOPS - 1), color) for index, color in enumerate(colors)]
    return linear_gradient(canvas, gradient_id, stops, vertical=vertical)


def raster(parent: Parent, x: float, y: float, pixels: np.ndarray) -> None:
    """Embed an RGB array (floats in [0, 1], shape h x w x 3) at (x, y), one pixel per unit."""
    data = np.clip(np.rint(pixels * 255), 0, 255).astype(np.uint8)
    buffer = io.BytesIO()
    Image.fromarray(data, "RGB").save(buffer, format="PNG", compress_level=1)
    href = "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")
    sub(
        _root(parent),
        "image",
        x=x,
        y=y,
        width=data.shape[1],
        height=data.shape[0],
        href=href,
        preserveAspectRatio="none",
        style="image-rendering:pixelated",
    )


def table_value(values: Sequence[float], base_scale: float, low: float = 0.5, high: float = 1.5) -> float:
    """The entry of a per-scale table (evenly spread over [low, high]) nearest to `base_scale`.

    >>> table_value([6, 10, 14], 1.0), table_value([6, 10, 14], 1.5)
    (10, 14)
    """
    position = (base_scale - low) / (high - low) * (len(values) - 1)
    return values[min(max(round(position), 0), len(values) - 1)]
