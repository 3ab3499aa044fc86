"""Ebbinghaus, drawn by VI-Probe's case 5: the trap version really changes the left circle's size.

A weaker inducer brings the two rings' discs closer in size: radius R·(1 - 0.5·inducer) on the left
and R·(1 + 0.3·inducer) on the right (R/2 and 1.3·R at strength 1; equal at 0).
"""

from __future__ import annotations

from builders.illusionbench.classic.base import FromViProbe, Pair, percent
from builders.viprobe.cases.ebbinghaus import CASE, Elements


class Ebbinghaus(FromViProbe[Elements]):
    name = "ebbinghaus"
    title = "the Ebbinghaus illusion"
    kind = "distortion"
    case = CASE
    width, height = CASE.width, CASE.height
    pair = Pair(
        "the left orange circle", "the right orange circle", "the same size", "larger", "smaller", 0,
        "They are ovals, not circles",
    )  # fmt: skip
    inducer_feature = "the size difference between the two rings' discs"
    cause = (
        "the surrounding circles: small neighbours make the left orange circle look larger and large "
        "neighbours make the right one look smaller"
    )

    def weaken(self, elements: Elements, inducer: float) -> Elements:
        left, right = elements.left, elements.right
        reference = right.radius  # the right circle is never perturbed
        return Elements(
            left=CASE.group(left.center, left.radius, reference * (1 - 0.5 * inducer), len(left.surrounders)),
            right=CASE.group(
                right.center, right.radius, reference * (1 + 0.3 * inducer), len(right.surrounders)
            ),
        )

    def content(self, perturbation: float) -> str:
        circles = (
            "two orange circles side by side, the left one ringed by small grey-blue circles and the right "
            "one by large ones"
        )
        if perturbation == 0:
            return f"{circles}; the two orange circles are exactly the same size"
        word = "larger" if perturbation > 0 else "smaller"
        return f"{circles}; the left orange circle is {percent(perturbation)} {word} than the right one"


ILLUSION = Ebbinghaus()
