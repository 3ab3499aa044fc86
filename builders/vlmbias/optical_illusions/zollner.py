"""Zöllner: two red near-horizontal lines crossed by black slanted hatches, which bias their parallelism.

Geometry after pyllusion's `Zollner` (defaults distractors_n=8,
distractors_length=0.66): the lines run across the whole image through
(0, +-0.33), tilted |d| degrees towards each other, so the angle between
them is 2|d| (d > 0: they converge towards the left; pyllusion's docstring
says right, its code and pixels say left). Eight hatches of length
0.66 cross each line at x = -0.9..0.9, tilted `illusion_strength` degrees from
the vertical (adjusted by the line's tilt), in opposite directions on the two
lines.
"""

from __future__ import annotations

import math

from builders.core.svg import Canvas
from builders.vlmbias.optical_illusions.drawing import BLACK, RED, Stage
from builders.vlmbias.optical_illusions.illusion import Grid, Illusion, Parameters

Segment = tuple[tuple[float, float], tuple[float, float]]


def centred_segment(centre: tuple[float, float], length: float, degrees: float) -> Segment:
    """A segment of `length` centred on `centre`, `degrees` clockwise from straight up: (start, end)."""
    x, y = centre
    end = (x + math.sin(math.radians(degrees)) * length / 2, y + math.cos(math.radians(degrees)) * length / 2)
    start = (
        end[0] + math.sin(math.radians(180 + degrees)) * length,
        end[1] + math.cos(math.radians(180 + degrees)) * length,
    )
    return start, end


def _positions(count: int, first: float = -0.9, last: float = 0.9) -> list[float]:
    """`count` evenly spaced values from `first` to `last` (numpy.linspace)."""
    if count == 1:
        return [first]
    step = (last - first) / (count - 1)
    return [first + index * step for index in range(count - 1)] + [last]


def parameters(
    illusion_strength: float = 0.0,
    difference: float = 0.0,
    distractors_n: int = 8,
    distractors_length: float = 0.66,
) -> Parameters:
    """Target lines (10 units long, clipped by the image) and hatches (grid units).

    >>> p = parameters(illusion_strength=60, difference=2)
    >>> (a, b), (c, d) = p["top"], p["bottom"]
    >>> round(math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]) - math.atan2(d[1] - c[1], d[0] - c[0])), 6)
    4.0
    """
    tilt = -difference  # pyllusion stores the difference negated
    top = centred_segment((0.0, 0.33), 10, 90 + tilt)
    bottom = centred_segment((0.0, -0.33), 10, 90 - tilt)
    hatch = illusion_strength + tilt if tilt <= 0 else -illusion_strength + tilt

    def slope(segment: Segment) -> float:
        (x1, y1), (x2, y2) = segment
        return (y2 - y1) / (x2 - x1)

    hatches = []
    for x in _positions(distractors_n):
        hatches.append(centred_segment((x, 0.33 + x * slope(top)), distractors_length, hatch))
        hatches.append(centred_segment((x, -0.33 + x * slope(bottom)), distractors_length, -hatch))
    return {
        "top": top,
        "bottom": bottom,
        "tilt": tilt,
        "hatch_angle": hatch,
        "hatches": hatches,
        "congruency": "Congruent" if illusion_strength > 0 else "Incongruent",
    }


def draw(p: Parameters, px: int) -> Canvas:
    """Black hatches first, then the red lines over them."""
    stage = Stage(px)
    for index, (start, end) in enumerate(p["hatches"]):
        stage.line(start, end, BLACK, class_=f"inducer hatch {'top' if index % 2 == 0 else 'bottom'}")
    for which in ("top", "bottom"):
        first, last = p[which]
        stage.line(first, last, RED, class_=f"target {which}")
    return stage.canvas


ILLUSION = Illusion(
    name="Zollner",
    label="Zöllner illusion",
    q1="Are the two horizontal lines parallel?",
    q2="Do the two horizontal lines run parallel?",
    q3="Is this an example of the Zöllner illusion?",
    grid=Grid(equal=(50, 55, 60, 65, 70, 75), strengths=(60, 75), differences=(2, 2.5, 3)),
    parameters=parameters,
    draw=draw,
    targets=2,
    sanity_sample=5,
    inducers="the crossing hatch lines",
)
