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
    """One object as drawn: its place and its pixels (full mask and the part nothing covers)."""

    item: Placed
    mask: np.ndarray  # the image's shape, True where the object covers a pixel at least half
    visible: np.ndarray  # the same, less what objects drawn after it cover

    @property
    def bbox(self) -> list[int]:
        rows, columns = np.any(self.mask, axis=1), np.any(self.mask, axis=0)
        if not rows.any():
            return [0, 0, 0, 0]
        y0, y1 = np.flatnonzero(rows)[[0, -1]]
        x0, x1 = np.flatnonzero(columns)[[0, -1]]
        return [int(x0), int(y0), int(x1) + 1, int(y1) + 1]

    @property
    def visible_fraction(self) -> float:
        area = int(self.mask.sum())
        return round(int(self.visible.sum()) / area, 4) if area else 0.0


@functools.lru_cache(maxsize=4)
def drawn_objects(spec: SceneSpec) -> tuple[Drawn, ...]:
    """Every object of `spec`, back to front, with its mask and its visible part."""
    placed = lay_out(spec)
    masks = [_mask(item, spec) for item in placed]
    drawn = []
    for index, (item, mask) in enumerate(zip(placed, masks, strict=True)):
        later = np.zeros_like(mask)
        for other in masks[index + 1 :]:
            later |= other
        drawn.append(Drawn(item, mask, mask & ~later))
    return tuple(drawn)


def _mask(item: Placed, spec: SceneSpec) -> np.ndarray:
    """The pixels `item`'s figure covers at least half of, drawn alone where the scene draws it."""
    x0, y0 = max(0, math.floor(item.box.x) - 2), max(0, math.floor(item.box.y) - 2)
    x1, y1 = min(spec.width, math.ceil(item.box.right) + 2), min(spec.height, math.ceil(item.box.bottom) + 2)
    canvas = Canvas(x1 - x0, y1 - y0)
    draw_figure(canvas.group(transform=item.transform(-x0, -y0)), item, spec.light)
    mask = np.zeros((spec.height, spec.width), dtype=bool)
    mask[y0:y1, x0:x1] = rasterize_coverage(canvas, x1 - x0, y1 - y0) >= 128
    return mask


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
    for colour in {one.item.colour for one in drawn}:
        value = np.array([int(PALETTE[colour][i : i + 2], 16) for i in (1, 3, 5)], dtype=np.uint8)
        shown = np.zeros(array.shape[:2], dtype=bool)
        for one in drawn:
            if one.item.colour == colour:
                shown |= one.visible
        stray = (array == value).all(axis=2) & ~shown
        if stray.any():
            blue = array[..., 2]
            blue[stray] = value[2] - 1 if value[2] > 0 else 1
    return Image.fromarray(array, "RGB")
