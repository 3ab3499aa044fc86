"""Case 26, Poggendorff Horizontal: a diagonal interrupted by a horizontal bar looks misaligned.

Case 25 with the occluder lying down: on a 512x512 white canvas a black
occluder (300 px wide, 60 px tall) lies across the centre. A 3 px diagonal of
400 px runs from lower left to upper right through the centre, shifted
horizontally by the base scale's table value (-50…+50 px). Only its parts
outside the bar's rows are drawn: below it a red segment (its end pulled back
3 px along the line), above it a black one, so the control shows a gap where
the bar was. As in the release, originals use a 45° diagonal and perturbed
images a 30° one; perturbation then shifts the black segment horizontally by
(s − 1)·80 px (right for s > 1). The control drops the occluder; the guide is
a 1 px red dashed line along the true diagonal, extended 100 px at both ends.

A fresh edition draws what case 25's does, but the angles.
"""

from __future__ import annotations

import dataclasses

from builders.viprobe.cases import poggendorff
from builders.viprobe.cases.poggendorff import Poggendorff


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout(poggendorff.Layout):
    """Case 25's free factors but the angle: the release's 45° originals and 30° perturbed images."""

    angle: float = 45


class PoggendorffHorizontal(Poggendorff):
    number = 26
    name = "poggendorff_horizontal"
    title = "Poggendorff Horizontal"
    vertical = False
    layout_class = Layout
    perturbed_angle = 30.0  # the release's fixed angle for perturbed images (originals: 45°)
    red_retract = 3
    red_under_occluder = False


CASE = PoggendorffHorizontal()
