"""What a scene setting is: where things can stand in it, how its camera sees them, how its backdrop looks.

A setting (a street, a kitchen, the sky, ...) says where objects may be, in fractions of the image
height (`supports`: the band where feet on the road, the pavement, a floor or a table may be; the
line of a shelf; the band of the wall or the sky where hanging or flying things are), which
placements an asked object may take in each third of the image (`rows`: a street's top third is
sky, so only flying things are asked about there), and the `Camera` that fixes how large things
are drawn at each depth (`scale`). Objects on a plane cast a soft shadow away from the light.

Its `draw` paints the backdrop: sky, walls, floors with depth, lit from the scene's side, in
muted colours that are never a palette colour, and keeping its own clutter (clouds, pictures)
off the asked objects (`Backdrop.keep_clear`) and its buildings under the things in the sky
(`Backdrop.sky`).
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
    from builders.aipsych.camera import Camera
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
    #: Boxes of the things in the air: a setting keeps its buildings below them.
    sky: Sequence[Box] = ()
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


@dataclasses.dataclass(frozen=True, eq=False)
class Setting:
    """One kind of place a scene shows, with its geometry, its camera and its backdrop."""

    name: str
    #: The placements an asked object may take in the top, middle and bottom third of the image.
    rows: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    #: Placement -> its (top, bottom) bands, as fractions of the height: where a standing object's feet
    #: may be (a road, a pavement, a floor, a table; a shelf's band is its top, one line), or where a
    #: hanging or flying object's box must lie (wall, air). Unasked objects may take any of these.
    supports: Mapping[str, tuple[tuple[float, float], ...]]
    draw: Callable[[Backdrop], None]
    #: How the setting is seen (None: a flat picture without depth, every object drawn at one size).
    camera: Camera | None = None
    #: The zooms a scene may be seen at, wide to close (each scales all of the camera's pixels per metre).
    zooms: tuple[float, ...] = (1.0,)
    #: The most unasked objects a scene of it holds, whatever the clutter asked for (an open sky holds a
    #: few aircraft, not eight); None: as many as asked for.
    most_unasked: int | None = None

    def placements_of(self, figure: Figure, row: int | None = None) -> tuple[str, ...]:
        """The placements `figure` belongs on here (in image row `row`, if given); a plain scene takes any.

        Whether it is legible and fits there at the setting's scale is `scale.depths`' to say.
        """
        allowed = self.rows[row] if row is not None else tuple(self.supports)
        if self.name == PLAIN:
            return allowed
        return tuple(placement for placement in figure.placements(self.name) if placement in allowed)
