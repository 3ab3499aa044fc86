"""Colour arithmetic for illusions: HSB colours, the colour category's hue shift, CIELAB ramps.

Colours are RGB triples of floats in [0, 1], the release's convention.
"""

from __future__ import annotations

import colorsys
from collections.abc import Sequence

import numpy as np

RGB = tuple[float, float, float]


def hsb(hue: float, saturation: float, brightness: float) -> tuple[float, float, float]:
    """RGB in [0, 1] for a hue (turns, wrapped), saturation and brightness.

    >>> hsb(1.25, 1.0, 1.0)
    (0.5, 1.0, 0.0)
    """
    return colorsys.hsv_to_rgb(hue % 1.0, saturation, min(max(brightness, 0.0), 1.0))


def hue_shift(base_scale: float) -> float:
    """The release's colour-category base scale as a hue offset: scale - 1 from 1 up, the scale below.

    >>> hue_shift(1.2), hue_shift(0.7), hue_shift(1.0)
    (0.2, 0.7, 0.0)
    """
    return round(base_scale - 1.0 if base_scale >= 1.0 else base_scale, 6)


def scale_brightness(color: RGB, strength: float) -> RGB:
    """`color` with its HSB brightness multiplied by `strength` (hue and saturation kept)."""
    hue, saturation, brightness = colorsys.rgb_to_hsv(*color)
    return hsb(hue, saturation, brightness * strength)


# sRGB (D65) <-> CIE XYZ, and the D65 white point, for the perceptual ramp.
_RGB_TO_XYZ = np.array(
    [[0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750], [0.0193339, 0.1191920, 0.9503041]]
)
_XYZ_TO_RGB = np.linalg.inv(_RGB_TO_XYZ)
_WHITE = np.array([0.95047, 1.0, 1.08883])
_EPSILON, _KAPPA = 0.008856, 7.787


def _to_lab(rgb: np.ndarray) -> np.ndarray:
    linear = np.where(rgb > 0.04045, ((rgb + 0.055) / 1.055) ** 2.4, rgb / 12.92)
    xyz = linear @ _RGB_TO_XYZ.T / _WHITE
    f = np.where(xyz > _EPSILON, np.cbrt(xyz), _KAPPA * xyz + 16 / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], -1)


def _from_lab(lab: np.ndarray) -> np.ndarray:
    fy = (lab[..., 0] + 16) / 116
    f = np.stack([fy + lab[..., 1] / 500, fy, fy - lab[..., 2] / 200], -1)
    xyz = np.where(f**3 > _EPSILON, f**3, (f - 16 / 116) / _KAPPA) * _WHITE
    linear = xyz @ _XYZ_TO_RGB.T
    rgb = np.where(linear > 0.0031308, 1.055 * np.abs(linear) ** (1 / 2.4) - 0.055, 12.92 * linear)
    return np.clip(rgb, 0.0, 1.0)


def lab_ramp(start: Sequence[float], end: Sequence[float], steps: int) -> list[tuple[float, float, float]]:
    """`steps` RGB colours evenly spaced in CIELAB from `start` to `end` (both included), as in the release.

    >>> [tuple(round(c, 3) for c in color) for color in lab_ramp((0, 0, 0), (1, 1, 1), 3)]
    [(0.0, 0.0, 0.0), (0.466, 0.466, 0.466), (1.0, 1.0, 1.0)]
    """
    ends = _to_lab(np.array([start, end], dtype=float))
    t = np.linspace(0.0, 1.0, steps)[:, None]
    return [(float(r), float(g), float(b)) for r, g, b in _from_lab(ends[0] * (1 - t) + ends[1] * t)]
