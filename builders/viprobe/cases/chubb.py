"""Case 17, Chubb: a low-contrast noise disc looks fainter set in high-contrast noise than on plain grey.

The 512x256 canvas is split into a flat grey left field and a right field of
binary noise at grey levels 0.1 / 0.9. Discs of radius 32 (width / 16) at the
fields' centres hold binary noise whose levels spread about a fixed midpoint:
mid ∓ c·range (0..170 of 255 at c = 1), clamped, then kept within [0.1, 0.9].
Every grey level g is tinted to HSL (h, 0.2, g), h = hue_shift(base_scale).
Perturbation sets the right disc's contrast to 2 - s (the release's mirrored
strength); the control drops both fields (discs on white); the guide is a
256x16 noise bar at the left disc's contrast across the centre.

The release drew its noise from an unseeded global RNG; here every noise
pattern is drawn once per configuration from the case's seeded `rng`, so all
variants and strengths of one base scale share them and differ only in levels.

A fresh edition draws fresh noise, its grain (1 to 4 px squares), the discs'
size, how far in from the sides they sit and their row, and whether the figure
is mirrored (the noise field on the left); the disc in the noise field is always
the one the strength changes.
"""

from __future__ import annotations

import colorsys
import dataclasses
import random

import numpy as np

from builders.core.svg import Canvas, sub
from builders.illusions.color import hue_shift
from builders.illusions.engine import IllusionCase
from builders.illusions.layout import EITHER, PLACE, Choice, Uniform, free, slide
from builders.illusions.layout import Layout as BaseLayout
from builders.illusions.shapes import raster, rect

LOW, HIGH = 0.0, 170.0  # disc noise levels at contrast 1, out of 255
LEVEL_RANGE = (0.1, 0.9)  # every noise level is kept within this range
FIELD_LEVELS = LEVEL_RANGE  # the field's black/white noise, so kept
FIELD_GRAY = 0.5
SATURATION = 0.2
GUIDE_HEIGHT = 16
MARGIN = 8


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(BaseLayout):
    mirror: bool = free(False, meaning="mirrored: the noise field on the left", draw=EITHER)
    grain: int = free(1, meaning="noise grain in px", draw=Choice((1, 2, 3, 4)))
    radius: int = free(512 // 16, meaning="disc radius", draw=Uniform(22, 52, " px", 0))
    inset: float = free(
        0.25, meaning="discs' distance from the sides, over the width", draw=Uniform(0.12, 0.38, "", 3)
    )
    down: float = free(0.5, meaning="place down the canvas", draw=PLACE)


def noise_levels(contrast: float) -> tuple[float, float]:
    """Dark and light grey levels (0..1) of disc noise at `contrast`, about the fixed midpoint."""
    mid, spread = (LOW + HIGH) / 2, (HIGH - LOW) / 2
    low, high = (min(max(mid + sign * contrast * spread, 0.0), 255.0) / 255 for sign in (-1, 1))
    return float(np.clip(low, *LEVEL_RANGE)), float(np.clip(high, *LEVEL_RANGE))


@dataclasses.dataclass(frozen=True)
class Elements:
    hue: float
    radius: int
    left_contrast: float
    right_contrast: float
    fields: bool  # draw the grey and noise fields (False in the control)
    left_noise: np.ndarray  # boolean patterns, True = light level
    right_noise: np.ndarray
    field_noise: np.ndarray
    guide_noise: np.ndarray
    centres: tuple[tuple[int, int], tuple[int, int]] = ((128, 128), (384, 128))


class Chubb(IllusionCase[Elements, Layout]):
    number = 17
    name = "chubb"
    title = "Chubb"
    category = "color"
    question = "Are the two circles of the same color?"
    reversed_question = "Are the two circles of different colors?"
    layout_class = Layout

    def elements(self, base_scale: float, layout: Layout, rng: random.Random) -> Elements:
        noise = np.random.default_rng(rng.getrandbits(64))
        radius = int(layout.radius)
        half = self.width // 2

        def pattern(height: int, width: int) -> np.ndarray:
            """Binary noise of `grain`-pixel squares, cut to height x width."""
            grain = layout.grain
            cells = noise.random((-(-height // grain), -(-width // grain))) > 0.5
            return np.kron(cells, np.ones((grain, grain), dtype=bool))[:height, :width]

        left = round(self.width * layout.inset)
        row = self.height // 2 + round(slide(layout.down, self.height - 2 * MARGIN - 2 * radius))
        left_noise, right_noise = pattern(2 * radius, 2 * radius), pattern(2 * radius, 2 * radius)
        field_noise = pattern(self.height, half)
        guide = pattern(GUIDE_HEIGHT, half)
        if self.width - 2 * left > half:  # discs farther apart than the release's: a longer bar, drawn last
            guide = np.hstack([guide, pattern(GUIDE_HEIGHT, self.width - 2 * left - half)])
        return Elements(
            hue=hue_shift(base_scale) % 1.0,
            radius=radius,
            left_contrast=1.0,
            right_contrast=1.0,
            fields=True,
            left_noise=left_noise,
            right_noise=right_noise,
            field_noise=field_noise,
            guide_noise=guide,
            centres=((left, row), (self.width - left, row)),
        )

    def control(self, elements: Elements) -> Elements:
        return dataclasses.replace(elements, fields=False)

    def perturb(self, elements: Elements, strength: float) -> Elements:
        return dataclasses.replace(elements, right_contrast=2.0 - strength)

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        half = self.width / 2
        if elements.fields:
            rect(canvas, 0, 0, half, self.height, fill=self._tint(elements.hue, FIELD_GRAY))
            raster(canvas, half, 0, self._texture(elements.hue, elements.field_noise, FIELD_LEVELS))
        discs = (
            (elements.centres[0], elements.left_noise, elements.left_contrast),
            (elements.centres[1], elements.right_noise, elements.right_contrast),
        )
        for index, (centre, pattern, contrast) in enumerate(discs):
            texture = self._texture(elements.hue, pattern, noise_levels(contrast))
            self._disc(canvas, f"chubb-disc-{index}", centre, elements.radius, texture)

    def guide(self, elements: Elements, canvas: Canvas) -> None:
        texture = self._texture(elements.hue, elements.guide_noise, noise_levels(elements.left_contrast))
        (left, row), (right, _) = elements.centres
        raster(canvas, left, row - GUIDE_HEIGHT / 2, texture[:, : right - left])

    @staticmethod
    def _tint(hue: float, gray: float) -> tuple[float, float, float]:
        """The release tint of grey level `gray`: HSL lightness `gray` at the case hue and saturation."""
        return colorsys.hls_to_rgb(hue, gray, SATURATION)

    @classmethod
    def _texture(cls, hue: float, pattern: np.ndarray, levels: tuple[float, float]) -> np.ndarray:
        """An RGB image of the binary `pattern`: dark level where False, light level where True."""
        dark, light = (np.array(cls._tint(hue, level)) for level in levels)
        return np.where(pattern[..., None], light, dark)

    @staticmethod
    def _disc(
        canvas: Canvas, clip_id: str, centre: tuple[int, int], radius: int, texture: np.ndarray
    ) -> None:
        """Embed `texture` (2r x 2r) centred at `centre`, clipped to a circle of `radius`."""
        x, y = centre
        clip = sub(sub(canvas.root, "defs"), "clipPath", id=clip_id)
        sub(clip, "circle", cx=x, cy=y, r=radius)
        group = sub(canvas.root, "g", clip_path=f"url(#{clip_id})")
        raster(group, x - radius, y - radius, texture)


CASE = Chubb()
