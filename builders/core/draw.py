"""Jobs -> pictures: the single drawing path shared by `build` and `verify`.

Jobs that share a spec (e.g. an image and a variant of it a family derives from
the same scene) are drawn as one bundle: the family's `draw` gets them together,
so a scene can be rasterised once for all of them.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

from builders.core.family import Family, ImageJob
from builders.core.raster import Picture, encode_png


def bundles(jobs: Iterable[ImageJob]) -> Iterator[list[ImageJob]]:
    """Consecutive jobs grouped by (config, spec): each group shares one scene."""
    for _, group in itertools.groupby(jobs, key=lambda job: (job.config, job.spec)):
        yield list(group)


def draw_bundle(family: Family, jobs: list[ImageJob]) -> list[Picture]:
    """Draw jobs that share one spec and encode each picture."""
    return [encode_png(pixels) for pixels in family.draw(jobs)]
