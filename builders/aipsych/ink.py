"""Where a figure puts its ink and its exact colour: how much of a drawn object lies inside a region.

The layout keeps every asked object identifiable by bounding how much of it the unasked objects in
front may hide, and `scale` draws an object only as small as still shows enough of its colour. A
box alone would misjudge both (a bicycle's box is mostly air, a teapot's mostly teapot; a
skateboard's exact colour is a thin band of its deck), so each figure is drawn once, alone, at its
design size: its ink (every pixel it covers at least half of) and its exact colour (where its body
keeps the palette value under the shading, drawn silver, whose sheen leaves the least of it; once
lit from each side) are read from summed-area tables of those drawings.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from builders.aipsych.geometry import Box
from builders.aipsych.lighting import add_lighting
from builders.aipsych.objects import CATALOGUE
from builders.aipsych.objects.base import Pen, paint_for
from builders.aipsych.vocabulary import PALETTE
from builders.core.raster import rasterize_coverage, rasterize_image
from builders.core.svg import Canvas

#: Design units are drawn at this many pixels each, so thin parts still count.
SUPERSAMPLE = 2
#: The paint whose exact colour is measured: silver's sheen leaves the least of it.
LEAST_EXACT = "silver"
INK = "ink"


@functools.cache
def _table(name: str, which: str) -> np.ndarray:
    """Summed-area table of a figure's ink (`INK`), or of its exact colour lit from `which` side."""
    figure = CATALOGUE[name]
    width, height = math.ceil(figure.width), math.ceil(figure.height)
    canvas = Canvas(width, height)
    add_lighting(canvas)
    figure.draw(Pen(canvas.group(), paint_for(LEAST_EXACT, "left" if which == INK else which)))
    size = (width * SUPERSAMPLE, height * SUPERSAMPLE)
    if which == INK:
        marked = rasterize_coverage(canvas, *size) >= 128
    else:
        value = [int(PALETTE[LEAST_EXACT][i : i + 2], 16) for i in (1, 3, 5)]
        marked = (np.asarray(rasterize_image(canvas, *size)) == value).all(axis=2)
    table = np.zeros((marked.shape[0] + 1, marked.shape[1] + 1), dtype=np.int64)
    table[1:, 1:] = marked.cumsum(axis=0).cumsum(axis=1)
    return table


@functools.cache
def fill(name: str, which: str = INK) -> float:
    """The share of a `name` figure's design box its ink (or its exact colour, lit from `which`) covers."""
    table = _table(name, which)
    return float(table[-1, -1] / ((table.shape[0] - 1) * (table.shape[1] - 1)))


def share_inside(name: str, which: str, box: Box, mirrored: bool, region: Box) -> float:
    """The share of a `name` figure's ink (`INK`) or exact colour (lit from `which` side in its design),
    drawn in `box` (mirrored or not), that lies inside `region`; rounded outwards, so never less."""
    table = _table(name, which)
    rows, columns = table.shape[0] - 1, table.shape[1] - 1
    left = (max(region.x, box.x) - box.x) / box.width
    right = (min(region.right, box.right) - box.x) / box.width
    top = (max(region.y, box.y) - box.y) / box.height
    bottom = (min(region.bottom, box.bottom) - box.y) / box.height
    if right <= left or bottom <= top or not table[rows, columns]:
        return 0.0
    if mirrored:
        left, right = 1 - right, 1 - left
    x0, x1 = max(0, math.floor(left * columns)), min(columns, math.ceil(right * columns))
    y0, y1 = max(0, math.floor(top * rows)), min(rows, math.ceil(bottom * rows))
    inside = table[y1, x1] - table[y0, x1] - table[y1, x0] + table[y0, x0]
    return float(inside / table[rows, columns])
