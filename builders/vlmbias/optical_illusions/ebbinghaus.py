"""Ebbinghaus: two red circles, each ringed by black circles; the rings' sizes bias the comparison.

Geometry after pyllusion's `Ebbinghaus` (defaults size_min=0.25, distance=1):
the larger inner circle has diameter sqrt(1 + |d|) * size_min (so `difference`
is the area ratio minus one; d > 0: left larger), the ring circles start at
size_min and one side is multiplied, the other divided, by sqrt(1 + |s| / 2).
"""

from __future__ import annotations

import math

from builders.core.svg import Canvas
from builders.vlmbias.optical_illusions.drawing import BLACK, RED, Stage
from builders.vlmbias.optical_illusions.illusion import Grid, Illusion, Parameters


def _ring(x: float, inner: float, outer: float, start_degrees: float) -> list[tuple[float, float]]:
    """Centres of the ring circles around an inner circle at (x, 0): as many as fit the perimeter."""
    radius = inner / 2 + outer / 2 + 0.01
    count = int(2 * math.pi * radius / outer)
    centres = []
    for index in range(count):
        angle = math.radians(start_degrees + index * 360 / count)
        centres.append((x + math.cos(angle) * radius, math.sin(angle) * radius))
    return centres


def parameters(
    illusion_strength: float = 0.0, difference: float = 0.0, size_min: float = 0.25, distance: float = 1.0
) -> Parameters:
    """Diameters and centres (grid units) of the inner and ring circles.

    >>> p = parameters(illusion_strength=3, difference=0.7)
    >>> round(p["inner_left"] ** 2 / p["inner_right"] ** 2, 6), p["outer_left"] > p["outer_right"]
    (1.7, True)
    """
    larger = math.sqrt(1 + abs(difference)) * size_min
    inner_left, inner_right = (larger, size_min) if difference > 0 else (size_min, larger)
    factor = math.sqrt(1 + abs(illusion_strength / 2))
    # Larger rings shrink the circle they surround; which side gets them follows pyllusion.
    left_ringed_large = (difference > 0) == (illusion_strength > 0)
    if left_ringed_large:
        outer_left, outer_right = size_min * factor, size_min / factor
    else:
        outer_left, outer_right = size_min / factor, size_min * factor
    left_x, right_x = -distance / 2, distance / 2
    return {
        "inner_left": inner_left,
        "inner_right": inner_right,
        "outer_left": outer_left,
        "outer_right": outer_right,
        "left_x": left_x,
        "right_x": right_x,
        "ring_left": _ring(left_x, inner_left, outer_left, 0.0),
        "ring_right": _ring(right_x, inner_right, outer_right, 180.0),
        "congruency": "Incongruent" if illusion_strength > 0 else "Congruent",
    }


def draw(p: Parameters, px: int) -> Canvas:
    """Each side in turn: the red inner circle, then its black ring."""
    stage = Stage(px)
    for side in ("left", "right"):
        stage.circle((p[f"{side}_x"], 0.0), p[f"inner_{side}"], RED, class_=f"target {side}")
        for centre in p[f"ring_{side}"]:
            stage.circle(centre, p[f"outer_{side}"], BLACK, class_=f"inducer {side}")
    return stage.canvas


ILLUSION = Illusion(
    name="Ebbinghaus",
    label="Ebbinghaus illusion",
    q1="Are the two inner circles equal in size?",
    q2="Do the two inner circles have the same size?",
    q3="Is this an example of the Ebbinghaus illusion?",
    grid=Grid(equal=(3, 4, 5, 6, 7, 8), strengths=(3, 5), differences=(0.5, 0.6, 0.7), size_min=0.25),
    parameters=parameters,
    draw=draw,
    targets=2,
    sanity_sample=5,
    inducers="the surrounding circles",
)
