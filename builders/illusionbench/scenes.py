"""Plain no-illusion scenes: a few flat shapes of one kind, in different colours and sizes.

The scene is a 512 x 384 canvas on a light ground split into one slot per shape, left to right;
each shape sits in its slot at its own height. The largest shape is 1 + p times as wide as the
second largest (p is the scene's perturbation: small p makes "which is largest" hard); the others
are clearly smaller. Everything about the shapes is chosen by the planner and stored in the spec,
so drawing and questions only read it.
"""

from __future__ import annotations

import math
import random

from builders.core.svg import Canvas
from builders.illusionbench.questions import Choice, Facts, Statement
from builders.illusions.shapes import circle, polygon, rect

WIDTH, HEIGHT = 512, 384
BACKGROUND = "#f3f0e8"
KINDS = ("circle", "square", "triangle")
COLORS = {
    "red": (0.85, 0.15, 0.15),
    "blue": (0.15, 0.3, 0.85),
    "green": (0.1, 0.6, 0.2),
    "yellow": (0.95, 0.8, 0.1),
    "purple": (0.55, 0.2, 0.7),
    "black": (0.1, 0.1, 0.1),
}
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six")

#: A shape: (colour name, centre x, centre y, width in px).
Shape = tuple[str, float, float, float]


def plan_shapes(rng: random.Random, count: int, perturbation: float) -> tuple[str, tuple[Shape, ...]]:
    """A kind and `count` shapes: widths, colours and places (the largest 1 + p times the next)."""
    kind = rng.choice(KINDS)
    slot = WIDTH / count
    largest = min(0.8 * slot, 200.0)
    second = largest / (1 + perturbation)
    widths = [largest, second] + [second * rng.uniform(0.45, 0.7) for _ in range(count - 2)]
    rng.shuffle(widths)
    colors = rng.sample(sorted(COLORS), count)
    shapes = []
    for k, (color, width) in enumerate(zip(colors, widths, strict=True)):
        y = rng.uniform(width / 2 + 20, HEIGHT - width / 2 - 20)
        shapes.append((color, round(slot * (k + 0.5), 2), round(y, 2), round(width, 2)))
    return kind, tuple(shapes)


def draw(kind: str, shapes: tuple[Shape, ...], canvas: Canvas) -> None:
    for color, x, y, width in shapes:
        fill = COLORS[color]
        if kind == "circle":
            circle(canvas, (x, y), width / 2, fill=fill)
        elif kind == "square":
            rect(canvas, x - width / 2, y - width / 2, width, width, fill=fill)
        else:
            height = width * math.sqrt(3) / 2
            polygon(
                canvas,
                [(x, y - height / 2), (x + width / 2, y + height / 2), (x - width / 2, y + height / 2)],
                fill=fill,
            )


def facts(kind: str, shapes: tuple[Shape, ...], rng: random.Random) -> Facts:
    """Counts, the largest shape and the leftmost one, all read from the spec's shapes."""
    count = len(shapes)
    by_size = sorted(shapes, key=lambda shape: -shape[3])
    largest, runner_up = by_size[0][0], by_size[1][0]
    leftmost = min(shapes, key=lambda shape: shape[1])[0]
    present = [shape[0] for shape in shapes]
    absent = [color for color in COLORS if color not in present]
    plural = f"{kind}s"

    def options(correct: str) -> tuple[str, ...]:
        pool = [f"The {color} {kind}" for color in present if color != correct]
        pool += [f"The {color} {kind}" for color in rng.sample(absent, 3 - len(pool))]
        return tuple(pool)

    counts = [str(n) for n in (count - 1, count + 1, count + 2)]
    listed = ", ".join(f"a {color} {kind}" for color, *_ in sorted(shapes, key=lambda shape: shape[1]))
    return Facts(
        statements=(
            Statement(f"There are {NUMBER_WORDS[count]} {plural} in the picture.", True),
            Statement(f"The largest {kind} is the {largest} one.", True, about_change=True),
            Statement(f"There are {NUMBER_WORDS[count + 1]} {plural} in the picture.", False),
            Statement(
                f"The {runner_up} {kind} is larger than the {largest} {kind}.", False, about_change=True
            ),
            Statement("There is a visual illusion in the image.", False),
        ),
        choices=(
            Choice(f"How many {plural} are in the picture?", str(count), tuple(counts)),
            Choice(f"Which {kind} is the largest?", f"The {largest} {kind}", options(largest)),
            Choice(f"Which {kind} is furthest to the left?", f"The {leftmost} {kind}", options(leftmost)),
        ),
        content=(
            f"{NUMBER_WORDS[count]} flat {plural} on a plain light background, from left to right {listed}; "
            f"the {largest} {kind} is the largest"
        ),
        cause=None,
    )
