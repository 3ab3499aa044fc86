"""Ponzo, drawn by VI-Probe's case 3: the trap version really changes the upper line's length.

A weaker inducer makes the rails converge less: they stay 150 px apart at the bottom and narrow
to 150 - 110·inducer px at the top (40 px at strength 1).
"""

from __future__ import annotations

import dataclasses

from builders.illusionbench.classic.base import FromViProbe, Pair, percent
from builders.viprobe.cases.ponzo import BOTTOM_SPAN, CASE, TOP_SPAN, Elements


class Ponzo(FromViProbe[Elements]):
    name = "ponzo"
    title = "the Ponzo illusion"
    kind = "distortion"
    case = CASE
    width, height = CASE.width, CASE.height
    pair = Pair(
        "the upper horizontal line", "the lower horizontal line", "the same length", "longer", "shorter", 0,
        "They cross each other",
    )  # fmt: skip
    inducer_feature = "how far the converging lines narrow towards the top"
    cause = (
        "the two converging lines read as depth like railway tracks, so the upper line seems farther away "
        "and therefore longer"
    )

    def weaken(self, elements: Elements, inducer: float) -> Elements:
        return dataclasses.replace(elements, top_span=BOTTOM_SPAN - (BOTTOM_SPAN - TOP_SPAN) * inducer)

    def content(self, perturbation: float) -> str:
        lines = "two short horizontal black lines between two long lines that converge towards the top"
        if perturbation == 0:
            return f"{lines}; the two short lines are exactly the same length"
        word = "longer" if perturbation > 0 else "shorter"
        return f"{lines}; the upper short line is {percent(perturbation)} {word} than the lower one"


ILLUSION = Ponzo()
