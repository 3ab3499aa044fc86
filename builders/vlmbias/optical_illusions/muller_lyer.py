"""Müller-Lyer: two red horizontal lines with black fins at their ends, which bias their lengths.

Geometry after pyllusion's `MullerLyer` (defaults size_min=0.5, distance=1):
the lines sit at y = +-distance/2, the longer is (1 + |d|) * size_min long
(d > 0: the upper one), and each end carries two fins of length size_min/2 at
`illusion_strength` degrees from the vertical: pointing inwards (arrowheads,
the line looks shorter) on the upper line and outwards on the lower one when
s > 0, the other way round when s < 0 (and swapped when d < 0).
"""

from __future__ import annotations

import math

from builders.core.svg import Canvas
from builders.vlmbias.optical_illusions.drawing import BLACK, RED, Stage
from builders.vlmbias.optical_illusions.illusion import Grid, Illusion, Parameters


def target_lines(difference: float, size_min: float, distance: float) -> Parameters:
    """The two horizontal lines shared with Ponzo: y = +-distance/2, the longer (1 + |d|) * size_min."""
    longer = (1 + abs(difference)) * size_min
    top, bottom = (longer, size_min) if difference > 0 else (size_min, longer)
    return {
        "top": ((-top / 2, distance / 2), (top / 2, distance / 2)),
        "bottom": ((-bottom / 2, -distance / 2), (bottom / 2, -distance / 2)),
        "top_length": top,
        "bottom_length": bottom,
    }


def _fins(end: tuple[float, float], degrees: float, length: float) -> list[tuple[float, float]]:
    """Tips of the two fins at `end`, `degrees` clockwise from straight up, mirrored about the line."""
    x, y = end
    dx = math.sin(math.radians(degrees)) * length
    dy = math.cos(math.radians(degrees)) * length
    return [(x + dx, y + dy), (x + dx, y - dy)]


def parameters(
    illusion_strength: float = 0.0, difference: float = 0.0, size_min: float = 0.5, distance: float = 1.0
) -> Parameters:
    """Target lines and fin segments (grid units).

    >>> p = parameters(illusion_strength=30, difference=0.5)
    >>> p["top_length"] / p["bottom_length"], sorted(p["fins"])
    (1.5, ['bottom_left', 'bottom_right', 'top_left', 'top_right'])
    """
    p = target_lines(difference, size_min, distance)
    fin = size_min / 2
    angle = {"top": illusion_strength, "bottom": -illusion_strength}
    if difference < 0:
        angle = {"top": -illusion_strength, "bottom": illusion_strength}
    fins = {}
    for which in ("top", "bottom"):
        left, right = p[which]
        fins[f"{which}_left"] = [(left, tip) for tip in _fins(left, angle[which], fin)]
        fins[f"{which}_right"] = [(right, tip) for tip in _fins(right, -angle[which], fin)]
    p.update(
        {
            "fins": fins,
            "fin_length": fin,
            "fin_angle": angle,
            "congruency": "Incongruent" if illusion_strength > 0 else "Congruent",
        }
    )
    return p


def draw(p: Parameters, px: int) -> Canvas:
    """Each end's black fins, then the red lines over them, as pyllusion does.

    pyllusion redraws both red lines after each of the four ends' fins; the
    four layers of anti-aliased edges make its red lines a little bolder, so
    we stack them the same way.
    """
    stage = Stage(px)
    for end in ("top_left", "top_right", "bottom_left", "bottom_right"):
        for start, tip in p["fins"][end]:
            stage.line(start, tip, BLACK, class_=f"inducer fin {end.replace('_', '-')}")
        for which in ("bottom", "top"):
            first, last = p[which]
            stage.line(first, last, RED, class_=f"target {which}")
    return stage.canvas


ILLUSION = Illusion(
    name="MullerLyer",
    label="Müller-Lyer illusion",
    q1="Are the two horizontal lines equal in length?",
    q2="Do the two horizontal lines have the same length?",
    # The paper's prompt table has this stray sentence before the bracket instruction; kept verbatim.
    q3="Is this an example of the Müller-Lyer illusion? Answer with Yes/No.",
    grid=Grid(equal=(30, 35, 40, 45, 50, 55), strengths=(30, 50), differences=(0.3, 0.4, 0.5), size_min=0.5),
    parameters=parameters,
    draw=draw,
    targets=2,
    sanity_sample=5,
    inducers="the fins",
)
