"""SVG emission with ElementTree: deterministic text for deterministic pixels.

Scenes are drawn in a fixed, resolution-independent viewBox; the output size
only scales it. Attributes whose value is None are dropped, numbers are always
formatted the same way, and `class_`/`font_size`-style keyword names map to
`class`/`font-size`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

SVG_NS = "http://www.w3.org/2000/svg"


def fmt(value: Any) -> str:
    """Format an attribute value: numbers with at most 3 decimals, no trailing zeros.

    >>> fmt(2.0), fmt(1 / 3), fmt(-0.0001), fmt("red")
    ('2', '0.333', '0', 'red')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        text = f"{value:.3f}".rstrip("0").rstrip(".")
        return "0" if text in ("-0", "") else text
    return str(value)


def _attr_name(name: str) -> str:
    return "class" if name == "class_" else name.rstrip("_").replace("_", "-")


def element(tag: str, **attrs: Any) -> ET.Element:
    """A detached SVG element; keyword names use underscores for hyphens."""
    return ET.Element(tag, {_attr_name(k): fmt(v) for k, v in attrs.items() if v is not None})


def sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: Any) -> ET.Element:
    """Append a child element to `parent` and return it."""
    child = element(tag, **attrs)
    if text is not None:
        child.text = text
    parent.append(child)
    return child


def points(coords: list[tuple[float, float]]) -> str:
    """`points` attribute for polygons and polylines."""
    return " ".join(f"{fmt(x)},{fmt(y)}" for x, y in coords)


class Canvas:
    """An SVG document with a fixed viewBox `width` x `height` (user units).

    >>> canvas = Canvas(10, 5, background="#fff")
    >>> _ = canvas.add("circle", cx=2, cy=2, r=1.5, fill="red")
    >>> canvas.to_string()
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 5"><rect x="0" y="0" width="10" \
height="5" fill="#fff" /><circle cx="2" cy="2" r="1.5" fill="red" /></svg>'
    """

    def __init__(self, width: float, height: float, *, background: str | None = None) -> None:
        self.width = width
        self.height = height
        self.root = element("svg", xmlns=SVG_NS, viewBox=f"0 0 {fmt(width)} {fmt(height)}")
        if background is not None:
            self.add("rect", x=0, y=0, width=width, height=height, fill=background)

    def add(self, tag: str, text: str | None = None, **attrs: Any) -> ET.Element:
        """Append an element at the top level."""
        return sub(self.root, tag, text, **attrs)

    def group(self, **attrs: Any) -> ET.Element:
        """Append and return a `<g>` for related elements (e.g. `class_="cell"`)."""
        return sub(self.root, "g", **attrs)

    def to_string(self) -> str:
        """Serialise; identical canvases give identical strings."""
        return ET.tostring(self.root, encoding="unicode", short_empty_elements=True)
