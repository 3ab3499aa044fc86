"""Müller-Lyer, drawn by VI-Probe's case 1: the trap version really changes the lower line's length.

A weaker inducer draws shorter fins: 20·inducer px.
"""

from __future__ import annotations

import dataclasses

from builders.illusionbench.classic.base import FromViProbe, Pair, percent
from builders.viprobe.cases.muller_lyer import CASE, Elements


class MullerLyer(FromViProbe[Elements]):
    name = "muller_lyer"
    title = "the Müller-Lyer illusion"
    kind = "distortion"
    case = CASE
    width, height = CASE.width, CASE.height
    pair = Pair(
        "the upper line", "the lower line", "the same length", "longer", "shorter", 1,
        "Neither line is straight",
    )  # fmt: skip
    inducer_feature = "the fins' length"
    cause = (
        "the fins at the line ends: outward-pointing tails stretch the upper line and arrowheads shrink "
        "the lower line in appearance"
    )

    def weaken(self, elements: Elements, inducer: float) -> Elements:
        return dataclasses.replace(elements, inducer=elements.inducer * inducer)

    def content(self, perturbation: float) -> str:
        lines = (
            "two horizontal black lines, one above the other, the upper one ending in outward-pointing "
            "tails and the lower one in arrowheads"
        )
        if perturbation == 0:
            return f"{lines}; the two lines are exactly the same length"
        word = "longer" if perturbation > 0 else "shorter"
        return f"{lines}; the lower line is {percent(perturbation)} {word} than the upper one"


ILLUSION = MullerLyer()
