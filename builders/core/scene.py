"""`Scene`: what a family draws for one image, and the one way it becomes pixels.

Kept apart from `family.py` so drawing code can name it without importing `datasets`.
"""

from __future__ import annotations

import dataclasses

from PIL import Image

from builders.core.errors import RenderError
from builders.core.raster import rasterize_image
from builders.core.svg import Canvas


@dataclasses.dataclass(frozen=True)
class Scene:
    """A drawn scene and the pixel size to rasterise it at.

    `canvas` is usually our own `Canvas`; SVG text made by a library (e.g. `chess.svg`)
    is accepted as a string; either way its viewBox must have the aspect of the output.
    An image read from a user-supplied dataset comes as a PIL image of exactly that size.
    """

    canvas: Canvas | str | Image.Image
    width: int
    height: int


def render_scene(scene: Scene) -> Image.Image:
    """The scene's RGB pixels: rasterised, or the user's image checked for its size."""
    if isinstance(scene.canvas, Image.Image):
        pixels = scene.canvas.convert("RGB")
        if pixels.size != (scene.width, scene.height):
            raise RenderError(f"image is {pixels.size}, expected {(scene.width, scene.height)}")
        return pixels
    return rasterize_image(scene.canvas, scene.width, scene.height)
