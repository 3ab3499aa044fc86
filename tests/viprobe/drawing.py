"""Render VI-Probe case variants to pixel arrays for the per-case pixel audits."""

from __future__ import annotations

import functools
import importlib

import numpy as np

from builders.core.raster import rasterize_image
from builders.illusions.engine import IllusionCase, Variant

#: Strengths the audits sweep: both sides of 1.0, as in the paper preset.
STRENGTHS = (0.5, 0.7, 0.9, 1.1, 1.3, 1.5)


@functools.cache
def pixels(case: str, variant: Variant, base_scale: float = 1.0, strength: float = 1.0) -> np.ndarray:
    """The variant's image as an (h, w, 3) int16 array (int16 so differences do not wrap)."""
    spec_case = case_named(case)
    if variant.perturbed and strength == 1.0:
        raise ValueError("perturbed variants need a strength other than 1.0")
    canvas = spec_case.render(variant, base_scale, strength)
    image = rasterize_image(canvas, spec_case.width, spec_case.height)
    array = np.asarray(image, dtype=np.int16)
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
