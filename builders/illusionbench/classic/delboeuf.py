"""Delboeuf, drawn by VI-Probe's case 7: the trap version really changes the right disc's size.

A weaker inducer brings the two rings closer in size: 1.65 ± 0.35·inducer disc radii (2.0 on the
left and 1.3 on the right at strength 1; equal at 0).
"""

from __future__ import annotations

import dataclasses

from builders.illusionbench.classic.base import FromViProbe, Pair, percent
from builders.viprobe.cases.delboeuf import CASE, Elements

MIDDLE_RING, RING_SPREAD = 1.65, 0.35


class Delboeuf(FromViProbe[Elements]):
    name = "delboeuf"
    title = "the Delboeuf illusion"
    kind = "distortion"
    case = CASE
    width, height = CASE.width, CASE.height
    pair = Pair(
        "the left black disc", "the right black disc", "the same size", "larger", "smaller", 1,
        "Both are hollow rings",
    )  # fmt: skip
    inducer_feature = "the size difference between the two rings"
    cause = (
        "the rings around the discs: a tight ring makes the right disc look larger than the left disc in its "
        "wide ring"
    )

    def weaken(self, elements: Elements, inducer: float) -> Elements:
        spread = RING_SPREAD * inducer
        return dataclasses.replace(elements, left_ring=MIDDLE_RING + spread, right_ring=MIDDLE_RING - spread)

    def content(self, perturbation: float) -> str:
        discs = (
            "two black discs side by side, the left one inside a wide thin ring and the right one inside a "
            "tight one"
        )
        if perturbation == 0:
            return f"{discs}; the two discs are exactly the same size"
        word = "larger" if perturbation > 0 else "smaller"
        return f"{discs}; the right disc is {percent(perturbation)} {word} than the left one"


ILLUSION = Delboeuf()
