"""What an object figure is, and the pen it draws with.

A figure draws itself once, in its own design units (a `width` x `height` box; everything drawn,
outlines included, stays at least `MARGIN` units inside it), with the object's palette colour for
its body, a dark outline around every body part, and small dark, light or glass details (wheels,
eyes, windows). The scene
places and scales the figure; a figure never knows where it sits or how large it is drawn.
"""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

from builders.aipsych.vocabulary import PALETTE
from builders.core.svg import sub

#: Outline width and minimum clearance from the design box's edges, in design units.
STROKE = 3.0
MARGIN = 2.0
OUTLINE = "#2b2b2b"
GLASS = "#d4e4ec"
_DARK, _DARK_ON_BLACK = "#2b2b2b", "#5a5a5a"
_LIGHT = "#f4f4f4"


@dataclasses.dataclass(frozen=True)
class Paint:
    """The colours one object is drawn with; details stay visible on every body colour."""

    body: str

    @property
    def dark(self) -> str:
        return _DARK_ON_BLACK if self.body == PALETTE["black"] else _DARK

    @property
    def light(self) -> str:
        return _LIGHT


class Pen:
    """Draws a figure's parts into one SVG group with a fixed `Paint`."""

    def __init__(self, group: ET.Element, paint: Paint) -> None:
        self.group = group
        self.paint = paint

    def body(self, tag: str, **attrs: Any) -> ET.Element:
        """A part in the object's colour, outlined."""
        return sub(
            self.group,
            tag,
            fill=self.paint.body,
            stroke=OUTLINE,
            stroke_width=STROKE,
            stroke_linejoin="round",
            **attrs,
        )

    def dark(self, tag: str, **attrs: Any) -> ET.Element:
        """A small dark detail (wheel, eye, strap), not outlined."""
        return sub(self.group, tag, fill=self.paint.dark, **attrs)

    def light(self, tag: str, **attrs: Any) -> ET.Element:
        """A small light detail (hub, muzzle, page edge), outlined."""
        return sub(self.group, tag, fill=self.paint.light, stroke=OUTLINE, stroke_width=STROKE, **attrs)

    def glass(self, tag: str, **attrs: Any) -> ET.Element:
        """A window, outlined."""
        return sub(self.group, tag, fill=GLASS, stroke=OUTLINE, stroke_width=STROKE, **attrs)

    def silhouette(self, *parts: tuple[str, dict[str, Any]]) -> None:
        """Overlapping parts in the object's colour outlined as one shape (no seams where they meet)."""
        for tag, attrs in parts:
            sub(self.group, tag, fill=self.paint.body, stroke=OUTLINE, stroke_width=2 * STROKE, **attrs)
        for tag, attrs in parts:
            sub(self.group, tag, fill=self.paint.body, **attrs)

    def band(self, d: str, width: float) -> None:
        """A thick open stroke in the object's colour, outlined (handles, tails)."""
        self.line(d, width)
        sub(
            self.group,
            "path",
            d=d,
            fill="none",
            stroke=self.paint.body,
            stroke_width=width - 2 * STROKE,
            stroke_linecap="round",
            stroke_linejoin="round",
        )

    def line(self, d: str, width: float = STROKE) -> ET.Element:
        """An open stroke in the outline colour (mast, string, whisker, zip)."""
        return sub(
            self.group,
            "path",
            d=d,
            fill="none",
            stroke=OUTLINE,
            stroke_width=width,
            stroke_linecap="round",
            stroke_linejoin="round",
        )


@dataclasses.dataclass(frozen=True)
class Figure:
    """One catalogue object: its COCO category name, design box and drawing function."""

    name: str
    width: float
    height: float
    draw: Callable[[Pen], None]

    @property
    def aspect(self) -> float:
        return self.width / self.height
