"""Hermann grid: black squares parted by white streets; grey smudges seem to sit at the crossings.

A 5 x 5 grid of black squares (72·scale px) with 18·scale px white streets, centred on a 512 x
512 white canvas. A weaker inducer widens the streets to 18·scale/inducer px, the squares
shrinking to keep the grid's pitch (wider streets, a fainter illusion). The trap version really
paints a grey dot (radius 0.7 street width) on each of the 16 inner crossings, with a grey level
1 - 1.5·|p| (p = 0.1 gives a faint 85 % grey).
"""

from __future__ import annotations

import dataclasses

from builders.core.svg import Canvas
from builders.illusionbench.classic.base import ClassicIllusion, Drawn, percent
from builders.illusionbench.questions import Choice, Statement
from builders.illusions.shapes import Point, circle, rect

CELLS = 5
PITCH = 90  # square plus street, px at scale 1


def dot_gray(perturbation: float) -> float:
    """The grey level (0 black, 1 white) of the trap version's dots.

    >>> dot_gray(0.0), dot_gray(0.2)
    (1.0, 0.7)
    """
    return round(1 - 1.5 * abs(perturbation), 4)


@dataclasses.dataclass(frozen=True)
class Elements:
    origin: Point  # top-left corner of the grid
    square: float
    street: float
    dots: tuple[Point, ...]  # crossings painted grey; empty in the classic figure
    gray: float


class HermannGrid(Drawn[Elements], ClassicIllusion):
    name = "hermann_grid"
    title = "the Hermann grid"
    kind = "fiction"
    width, height = 512, 512
    inducer_feature = "how narrow the white streets are"
    trap_keeps_illusion = False  # the grey dots are painted: the crossings look as grey as they are
    cause = (
        "lateral inhibition in the eye: where white streets cross, more white surrounds each point, so the "
        "crossings look darker than the streets although they are just as white"
    )

    def elements(self, scale: float, perturbation: float, inducer: float = 1.0) -> Elements:
        street = 18 * scale / inducer
        square = 72 * scale if inducer == 1 else PITCH * scale - street
        size = CELLS * square + (CELLS - 1) * street
        origin = ((self.width - size) / 2, (self.height - size) / 2)
        crossings = tuple(
            (
                origin[0] + (i + 1) * square + (i + 0.5) * street,
                origin[1] + (j + 1) * square + (j + 0.5) * street,
            )
            for j in range(CELLS - 1)
            for i in range(CELLS - 1)
        )
        return Elements(origin, square, street, crossings if perturbation else (), dot_gray(perturbation))

    def draw(self, elements: Elements, canvas: Canvas) -> None:
        x0, y0 = elements.origin
        pitch = elements.square + elements.street
        for j in range(CELLS):
            for i in range(CELLS):
                rect(canvas, x0 + i * pitch, y0 + j * pitch, elements.square, elements.square)
        for center in elements.dots:
            circle(canvas, center, 0.7 * elements.street, fill=(elements.gray,) * 3)

    def content(self, perturbation: float) -> str:
        grid = "a grid of black squares on a white ground, parted by straight white streets"
        if perturbation == 0:
            return f"{grid}; the streets are plain white everywhere, crossings included"
        darker = percent(1.5 * perturbation)
        return f"{grid}; a real grey dot, {darker} darker than white, sits on every inner crossing"

    def own_statements(self, perturbation: float) -> list[Statement]:
        dots = perturbation != 0
        return [
            Statement("There are grey dots painted where the white streets cross.", dots, True),
            Statement(
                "The white streets are the same plain white everywhere, even where they cross.",
                not dots,
                True,
            ),
            Statement("The squares in the grid are dark grey, not black.", False),
            Statement("The streets between the squares are curved.", False),
        ]

    def own_choice(self, perturbation: float) -> Choice:
        plain = "Nothing: they are as white as the rest of the streets"
        painted = "Grey dots that are really painted there"
        correct, other = (painted, plain) if perturbation else (plain, painted)
        return Choice(
            "What is at the places where the white streets cross?",
            correct,
            (other, "Small black squares", "Red crosses"),
        )

    def trap_truth(self, perturbation: float) -> str:
        return "grey dots are really painted on the crossings"


ILLUSION = HermannGrid()
