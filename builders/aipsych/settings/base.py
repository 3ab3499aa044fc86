"""What a scene setting is: where things can stand in it, and how its backdrop is drawn.

A setting (a street, a kitchen, the sky, ...) fixes the geometry objects are placed by, in
fractions of the image height: the far edge of its ground or table plane (`plane`, the horizon
or the back of the counter), where its wall shelf is, and which placements an asked object may
take in each third of the image (`rows`: a street's top third is sky, so only flying things are
asked about there). Objects on a plane are drawn smaller towards its far edge (`far_scale` at the
far edge, 1 at the bottom of the image) and cast a soft shadow away from the light.

Its `draw` paints the backdrop: sky, walls, floors with depth, lit from the scene's side, in
muted colours that are never a palette colour, and keeping its own clutter (clouds, pictures)
off the asked objects (`Backdrop.keep_clear`).
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from builders.aipsych.geometry import Box
from builders.core.svg import Canvas, points, sub

if TYPE_CHECKING:
    from builders.aipsych.objects.base import Figure

#: The setting without depth, where any object may be anywhere.
PLAIN = "plain"


@dataclasses.dataclass
class Backdrop:
    """What a setting's `draw` paints on: the canvas, its size, its randomness and the light."""

    canvas: Canvas
    width: int
    height: int
    rng: random.Random
    light: str
    #: Boxes of the asked objects: a setting keeps its own decorations off them.
    keep_clear: Sequence[Box]
    _defs: ET.Element | None = None

    def x(self, fraction: float) -> float:
        return fraction * self.width

    def y(self, fraction: float) -> float:
        return fraction * self.height

    def rect(self, x: float, y: float, width: float, height: float, fill: str, **attrs: object) -> ET.Element:
        return self.canvas.add("rect", x=x, y=y, width=width, height=height, fill=fill, **attrs)

    def polygon(self, corners: list[tuple[float, float]], fill: str, **attrs: object) -> ET.Element:
        return self.canvas.add("polygon", points=points(corners), fill=fill, **attrs)

    def gradient(
        self,
        name: str,
        stops: Sequence[tuple[float, str] | tuple[float, str, float]],
        start: tuple[float, float] = (0, 0),
        end: tuple[float, float] = (0, 1),
        radial: bool = False,
    ) -> str:
        """Define a gradient (bounding-box units) and return the `url(#...)` to fill with."""
        if self._defs is None:
            self._defs = self.canvas.add("defs")
        if radial:
            element = sub(self._defs, "radialGradient", id=name)
        else:
            element = sub(
                self._defs, "linearGradient", id=name, x1=start[0], y1=start[1], x2=end[0], y2=end[1]
            )
        for stop in stops:
            offset, colour, *opacity = stop
            sub(
                element,
                "stop",
                offset=offset,
                stop_color=colour,
                stop_opacity=opacity[0] if opacity else None,
            )
        return f"url(#{name})"

    def clear(self, box: Box, pad: float = 0.0) -> bool:
        """Whether `box` (grown by `pad`) keeps off every asked object."""
        grown = box.grown(pad)
        return not any(grown.overlaps(other) for other in self.keep_clear)

    @property
    def lit_x(self) -> float:
        """The x the light comes from (0 or the width)."""
        return 0.0 if self.light == "left" else float(self.width)


@dataclasses.dataclass(frozen=True)
class Setting:
    """One kind of place a scene shows, with its geometry and backdrop."""

    name: str
    #: The placements an asked object may take in the top, middle and bottom third of the image.
    rows: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    #: Placement -> (top, bottom) band, as fractions of the height: where a standing object's feet may
    #: be (ground, surface; a shelf's band is its top, one line), or where a hanging or flying object's
    #: box must lie (wall, air). Unasked objects may take any of these placements.
    zones: Mapping[str, tuple[float, float]]
    draw: Callable[[Backdrop], None]
    #: Far edge of the ground or table plane (fraction of the height): the horizon, the back of a counter.
    plane: float = 0.0
    #: Scale of an object standing at the plane's far edge (1 at the bottom of the image).
    far_scale: float = 0.5
    #: How close the camera is: objects' nominal sizes are multiplied by it (a table top is seen close up).
    zoom: float = 1.0

    def placements_of(self, figure: Figure, row: int | None = None) -> tuple[str, ...]:
        """The placements `figure` may take here (in image row `row`, if given); a plain scene takes any."""
        allowed = self.rows[row] if row is not None else tuple(self.zones)
        if self.name == PLAIN:
            return allowed
        return tuple(placement for placement in figure.placements(self.name) if placement in allowed)

    def depth_scale(self, base: float) -> float:
        """How large an object with its feet at `base` (fraction of the height) is drawn: `far_scale` to 1."""
        depth = (base - self.plane) / (1 - self.plane)
        return self.far_scale + (1 - self.far_scale) * min(1.0, max(0.0, depth))
