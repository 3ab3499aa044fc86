"""A plain scene: a flat light background, no depth, no shadows; every object may be anywhere.

Not a default setting; with `clutter = 0` it gives scenes like the first release of this builder
(two objects on a blank ground), for comparing what context changes.
"""

from __future__ import annotations

from builders.aipsych.placements import PLACEMENTS
from builders.aipsych.settings.base import PLAIN, Backdrop, Setting

BACKGROUND = "#e6dfcc"


def draw(backdrop: Backdrop) -> None:
    backdrop.rect(0, 0, backdrop.width, backdrop.height, BACKGROUND)


SETTING = Setting(
    name=PLAIN,
    rows=(PLACEMENTS, PLACEMENTS, PLACEMENTS),
    supports={placement: ((0.0, 1.0),) for placement in PLACEMENTS},
    draw=draw,
)
