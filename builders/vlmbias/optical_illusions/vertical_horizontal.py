"""Vertical-Horizontal: a red inverted T, whose vertical stroke looks longer than the horizontal one.

The paper describes this illusion as a fixed T-shape, but pyllusion 1.4 at
illusion_strength 0 (what the release called) draws two collinear horizontal
segments. We keep pyllusion's lengths and draw the T the paper describes:
pyllusion's left line, (1 + |d|) * size_min long when d >= 0, is the
horizontal bar; its right line, size_min long, is the vertical stem (d < 0
swaps the lengths). That is pyllusion's own assignment when it turns a line
upright (illusion_strength=+90 rotates the right line). So in modified images
the bar is really longer, against the illusion's pull towards the stem.

Lengths are the strokes' full extents: the stem rises from the bottom edge of
the bar, so at d = 0 the figure is exactly as tall as it is wide. The figure
is centred on the image.
"""

from __future__ import annotations

from builders.core.errors import SpecError
from builders.core.svg import Canvas
from builders.vlmbias.optical_illusions.drawing import RED, Stage
from builders.vlmbias.optical_illusions.illusion import Grid, Illusion, Parameters


def parameters(illusion_strength: float = 0.0, difference: float = 0.0, size_min: float = 0.5) -> Parameters:
    """The bar and the stem (grid units); the bar lies on the figure's bottom edge.

    >>> p = parameters(difference=0.3, size_min=0.5)
    >>> p["bar_length"], p["stem_length"], p["bottom"]
    (0.65, 0.5, -0.25)
    """
    if illusion_strength != 0:
        raise SpecError(
            f"the Vertical-Horizontal T is fixed, so illusion_strength must be 0, got {illusion_strength!r}"
        )
    longer = (1 + abs(difference)) * size_min
    bar, stem = (longer, size_min) if difference >= 0 else (size_min, longer)
    bottom = -stem / 2
    return {
        "bar_length": bar,
        "stem_length": stem,
        "bottom": bottom,
        "bar": ((-bar / 2, bottom), (bar / 2, bottom)),
        "stem": ((0.0, bottom), (0.0, bottom + stem)),
        "congruency": "Incongruent" if difference > 0 else "Congruent",
    }


def draw(p: Parameters, px: int) -> Canvas:
    """The bar, raised by half a line width so that its lower edge is the figure's base, then the stem."""
    stage = Stage(px)
    half = stage.line_width() / 2
    (x1, y1), (x2, y2) = p["bar"]
    stage.line((x1, y1 + half), (x2, y2 + half), RED, class_="target bar")
    first, last = p["stem"]
    stage.line(first, last, RED, class_="target stem")
    return stage.canvas


ILLUSION = Illusion(
    name="VerticalHorizontal",
    label="Vertical-Horizontal illusion",
    q1="Are the horizontal and vertical lines equal in length?",
    q2="Do the horizontal and vertical lines have the same length?",
    # The paper's prompt table and the release's generator both spell this one with an en dash.
    q3="Is this an example of the Vertical–Horizontal illusion?",
    grid=Grid(
        equal=(0.5, 0.6, 0.7, 0.8, 0.9, 1.0),
        strengths=(0.5, 1.0),
        differences=(0.3, 0.4, 0.5),
        mirrored=False,
        varies="size_min",
    ),
    parameters=parameters,
    draw=draw,
    targets=1,
    sanity_sample=3,
)
