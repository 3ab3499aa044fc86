"""Drawing a patterned grid: layout (computed) then SVG (drawn), in a 1000-unit square.

Labels sit outside the grid: row numbers on the left, column letters below.
Dots follow dice faces; tally strokes come in groups of four verticals crossed
by a diagonal fifth.
"""

from __future__ import annotations

import dataclasses
import math
import xml.etree.ElementTree as ET

from builders.core.fonts import SANS
from builders.core.scene import Scene
from builders.core.svg import Canvas, points, sub
from builders.vlmbias.patterned_grids.spec import GridSpec, standard_count

VIEW = 1000.0
LABEL_BAND = 70.0  # left and bottom, for row numbers and column letters
EDGE = 20.0  # top and right margin
GAP_RATIO = 1 / 12  # gap between cells, as a fraction of the cell side
PADDING = 0.1  # inside a cell, on each side, as a fraction of the cell side
INK = "#000000"

#: Dice faces on a 3 x 3 lattice of (column, row) positions 0..2.
DICE_FACES: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}
LATTICE = (0.18, 0.5, 0.82)  # lattice positions as fractions of the inner box
DOT_RADIUS = 0.11  # fraction of the inner box side

TALLY_SPACING = 1 / 7  # between strokes, fraction of the inner box: the widest tally (7) fits
TALLY_GROUP_GAP = 1.5  # extra gap after a complete group of five, in spacings
TALLY_HEIGHT = 0.7  # stroke length, fraction of the cell side
TALLY_WIDTH = 0.06  # stroke width, fraction of the cell side


@dataclasses.dataclass(frozen=True)
class GridLayout:
    """Where the grid's cells are, in view units."""

    size: int
    cell: float
    gap: float
    left: float
    top: float

    def origin(self, row: int, col: int) -> tuple[float, float]:
        """Top-left corner of a cell."""
        step = self.cell + self.gap
        return self.left + col * step, self.top + row * step


def grid_layout(size: int) -> GridLayout:
    """Cells as large as the square allows once labels and margins are set aside."""
    span = VIEW - LABEL_BAND - EDGE
    cell = span / (size + (size - 1) * GAP_RATIO)
    return GridLayout(size=size, cell=cell, gap=cell * GAP_RATIO, left=LABEL_BAND, top=EDGE)


def tally_offsets(count: int, spacing: float) -> tuple[list[float], list[tuple[float, float]]]:
    """x offsets of vertical strokes and (start, end) x of diagonals, before centring."""
    verticals: list[float] = []
    diagonals: list[tuple[float, float]] = []
    x = 0.0
    for index in range(count):
        if index % 5 == 4:
            first = verticals[-4]
            diagonals.append((first - 0.5 * spacing, first + 3.5 * spacing))
            x = verticals[-1] + spacing * (1 + TALLY_GROUP_GAP)
        else:
            verticals.append(x)
            x += spacing
    return verticals, diagonals


def _dice_cell(
    parent: ET.Element, spec: GridSpec, box: tuple[float, float, float], count: int, anomaly: bool
) -> None:
    x0, y0, side = box
    radius = DOT_RADIUS * side
    for index, (cx, cy) in enumerate(DICE_FACES[count]):
        x, y = x0 + LATTICE[cx] * side, y0 + LATTICE[cy] * side
        if anomaly and index == spec.dot_index and spec.modification == "remove":
            continue
        if anomaly and index == spec.dot_index and spec.modification == "replace":
            _shape(parent, spec.shape, x, y, radius)
        else:
            sub(parent, "circle", cx=x, cy=y, r=radius, fill=INK, class_="dot")


def _shape(parent: ET.Element, shape: str, x: float, y: float, radius: float) -> None:
    """A replacement mark with about the dot's footprint."""
    if shape == "square":
        half = radius * 0.9
        sub(
            parent,
            "rect",
            x=x - half,
            y=y - half,
            width=2 * half,
            height=2 * half,
            fill=INK,
            class_="dot square",
        )
        return
    if shape == "triangle":
        r = radius * 1.2
        corners = [(x + r * math.sin(a), y - r * math.cos(a)) for a in (0, 2 * math.pi / 3, 4 * math.pi / 3)]
    else:  # star
        r = radius * 1.3
        corners = [
            (
                x + (r if k % 2 == 0 else 0.45 * r) * math.sin(k * math.pi / 5),
                y - (r if k % 2 == 0 else 0.45 * r) * math.cos(k * math.pi / 5),
            )
            for k in range(10)
        ]
    sub(parent, "polygon", points=points(corners), fill=INK, class_=f"dot {shape}")


def _tally_cell(parent: ET.Element, layout: GridLayout, origin: tuple[float, float], count: int) -> None:
    inner = layout.cell * (1 - 2 * PADDING)
    spacing = TALLY_SPACING * inner
    verticals, diagonals = tally_offsets(count, spacing)
    extent_left = min([0.0, *(d[0] for d in diagonals)])
    extent_right = max([*verticals, *(d[1] for d in diagonals)])
    shift = origin[0] + layout.cell / 2 - (extent_left + extent_right) / 2
    top = origin[1] + layout.cell * (1 - TALLY_HEIGHT) / 2
    length = layout.cell * TALLY_HEIGHT
    width = TALLY_WIDTH * layout.cell
    style = {"stroke": INK, "stroke_width": width, "stroke_linecap": "round"}
    for x in verticals:
        sub(parent, "line", x1=shift + x, y1=top, x2=shift + x, y2=top + length, class_="stroke", **style)
    for start, end in diagonals:
        sub(
            parent,
            "line",
            x1=shift + start,
            y1=top + 0.9 * length,
            x2=shift + end,
            y2=top + 0.1 * length,
            class_="stroke diagonal",
            **style,
        )


def draw_grid(spec: GridSpec) -> Canvas:
    """The whole grid with labels; only the anomaly cell departs from the pattern."""
    layout = grid_layout(spec.size)
    canvas = Canvas(VIEW, VIEW, background="#ffffff")
    font = min(0.5 * layout.cell, 40.0)
    labels = canvas.group(class_="labels", font_family=SANS, font_weight="bold", font_size=font, fill=INK)
    for index in range(spec.size):
        x, y = layout.origin(index, index)
        sub(
            labels,
            "text",
            str(index + 1),
            x=LABEL_BAND - 12,
            y=y + layout.cell / 2 + 0.36 * font,
            text_anchor="end",
            class_="row-label",
        )
        sub(
            labels,
            "text",
            chr(ord("A") + index),
            x=x + layout.cell / 2,
            y=VIEW - LABEL_BAND + 12 + font,
            text_anchor="middle",
            class_="col-label",
        )
    for row in range(spec.size):
        for col in range(spec.size):
            anomaly = (row, col) == (spec.row, spec.col)
            x, y = layout.origin(row, col)
            cell = canvas.group(class_=f"cell r{row} c{col}" + (" anomaly" if anomaly else ""))
            sub(
                cell,
                "rect",
                x=x,
                y=y,
                width=layout.cell,
                height=layout.cell,
                fill="none",
                stroke=INK,
                stroke_width=max(2.5, 0.03 * layout.cell),
            )
            count = standard_count(col, spec.size)
            if spec.pattern == "dice":
                inset = layout.cell * PADDING
                _dice_cell(cell, spec, (x + inset, y + inset, layout.cell - 2 * inset), count, anomaly)
            else:
                _tally_cell(cell, layout, (x, y), spec.actual if anomaly else count)
    return canvas


def grid_scene(spec: GridSpec) -> Scene:
    return Scene(draw_grid(spec), spec.px, spec.px)
