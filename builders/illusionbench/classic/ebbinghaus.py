"""Ebbinghaus, drawn by VI-Probe's case 5: the trap version really changes the left circle's size."""

from __future__ import annotations

from builders.illusionbench.classic.base import FromViProbe, Pair, percent
from builders.viprobe.cases.ebbinghaus import CASE


class Ebbinghaus(FromViProbe):
    name = "ebbinghaus"
    title = "the Ebbinghaus illusion"
    kind = "distortion"
    case = CASE
    width, height = CASE.width, CASE.height
    pair = Pair(
        "the left orange circle", "the right orange circle", "the same size", "larger", "smaller", 0,
        "They are ovals, not circles",
    )  # fmt: skip
    cause = (
        "the surrounding circles: small neighbours make the left orange circle look larger and large "
        "neighbours make the right one look smaller"
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
