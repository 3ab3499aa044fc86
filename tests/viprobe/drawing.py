"""Render VI-Probe case variants to pixel arrays for the per-case pixel audits, and shared measurements.

Every audit runs on the canonical edition and on the fresh edition of `SEED`: `pixels(..., edition)`
draws a variant in that edition's layout (what the edition redrew for the case at that base scale)
and hands it back in the figure's own frame, a mirrored or flipped layout turned back, so the audit
measures the same targets wherever the edition put them; `elements(...)` says where that is.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

import numpy as np

from builders.core.raster import rasterize_image
from builders.illusions.engine import IllusionCase, Variant
from builders.illusions.layout import Layout
from builders.viprobe.editions import edition_layout
from tests.pixels import bands, dark_mask

#: Strengths the audits sweep: both sides of 1.0, as in the paper preset.
STRENGTHS = (0.5, 0.7, 0.9, 1.1, 1.3, 1.5)
#: The fresh edition every audit also runs on (besides the canonical one, None).
SEED = 1
EDITIONS = (None, SEED)
#: Further fresh editions the slow tier audits too: other draws of every layout.
SLOW_SEEDS = (2, 3, 4)


def layout(case: str, base_scale: float = 1.0, edition: int | None = None) -> Layout:
    """The layout `edition` draws `case` in at `base_scale`: the canonical one for None."""
    spec_case = case_named(case)
    return spec_case.layout_class() if edition is None else edition_layout(spec_case, base_scale, edition)


def elements(
    case: str, variant: Variant, base_scale: float = 1.0, strength: float = 1.0, edition: int | None = None
) -> Any:
    """The variant's elements in `edition`: where its targets are, in the figure's frame."""
    return case_named(case).configure(variant, base_scale, strength, layout=layout(case, base_scale, edition))


@functools.cache
def pixels(
    case: str, variant: Variant, base_scale: float = 1.0, strength: float = 1.0, edition: int | None = None
) -> np.ndarray:
    """The variant's image as an (h, w, 3) int16 array (int16 so differences do not wrap), in the
    figure's frame: a mirrored or flipped edition is turned back."""
    spec_case = case_named(case)
    if variant.perturbed and strength == 1.0:
        raise ValueError("perturbed variants need a strength other than 1.0")
    drawn = layout(case, base_scale, edition)
    canvas = spec_case.render(variant, base_scale, strength, layout=drawn, edition=edition)
    array = np.asarray(rasterize_image(canvas, spec_case.width, spec_case.height), dtype=np.int16)
    array = array[::-1] if drawn.flip else array
    array = np.ascontiguousarray(array[:, ::-1] if drawn.mirror else array)
    array.setflags(write=False)
    return array


def case_named(name: str) -> IllusionCase:
    """The case defined by module `builders.viprobe.cases.<name>`."""
    return importlib.import_module(f"builders.viprobe.cases.{name}").CASE


def changed(a: np.ndarray, b: np.ndarray, tolerance: int = 8) -> np.ndarray:
    """Mask of pixels that differ by more than `tolerance` in any channel."""
    return (np.abs(a - b) > tolerance).any(axis=2)


def red_mask(image: np.ndarray) -> np.ndarray:
    """Reddish pixels (the red guides): red well above green and blue."""
    r, g, b = image[..., 0], image[..., 1], image[..., 2]
    return (r - g > 60) & (r - b > 60)


def ink(image: np.ndarray) -> np.ndarray:
    """Non-white pixels: dark fills, thin anti-aliased strokes and gray guides alike."""
    return (image < 230).any(axis=2)


def bright_mask(image: np.ndarray) -> np.ndarray:
    """Light pixels in every channel (white targets on black grounds)."""
    return (image > 145).all(axis=2)


def box(mask: np.ndarray) -> tuple[int, int, int, int]:
    """(top, bottom, left, right) half-open bounds of a mask's pixels."""
    ys, xs = np.nonzero(mask)
    return int(ys.min()), int(ys.max()) + 1, int(xs.min()), int(xs.max()) + 1


def box_size(mask: np.ndarray) -> tuple[int, int]:
    """(width, height) of a mask's bounding box."""
    top, bottom, left, right = box(mask)
    return right - left, bottom - top


def dark_run_at(image: np.ndarray, row: int, x: int) -> int:
    """Length of the dark run on `row` that covers column `x` (a disc's chord, say)."""
    for start, stop in bands(dark_mask(image)[row]):
        if start <= x < stop:
            return stop - start
    raise AssertionError(f"nothing dark at column {x} of row {row}")


def outside_circles(mask: np.ndarray, circles: Iterable[tuple[float, float, float]]) -> np.ndarray:
    """`mask` less its pixels within any circle (x, y, radius)."""
    ys, xs = np.mgrid[: mask.shape[0], : mask.shape[1]]
    outside = mask.copy()
    for x, y, radius in circles:
        outside &= np.hypot(xs - x, ys - y) > radius
    return outside


def centres(profile: np.ndarray) -> list[float]:
    """Midpoints of the runs of True in a 1-D boolean profile (lines crossing it, say)."""
    return [(a + b) / 2 for a, b in bands(profile)]


class GuideLines(NamedTuple):
    """Horizontal guide lines of the guide variant drawn at one strength (base scale 1.0)."""

    plain: np.ndarray  # the unguided illusion image (perturbed unless the strength is 1.0)
    image: np.ndarray  # the same with its guide
    mask: np.ndarray  # the guide image's guide pixels
    rows: list[float]  # centre rows of the guide lines
    stray: tuple[Variant, ...]  # variants drawn at the strength without a guide that show guide pixels


def guide_lines(
    case: str,
    strength: float,
    mask: Callable[[np.ndarray], np.ndarray] = red_mask,
    edition: int | None = None,
) -> GuideLines:
    """The guide pixels (`mask`: reddish pixels unless told) of each variant drawn at `strength`."""
    perturbed = strength != 1.0
    plain = Variant.PERTURBED if perturbed else Variant.ORIGINAL
    guided = Variant.PERTURBED_WITH_GUIDE if perturbed else Variant.ORIGINAL_WITH_GUIDE
    unguided = [v for v in Variant if v.perturbed == perturbed and not v.guide]
    stray = tuple(v for v in unguided if mask(pixels(case, v, 1.0, strength, edition)).any())
    image = pixels(case, guided, 1.0, strength, edition)
    lines = mask(image)
    plain_image = pixels(case, plain, 1.0, strength, edition)
    return GuideLines(plain_image, image, lines, centres(lines.any(axis=1)), stray)


def rows_changed_off(image: np.ndarray, plain: np.ndarray, rows: np.ndarray, reach: int = 1) -> np.ndarray:
    """Rows where `image` differs from `plain` farther than `reach` rows from every True row of `rows`."""
    near = np.convolve(rows, np.ones(2 * reach + 1), mode="same").astype(bool)
    return changed(image, plain).any(axis=1) & ~near
