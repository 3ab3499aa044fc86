"""Ponzo, drawn by VI-Probe's case 3: the trap version really changes the upper line's length."""

from __future__ import annotations

from builders.illusionbench.classic.base import FromViProbe, Pair, percent
from builders.viprobe.cases.ponzo import CASE


class Ponzo(FromViProbe):
    name = "ponzo"
    title = "the Ponzo illusion"
    kind = "distortion"
    case = CASE
    width, height = CASE.width, CASE.height
    pair = Pair(
        "the upper horizontal line", "the lower horizontal line", "the same length", "longer", "shorter", 0,
        "They cross each other",
    )  # fmt: skip
    cause = (
        "the two converging lines read as depth like railway tracks, so the upper line seems farther away "
        "and therefore longer"
    )

    def content(self, perturbation: float) -> str:
        lines = "two short horizontal black lines between two long lines that converge towards the top"
        if perturbation == 0:
            return f"{lines}; the two short lines are exactly the same length"
        word = "longer" if perturbation > 0 else "shorter"
        return f"{lines}; the upper short line is {percent(perturbation)} {word} than the lower one"


ILLUSION = Ponzo()
