"""Job -> picture: the single drawing path shared by `build` and `verify`.

A counterfactual image and its titled twin share a scene, and the pipeline
hands them to the same worker one after the other; the last few rasterised
scenes are kept per process (keyed by config, spec and size), so the titled
twin only costs its title bar.
"""

from __future__ import annotations

from collections import OrderedDict

from PIL import Image

from builders.core.family import Family, ImageJob
from builders.core.raster import Picture, encode_png, rasterize_image
from builders.core.title import stack, title_bar

_SCENES: OrderedDict[tuple[str, str], Image.Image] = OrderedDict()
_SCENES_KEPT = 4


def draw(family: Family, job: ImageJob) -> Picture:
    """Draw a job's scene, stack its title bar on top if it has one, and encode it."""
    scene = scene_pixels(family, job)
    if job.title is None:
        return encode_png(scene)
    bar = title_bar(job.title, scene.width)
    return encode_png(stack(rasterize_image(bar, bar.width, bar.height), scene))


def scene_pixels(family: Family, job: ImageJob) -> Image.Image:
    """The job's scene rasterised, from the per-process cache when it was just drawn."""
    key = (job.config, job.spec.spec_hash)
    if key in _SCENES:
        _SCENES.move_to_end(key)
        return _SCENES[key]
    scene = family.scene(job)
    image = rasterize_image(scene.canvas, scene.width, scene.height)
    _SCENES[key] = image
    if len(_SCENES) > _SCENES_KEPT:
        _SCENES.popitem(last=False)
    return image
