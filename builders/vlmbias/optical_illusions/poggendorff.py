"""Poggendorff: a red diagonal line interrupted by a grey bar, which biases whether its halves align.

Geometry after pyllusion's `Poggendorff`: two segments of length 0.75 leave
the centre line at `90 - illusion_strength` degrees from the vertical (for
d < 0: `90 + illusion_strength`), the left one from (0, 0) and the right one
from (0, d): with d = 0 they are one straight line, otherwise the right half
is shifted up by d (down for d < 0). A grey 0.5 x 1.75 bar covers the middle.
"""

from __future__ import annotations

import math

from builders.core.svg import Canvas
from builders.vlmbias.optical_illusions.drawing import GREY, RED, Stage
from builders.vlmbias.optical_illusions.illusion import Grid, Illusion, Parameters

SEGMENT = 0.75
BAR_WIDTH, BAR_HEIGHT = 0.5, 1.75


def _segment(start: tuple[float, float], degrees: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """A segment of length SEGMENT from `start`, `degrees` clockwise from straight up."""
    x, y = start
    radians = math.radians(degrees)
    return start, (x + math.sin(radians) * SEGMENT, y + math.cos(radians) * SEGMENT)


def _sign(value: float) -> int:
    return (value > 0) - (value < 0)


def parameters(illusion_strength: float = 0.0, difference: float = 0.0) -> Parameters:
    """The two red segments and the grey bar (grid units).

    >>> p = parameters(illusion_strength=45, difference=0.2)
    >>> p["angle"], p["right"][0]
    (45, (0.0, 0.2))
    """
    angle = 90 + illusion_strength if difference < 0 else 90 - illusion_strength
    # pyllusion compares numpy signs (-1, 0, 1): different signs make the bar's effect congruent.
    signs_differ = _sign(difference) != _sign(illusion_strength)
    return {
        "angle": angle,
        "left": _segment((0.0, 0.0), -angle),
        "right": _segment((0.0, float(difference)), 180 - angle),
        "offset": difference,
        "bar": ((0.0, 0.0), BAR_WIDTH, BAR_HEIGHT),
        "congruency": "Congruent" if signs_differ else "Incongruent",
    }


def draw(p: Parameters, px: int) -> Canvas:
    """The red segments, then the grey bar over their inner ends."""
    stage = Stage(px)
    for side in ("left", "right"):
        first, last = p[side]
        stage.line(first, last, RED, class_=f"target {side}")
    centre, width, height = p["bar"]
    stage.rectangle(centre, width, height, GREY, class_="inducer bar")
    return stage.canvas


ILLUSION = Illusion(
    name="Poggendorff",
    label="Poggendorff illusion",
    q1="Are the two diagonal line segments aligned?",
    q2="Do the two diagonal lines form a straight line?",
    q3="Is this an example of the Poggendorff illusion?",
    grid=Grid(equal=(30, 35, 40, 45, 50, 55), strengths=(40, 45, 50), differences=(0.1, 0.2)),
    parameters=parameters,
    draw=draw,
    targets=2,
    sanity_sample=5,
    inducers="the occluding bar",
)
