"""Ponzo: two red horizontal lines between two black converging rails, which bias their lengths.

Geometry after pyllusion's `Ponzo` (defaults size_min=0.5, distance=1): the
lines are Müller-Lyer's (y = +-distance/2, the longer (1 + |d|) * size_min,
d > 0: the upper one). Each rail is tilted `illusion_strength` degrees from
the vertical, runs from y = -1.1 to 1.1 through the lower end of a unit
segment centred on (-+0.5, 0), and stops where it would cross the centre
line. With s > 0 (and d <= 0) the rails converge upwards; d > 0 flips them.
"""

from __future__ import annotations

import math

from builders.core.svg import Canvas
from builders.vlmbias.optical_illusions.drawing import BLACK, RED, Stage
from builders.vlmbias.optical_illusions.illusion import Grid, Illusion, Parameters
from builders.vlmbias.optical_illusions.muller_lyer import target_lines

#: The rails run between these heights unless they meet the centre line first.
RAIL_REACH = 1.1


def _left_rail(degrees: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """The left rail, (lower end, upper end), leaning `degrees` clockwise from the vertical."""
    tan = math.tan(math.radians(degrees))
    # A unit segment centred on (-0.5, 0) at this angle; the rail passes through its lower end.
    upper_x = -0.5 + math.sin(math.radians(degrees)) * 0.5
    upper_y = math.cos(math.radians(degrees)) * 0.5
    anchor_x = upper_x + math.sin(math.radians(180 + degrees))
    anchor_y = upper_y + math.cos(math.radians(180 + degrees))
    top = ((RAIL_REACH - anchor_y) * tan + anchor_x, RAIL_REACH)
    bottom = (top[0] - (RAIL_REACH + RAIL_REACH) * tan, -RAIL_REACH)
    # Never cross the vertical centre line: cut the rail where it meets x = 0.
    if top[0] > 0:
        top = (0.0, (0 - bottom[0]) * math.tan(math.radians(90 - degrees)) + bottom[1])
    if bottom[0] > 0:
        bottom = (0.0, top[1] - (top[0] - 0) * math.tan(math.radians(90 - degrees)))
    return bottom, top


def parameters(
    illusion_strength: float = 0.0, difference: float = 0.0, size_min: float = 0.5, distance: float = 1.0
) -> Parameters:
    """Target lines and rails (grid units); the right rail mirrors the left one.

    >>> p = parameters(illusion_strength=15, difference=0.25)
    >>> p["top_length"] / p["bottom_length"], p["rail_angle"]
    (1.25, -15)
    """
    p = target_lines(difference, size_min, distance)
    degrees = -illusion_strength if difference > 0 else illusion_strength
    (bx, by), (tx, ty) = _left_rail(degrees)
    p.update(
        {
            "rail_angle": degrees,
            "left_rail": ((bx, by), (tx, ty)),
            "right_rail": ((-bx, by), (-tx, ty)),
            "congruency": "Incongruent" if illusion_strength > 0 else "Congruent",
        }
    )
    return p


def draw(p: Parameters, px: int) -> Canvas:
    """Black rails first, then the red lines over them."""
    stage = Stage(px)
    for side in ("left", "right"):
        first, last = p[f"{side}_rail"]
        stage.line(first, last, BLACK, class_=f"inducer rail {side}")
    for which in ("bottom", "top"):
        first, last = p[which]
        stage.line(first, last, RED, class_=f"target {which}")
    return stage.canvas


ILLUSION = Illusion(
    name="Ponzo",
    label="Ponzo illusion",
    q1="Are the two horizontal lines equal in length?",
    q2="Do the two horizontal lines have the same length?",
    q3="Is this an example of the Ponzo illusion?",
    grid=Grid(
        equal=(15, 17, 19, 21, 23, 25), strengths=(15, 18), differences=(0.15, 0.20, 0.25), size_min=0.5
    ),
    parameters=parameters,
    draw=draw,
    targets=2,
    sanity_sample=5,
    inducers="the converging rails",
)
