"""Jobs -> pictures and rows: the single drawing path shared by `build` and `verify`, in or out of workers.

Jobs that share a spec (e.g. an image and a variant of it a family derives from
the same scene) are drawn as one bundle: the family's `draw` gets them together,
so a scene can be rasterised once for all of them. Worker processes import only
this module and the family's drawing code (never `datasets`): they start fast.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from builders.core.allocator import keep_freed_memory
from builders.core.family import Family, ImageJob
from builders.core.interrupts import quiet_worker
from builders.core.raster import Picture, encode_png, rgb_sha256

T = TypeVar("T")


def bundles(jobs: Iterable[ImageJob]) -> Iterator[list[ImageJob]]:
    """Consecutive jobs grouped by (config, spec): each group shares one scene."""
    for _, group in itertools.groupby(jobs, key=lambda job: (job.config, job.spec)):
        yield list(group)


def hash_bundle(family: Family, jobs: list[ImageJob]) -> list[tuple[ImageJob, str]]:
    """Draw a bundle and hash each picture's pixels, not encoding it: all `verify` needs of a re-draw."""
    return [(job, rgb_sha256(pixels)) for job, pixels in zip(jobs, family.draw(jobs), strict=True)]


def draw_bundle(family: Family, jobs: list[ImageJob]) -> list[Picture]:
    """Draw jobs that share one spec and encode each picture."""
    return [encode_png(pixels) for pixels in family.draw(jobs)]


#: One drawn job: the job, its picture and its (split, row) pairs.
Rendered = tuple[ImageJob, Picture, list[tuple[str, dict[str, Any]]]]


def render_bundle(family: Family, jobs: list[ImageJob]) -> list[Rendered]:
    """Draw a bundle and describe each picture by its rows."""
    pictures = draw_bundle(family, jobs)
    return [(job, picture, family.rows(job, picture)) for job, picture in zip(jobs, pictures, strict=True)]


#: The family a worker process draws for, set once by `worker_init`.
_WORKER_FAMILY: Family | None = None


def worker_init(family: Family) -> None:
    """Pool initializer: keep the worker's copy of the family; leave interrupts to the parent."""
    global _WORKER_FAMILY
    _WORKER_FAMILY = family
    keep_freed_memory()
    quiet_worker()


def in_worker(work: Callable[[Family, list[ImageJob]], list[T]], jobs: list[ImageJob]) -> list[T]:
    """`work` (`render_bundle`, `hash_bundle`) of a bundle, with the family `worker_init` set."""
    assert _WORKER_FAMILY is not None, "the pool initializer sets the family"
    return work(_WORKER_FAMILY, jobs)
