"""Where each object of a scene is drawn: geometry only, no drawing.

A position string names one cell of a 3 x 3 grid over the image ("top left" is the top-left
third by third). Each object gets a box inside its cell, `CELL_MARGIN` of the cell clear on every
side, with the figure's aspect, scaled and shifted within the room left by a seeded amount. Two
objects sit in different cells, so they never overlap.
"""

from __future__ import annotations

import dataclasses

from builders.aipsych.objects import CATALOGUE
from builders.aipsych.spec import SceneSpec
from builders.aipsych.vocabulary import POSITION_CELLS
from builders.core.hashing import rng_for

#: Fraction of the cell's width and height kept clear on each side of an object.
CELL_MARGIN = 0.08
#: Range of the object's size, as a fraction of the largest box that fits.
SIZE_RANGE = (0.8, 1.0)


@dataclasses.dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle in image pixels."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    def contains(self, other: Box) -> bool:
        return (
            self.x <= other.x
            and self.y <= other.y
            and other.right <= self.right
            and other.bottom <= self.bottom
        )

    def overlaps(self, other: Box) -> bool:
        return (
            self.x < other.right and other.x < self.right and self.y < other.bottom and other.y < self.bottom
        )


def cell(position: str, width: int, height: int) -> Box:
    """The image region a position string names.

    >>> cell("bottom center", 640, 480)
    Box(x=213.33333333333334, y=320.0, width=213.33333333333334, height=160.0)
    """
    column, row = POSITION_CELLS[position]
    return Box(column * width / 3, row * height / 3, width / 3, height / 3)


def object_boxes(spec: SceneSpec) -> tuple[Box, Box]:
    """The box each object of `spec` is drawn in, in the spec's order."""
    first, second = (
        _place(obj.name, obj.position, spec, index) for index, obj in enumerate(spec.scene_objects)
    )
    return first, second


def _place(name: str, position: str, spec: SceneSpec, index: int) -> Box:
    rng = rng_for("aipsych", "layout", spec.seed_key, index)
    region = cell(position, spec.width, spec.height)
    room_w, room_h = region.width * (1 - 2 * CELL_MARGIN), region.height * (1 - 2 * CELL_MARGIN)
    aspect = CATALOGUE[name].aspect
    fit_w = min(room_w, room_h * aspect)
    scale = rng.uniform(*SIZE_RANGE)
    box_w, box_h = fit_w * scale, fit_w * scale / aspect
    x = region.x + region.width * CELL_MARGIN + rng.uniform(0, room_w - box_w)
    y = region.y + region.height * CELL_MARGIN + rng.uniform(0, room_h - box_h)
    return Box(x, y, box_w, box_h)
