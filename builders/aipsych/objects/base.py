"""What an object figure is, where it belongs, and the pen it draws with.

A figure draws itself once, in its own design units (a `width` x `height` box; everything drawn,
outlines included, stays at least `MARGIN` units inside it, and a standing object's feet touch
the bottom margin). Its body is drawn in one colour, exactly, with a dark outline; a shading
overlay then darkens the side away from the light and brightens the lit edge, and leaves the
middle of every body part in the exact colour, so "the red car" has a region of exactly the
palette's red. Silver bodies get a metallic sheen on top. Details (wheels, eyes, windows,
leaves, wood) are drawn in fixed colours that are never a palette colour.

A figure also says where it belongs (`homes`: setting -> the placements it may take there), which
palette colours it comes in (a banana is yellow, green or brown) and its real size (`metres`: the
length in the world of its design box's longer side), from which `scale` draws it as large as its
depth in the scene makes it.
"""

from __future__ import annotations

import dataclasses
import functools
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from typing import Any

from builders.aipsych.placements import AIR, GROUND, PAVEMENT, ROAD, SHELF, SURFACE
from builders.aipsych.vocabulary import COLOURS, PALETTE
from builders.core.svg import sub

#: Outline width and minimum clearance from the design box's edges, in design units.
STROKE = 3.0
MARGIN = 2.0
OUTLINE = "#2b2926"
GLASS = "#bcd3df"
_DARK, _DARK_ON_BLACK = "#2d2a27", "#5d5a56"
_LIGHT = "#f1efe9"


@dataclasses.dataclass(frozen=True)
class Paint:
    """The colours one object is drawn with, and the side the light comes from."""

    body: str
    light: str = "left"
    metallic: bool = False

    @property
    def dark(self) -> str:
        return _DARK_ON_BLACK if self.body == PALETTE["black"] else _DARK

    @property
    def shade(self) -> str:
        return f"url(#shade-{self.light})"

    @property
    def sheen(self) -> str:
        return f"url(#sheen-{self.light})"


def paint_for(colour: str, light: str) -> Paint:
    """The paint of an asked object: its exact palette colour; silver shines like metal."""
    return Paint(PALETTE[colour], light, metallic=colour == "silver")


class Pen:
    """Draws a figure's parts into one SVG group with a fixed `Paint`."""

    def __init__(self, group: ET.Element, paint: Paint) -> None:
        self.group = group
        self.paint = paint

    def body(self, tag: str, **attrs: Any) -> ET.Element:
        """A part in the object's colour, outlined and shaded."""
        element = sub(
            self.group,
            tag,
            fill=self.paint.body,
            stroke=OUTLINE,
            stroke_width=STROKE,
            stroke_linejoin="round",
            **attrs,
        )
        self._shade(tag, attrs)
        return element

    def part(self, tag: str, fill: str, stroke_width: float = STROKE, **attrs: Any) -> ET.Element:
        """A part in a fixed colour of its own (leaves, wood, skin), outlined (unless `stroke_width` is 0)
        and shaded."""
        outline = OUTLINE if stroke_width else None
        element = sub(
            self.group,
            tag,
            fill=fill,
            stroke=outline,
            stroke_width=stroke_width or None,
            stroke_linejoin="round" if stroke_width else None,
            **attrs,
        )
        sub(self.group, tag, fill=self.paint.shade, **attrs)
        return element

    def silhouette(self, *parts: tuple[str, dict[str, Any]]) -> None:
        """Overlapping parts in the object's colour outlined as one shape (no seams where they meet)."""
        for tag, attrs in parts:
            sub(
                self.group,
                tag,
                fill=self.paint.body,
                stroke=OUTLINE,
                stroke_width=2 * STROKE,
                stroke_linejoin="round",
                **attrs,
            )
        for tag, attrs in parts:
            sub(self.group, tag, fill=self.paint.body, **attrs)
        for tag, attrs in parts:
            self._shade(tag, attrs)

    def band(self, d: str, width: float) -> None:
        """A thick open stroke in the object's colour, outlined (handles, tails, straps)."""
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

    def dark(self, tag: str, **attrs: Any) -> ET.Element:
        """A dark detail (tyre, eye, strap), not outlined."""
        return sub(self.group, tag, fill=self.paint.dark, **attrs)

    def light(self, tag: str, **attrs: Any) -> ET.Element:
        """A light detail (hub, muzzle, page edge), outlined."""
        return sub(self.group, tag, fill=_LIGHT, stroke=OUTLINE, stroke_width=STROKE, **attrs)

    def glass(self, tag: str, **attrs: Any) -> ET.Element:
        """A window or screen, outlined, with a reflection."""
        element = sub(self.group, tag, fill=GLASS, stroke=OUTLINE, stroke_width=STROKE, **attrs)
        sub(self.group, tag, fill="url(#glare)", **attrs)
        return element

    def line(self, d: str, width: float = STROKE, colour: str = OUTLINE) -> ET.Element:
        """An open stroke in the outline colour (mast, string, whisker, zip)."""
        return sub(
            self.group,
            "path",
            d=d,
            fill="none",
            stroke=colour,
            stroke_width=width,
            stroke_linecap="round",
            stroke_linejoin="round",
        )

    def _shade(self, tag: str, attrs: dict[str, Any]) -> None:
        sub(self.group, tag, fill=self.paint.shade, **attrs)
        if self.paint.metallic:
            sub(self.group, tag, fill=self.paint.sheen, **attrs)


@dataclasses.dataclass(frozen=True, eq=False)
class Figure:
    """One catalogue object: its name, design box, drawing, and where and how it appears."""

    name: str
    width: float
    height: float
    draw: Callable[[Pen], None]
    #: Setting -> the placements (`PLACEMENTS`) the object may take in it.
    homes: Mapping[str, tuple[str, ...]]
    #: The palette colours its body comes in.
    colours: tuple[str, ...] = COLOURS
    #: The real length, in metres, of its design box's longer side (a car's 4.4, an apple's 0.09).
    metres: float = 1.0
    #: How many of it a scene may show unasked: kinds that come in numbers (cars, birds, cups) up to 3,
    #: most kinds 2, a kitchen's one toaster or a room's one couch 1.
    most: int = 2

    @property
    def aspect(self) -> float:
        return self.width / self.height

    @functools.cached_property
    def head(self) -> str:
        """The noun a question names it by ("office chair" -> "chair"); no two objects of a scene share it."""
        return self.name.rsplit(" ", 1)[-1]

    def placements(self, setting: str) -> tuple[str, ...]:
        return tuple(self.homes.get(setting, ()))


#: Where common kinds of object belong (setting -> placements), shared by many figures.
OUTDOOR_GROUND = {"street": (PAVEMENT,), "park": (GROUND,)}
PAVED = {"street": (PAVEMENT,)}
VEHICLE = {"street": (ROAD,)}
PARK_GROUND = {"park": (GROUND,)}
FLYING = {"sky": (AIR,), "street": (AIR,), "park": (AIR,)}
TABLEWARE = {"kitchen": (SURFACE, SHELF), "table_top": (SURFACE,), "living_room": (SHELF,)}
KITCHENWARE = {"kitchen": (SURFACE, SHELF)}
DESK_THING = {"table_top": (SURFACE,), "living_room": (SHELF,)}
FURNITURE = {"living_room": (GROUND,)}
FRUIT = {"kitchen": (SURFACE,), "table_top": (SURFACE,)}
