"""Jobs -> pictures: the single drawing path shared by `build` and `verify`.

A counterfactual image and its titled twin share a spec; jobs are drawn in
bundles of one spec, so the scene is rasterised once and the twin only costs
its title bar.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

from PIL import Image

from builders.core.errors import RenderError
from builders.core.family import Family, ImageJob
from builders.core.raster import Picture, encode_png, rasterize_image
from builders.core.title import stack, title_bar


def bundles(jobs: Iterable[ImageJob]) -> Iterator[list[ImageJob]]:
    """Consecutive jobs grouped by (config, spec): each group shares one scene."""
    for _, group in itertools.groupby(jobs, key=lambda job: (job.config, job.spec)):
        yield list(group)


def draw_bundle(family: Family, jobs: list[ImageJob]) -> list[Picture]:
    """Draw jobs that share one spec; the scene is rasterised once for all of them."""
    scene = family.scene(jobs[0])
    if isinstance(scene.canvas, Image.Image):
        pixels = scene.canvas.convert("RGB")
        if pixels.size != (scene.width, scene.height):
            raise RenderError(f"photo is {pixels.size}, expected {(scene.width, scene.height)}")
    else:
        pixels = rasterize_image(scene.canvas, scene.width, scene.height)
    pictures = []
    for job in jobs:
        if job.title is None:
            pictures.append(encode_png(pixels))
        else:
            bar = title_bar(job.title, pixels.width)
            pictures.append(encode_png(stack(rasterize_image(bar, bar.width, bar.height), pixels)))
    return pictures


def draw(family: Family, job: ImageJob) -> Picture:
    """Draw one job."""
    return draw_bundle(family, [job])[0]
