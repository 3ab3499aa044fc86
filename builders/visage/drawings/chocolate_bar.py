"""A chocolate bar, half unwrapped: a grid of raised squares breaking out of foil and a paper wrapper.

The chocolate's colour is read at points on the squares' faces, clear of the
grooves between them.
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import colour_of, family
from builders.visage.drawing import Drawer, Measured, Point, Role, colour
from builders.visage.drawings.primitives import polygon, rect

Shape = tuple[Point, ...]
COLS, ROWS = 4, 3
CELL = 8.0


@dataclasses.dataclass(frozen=True)
class Variant:
    pass


@dataclasses.dataclass(frozen=True)
class Geometry:
    cells: tuple[tuple[float, float], ...]
    broken: int
    probes: tuple[Point, ...]


ROLES = (
    Role("chocolate", family("brown", "dark_brown", "white", "pink")),
    Role("groove", family("dark_brown", "coal", "cream", "silver"), shaded="chocolate"),
    Role("foil", family("silver", "gold")),
    Role("wrapper", family("red", "blue", "purple", "green", "navy", "orange")),
    Role("label", family("white", "gold", "yellow", "cream")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    x0, y0 = -COLS * CELL / 2 - 10.0, -ROWS * CELL / 2
    cells = tuple((x0 + i * CELL, y0 + j * CELL) for i in range(COLS) for j in range(ROWS))
    broken = rng.randrange(ROWS)  # one square of the first column is missing: a bite
    probes = tuple((x + 3.0, y + 3.0) for x, y in cells[ROWS::2])
    return Geometry(cells, broken, probes)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    width = COLS * CELL
    x0, y0 = g.cells[0]
    # The wrapper covers the right part of the bar; foil peeks out at its torn edge.
    polygon(
        parent,
        (
            (x0 + width - 2.0, y0 - 2.5),
            (x0 + width + 3.0, y0 - 3.5),
            (x0 + width + 1.0, y0 + ROWS * CELL + 3.5),
            (x0 + width - 3.0, y0 + ROWS * CELL + 2.5),
        ),
        colours["foil"],
    )
    rect(parent, x0, y0, width, ROWS * CELL, colours["groove"], r=1.0)
    for index, (x, y) in enumerate(g.cells):
        if index == g.broken:
            continue
        rect(parent, x + 0.7, y + 0.7, CELL - 1.4, CELL - 1.4, colours["chocolate"], r=0.6)
    rect(parent, x0 + width + 1.5, y0 - 4.5, 26.0, ROWS * CELL + 9.0, colours["wrapper"], r=1.0)
    rect(parent, x0 + width + 5.0, y0 + 4.0, 19.0, ROWS * CELL - 8.0, colours["label"], r=1.0)
    rect(parent, x0 + width + 7.5, y0 + 8.5, 14.0, 2.2, colours["wrapper"])
    rect(parent, x0 + width + 7.5, y0 + 12.8, 10.0, 1.6, colours["wrapper"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    return {"colour": Measured(colour_of(colours["chocolate"]), colour(*g.probes))}


DRAWER = Drawer("chocolate_bar", ROLES, geometry, draw, measures, silhouette=("chocolate", "wrapper"))
