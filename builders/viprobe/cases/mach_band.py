"""Case 15, Mach Band: uniform stripes on a lightness ramp look edged by illusory bright and dark lines.

Sixteen 32 px vertical stripes fill the 512x256 canvas; their colours step
through a CIELAB ramp from HSB (h, .43, .26) to (h, .43, 1.0), h = hue_shift(base_scale).
The original has no drawn boundaries, so its truthful answer is "no"; the
perturbation draws a real semi-transparent (alpha 0.1) white border of 3·s px
inside every stripe. The control separates the stripes by 2 px white gaps; the
release keeps the non-control label for it (the gaps are arguably boundaries),
and so do we. The guide is a 30 px bar along the top showing the smooth ramp.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import numpy as np

from builders.core.svg import Canvas, sub
from builders.illusions.engine import IllusionCase
from builders.illusions.shapes import Color, hsb, hue_shift, linear_gradient, rect

STRIPES = 16
GAP = 2
BORDER = 3
GUIDE_BAR = 30
#: Stops of the SVG gradients that stand in for the release's per-pixel LAB ramps.
RAMP_STOPS = 17

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


def ramp_fill(canvas: Canvas, gradient_id: str, start: Color, end: Color, vertical: bool = False) -> str:
    """An SVG gradient fill following the LAB ramp from `start` to `end` (piecewise linear in sRGB)."""
    colors = lab_ramp(start, end, RAMP_STOPS)
    stops = [(index / (RAMP_STOPS - 1), color) for index, color in enumerate(colors)]
    return linear_gradient(canvas, gradient_id, stops, vertical=vertical)


@dataclasses.dataclass(frozen=True)
class Elements:
    colors: tuple[tuple[float, float, float], ...]  # stripe colours, darkest first
    gap: float  # white space between adjacent stripes (the control)
    border: float  # width of the semi-transparent white border inside each stripe (the perturbation)


class MachBand(IllusionCase[Elements]):
    number = 15
    name = "mach_band"
    title = "Mach Band"
    category = "color"
    question = "Is there an boundary in between every adjecent regions?"
    reversed_question = "Is there no boundary in between any adjecent regions?"
    original_answer = 0
    #: Opacity of the perturbation's white borders.
    border_alpha = 0.1

    def elements(self, base_scale: float, rng: random.Random) -> Elements:
        hue = hue_shift(base_scale)
        colors = lab_ramp(hsb(hue, 0.43, 0.26), hsb(hue, 0.43, 1.0), STRIPES)
        return Elements(colors=tuple(colors), gap=0, border=0)

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, gap=GAP)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, border=BORDER * strength)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        pitch = self.width / len(elements.colors)
        for index, color in enumerate(elements.colors):
            x = index * pitch + elements.gap / 2
            self._stripe(canvas, (x, 0, pitch - elements.gap, self.height), color, elements.border)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        fill = ramp_fill(canvas, "mach-ramp", elements.colors[0], elements.colors[-1])
        sub(canvas.root, "rect", x=0, y=0, width=self.width, height=GUIDE_BAR, fill=fill)

    def _stripe(
        self, canvas: Canvas, box: tuple[float, float, float, float], color: Color, border: float
    ) -> None:
        """A flat stripe and, if `border` > 0, a translucent white band of that width along its inner edge."""
        x, y, width, height = box
        rect(canvas, x, y, width, height, fill=color)
        if border > 0:
            sub(
                canvas.root,
                "rect",
                x=x + border / 2,
                y=y + border / 2,
                width=width - border,
                height=height - border,
                fill="none",
                stroke="#ffffff",
                stroke_width=border,
                stroke_opacity=self.border_alpha,
            )


CASE = MachBand()
