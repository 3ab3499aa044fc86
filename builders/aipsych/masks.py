"""Every drawn object's pixels, from its spec: the `layout` of a row, and asked colours kept exclusive.

Each object's figure is rasterised alone, where and as large as the scene draws it (`Placed.transform`),
and its mask is the pixels it covers at least half of. What of it is visible is its mask minus the
masks of everything drawn after it (shadows hide nothing). A row's `layout` lists every object back
to front with its kind, its role (`asked` about in the row's question, `described` in the
description only, or `clutter`), its colour name, its mask's bounding box `[x0, y0, x1, y1]` (pixel
edges: it covers columns x0 to x1 - 1) and its visible share.

The scene's pixels then keep each asked object's exact palette colour to that object: a pixel
elsewhere that an antialiased edge happens to blend to it (a building's edge, an outline over a
cloud) is moved one level in one channel, so it is no longer that colour.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from typing import Any

import numpy as np
from PIL import Image

from builders.aipsych.layout import Placed, lay_out
from builders.aipsych.scene import draw_figure
from builders.aipsych.spec import SceneSpec
from builders.aipsych.vocabulary import PALETTE
from builders.core.raster import rasterize_coverage
from builders.core.svg import Canvas

ROLES = ("asked", "described", "clutter")


@dataclasses.dataclass(frozen=True)
class Drawn:
    """One object as drawn: its pixels in a window of the image at (`x`, `y`), and the part nothing covers."""

    item: Placed
    x: int
    y: int
    mask: np.ndarray  # True where the object covers a pixel at least half
    visible: np.ndarray  # the same, less what objects drawn after it cover

    @property
    def bbox(self) -> list[int]:
        rows, columns = np.flatnonzero(self.mask.any(axis=1)), np.flatnonzero(self.mask.any(axis=0))
        if not len(rows):
            return [0, 0, 0, 0]
        return [
            self.x + int(columns[0]),
            self.y + int(rows[0]),
            self.x + int(columns[-1]) + 1,
            self.y + int(rows[-1]) + 1,
        ]

    @property
    def visible_fraction(self) -> float:
        area = int(self.mask.sum())
        return round(int(self.visible.sum()) / area, 4) if area else 0.0

    def window(self, other: Drawn) -> tuple[slice, slice, slice, slice] | None:
        """Where `other`'s window overlaps this one: (rows, columns) in this one's, then in `other`'s."""
        height, width = self.mask.shape
        top, left = max(self.y, other.y), max(self.x, other.x)
        bottom = min(self.y + height, other.y + other.mask.shape[0])
        right = min(self.x + width, other.x + other.mask.shape[1])
        if bottom <= top or right <= left:
            return None
        return (
            slice(top - self.y, bottom - self.y),
            slice(left - self.x, right - self.x),
            slice(top - other.y, bottom - other.y),
            slice(left - other.x, right - other.x),
        )


@functools.lru_cache(maxsize=4)
def drawn_objects(spec: SceneSpec) -> tuple[Drawn, ...]:
    """Every object of `spec`, back to front, with its mask and its visible part."""
    alone = [_alone(item, spec) for item in lay_out(spec)]
    drawn = []
    for index, one in enumerate(alone):
        visible = one.mask.copy()
        for later in alone[index + 1 :]:
            overlap = one.window(later)
            if overlap is not None:
                rows, columns, their_rows, their_columns = overlap
                visible[rows, columns] &= ~later.mask[their_rows, their_columns]
        drawn.append(dataclasses.replace(one, visible=visible))
    return tuple(drawn)


def _alone(item: Placed, spec: SceneSpec) -> Drawn:
    """`item` drawn alone where the scene draws it: the pixels its figure covers at least half of."""
    x0, y0 = max(0, math.floor(item.box.x) - 2), max(0, math.floor(item.box.y) - 2)
    x1, y1 = min(spec.width, math.ceil(item.box.right) + 2), min(spec.height, math.ceil(item.box.bottom) + 2)
    canvas = Canvas(x1 - x0, y1 - y0)
    draw_figure(canvas.group(transform=item.transform(-x0, -y0)), item, spec.light)
    mask = rasterize_coverage(canvas, x1 - x0, y1 - y0) >= 128
    return Drawn(item, x0, y0, mask, mask)


def layout_rows(spec: SceneSpec) -> dict[int, list[dict[str, Any]]]:
    """The `layout` of a row asking about object 1 and of one asking about object 2, keyed 1 and 2."""
    drawn = drawn_objects(spec)
    return {target: [_entry(one, target) for one in drawn] for target in (1, 2)}


def _entry(one: Drawn, target: int) -> dict[str, Any]:
    asked = one.item.asked
    role = "clutter" if asked is None else "asked" if asked + 1 == target else "described"
    return {
        "kind": one.item.name,
        "role": role,
        "colour": one.item.colour,
        "bbox": one.bbox,
        "visible_fraction": one.visible_fraction,
    }


def exclusive_colours(pixels: Image.Image, spec: SceneSpec) -> Image.Image:
    """`pixels` with each asked colour only where an asked object of that colour shows."""
    drawn = [one for one in drawn_objects(spec) if one.item.asked is not None]
    array = np.array(pixels.convert("RGB"))
    packed = (array[..., 0].astype(np.uint32) << 16) | (array[..., 1].astype(np.uint32) << 8) | array[..., 2]
    for colour in {one.item.colour for one in drawn}:
        stray = packed == int(PALETTE[colour][1:], 16)
        for one in drawn:
            if one.item.colour == colour:
                height, width = one.visible.shape
                stray[one.y : one.y + height, one.x : one.x + width] &= ~one.visible
        if stray.any():
            blue = int(PALETTE[colour][5:7], 16)
            array[..., 2][stray] = blue - 1 if blue > 0 else 1
    return Image.fromarray(array, "RGB")
