"""What a drawn IllusionBench+ build draws: images per config, the perturbation sizes of each
difficulty level, and the image width.

A preset is one `IllusionBenchParameters`; `python -m builders params illusionbench` prints it as
TOML and `build --params FILE` changes any of it. `paper` has the paper's image counts for the four
categories that can be drawn (164 classic, 19 trap, 26 Ishihara, 245 no-illusion; real-scene
photographs cannot be drawn); `lite` a dozen of each for quick runs and the first 20 images of
each release config.

Each drawn category has a ladder: the perturbation's size at the easy, neutral and hard levels
(`spec.LADDERS` by default), ordered so that the hard level is the subtle one (a weaker inducer is
easier, a smaller physical difference harder), within what its drawing supports
(`spec.SIZE_RANGES`).
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from builders.core.params import Parameters, parameter
from builders.illusionbench.spec import (
    CANVAS_WIDTH,
    LADDERS,
    PX_RANGE,
    PX_STEP,
    SIZE_RANGES,
    Ladder,
)

#: The most images a drawn config may ask for (ids are `<category>-<index>`; ten thousand is far
#: beyond the paper's largest category, 245).
MAX_IMAGES = 10_000


def _images(default: int, config: str, spread: str) -> int:
    return parameter(default, meaning=f"images of `{config}`; {spread}", minimum=1, maximum=MAX_IMAGES)


def _ladder(category: str, what: str, order: str) -> Ladder:
    low, high = SIZE_RANGES[category]
    return parameter(
        LADDERS[category],
        meaning=f"{what} at the easy, neutral and hard levels, {order} (images take the levels in turn)",
        minimum=low,
        maximum=high,
        min_items=3,
        max_items=3,
    )


class _Levels(Parameters):
    """A category's table: `images` and its ladder, whose sizes must run the category's way."""

    images: int
    #: The table's name (a drawn category), its ladder's field, and whether the ladder's sizes grow
    #: from easy to hard (an inducer) or shrink (a physical difference).
    category: ClassVar[str]
    ladder_key: ClassVar[str]
    grows: ClassVar[bool] = False

    @property
    def ladder(self) -> Ladder:
        return getattr(self, self.ladder_key)

    def check(self) -> None:
        easy, neutral, hard = self.ladder
        if not (easy < neutral < hard if self.grows else easy > neutral > hard):
            order = "increase" if self.grows else "decrease"
            why = "a weaker inducer is easier" if self.grows else "a smaller difference is harder"
            raise ValueError(
                f"{self.category}.{self.ladder_key} must strictly {order} from easy to hard ({why}), "
                f"got {[easy, neutral, hard]}"
            )


@dataclasses.dataclass(frozen=True, kw_only=True)
class Classic(_Levels):
    category = "classic"
    images: int = _images(
        164, "drawn_classic", "the 11 illusions take turns, so each meets every level from 33 images"
    )
    inducers: tuple[float, ...] = _ladder(
        "classic",
        "the inducer's strength, a share of the standard figure's (the fins' length, the rails' "
        "convergence, ...: the card's table of drawn illusions)",
        "increasing",
    )
    ladder_key = "inducers"
    grows = True


@dataclasses.dataclass(frozen=True, kw_only=True)
class Trap(_Levels):
    category = "trap"
    images: int = _images(19, "drawn_trap", "the 11 illusions take turns")
    perturbations: tuple[float, ...] = _ladder(
        "trap",
        "the relative change of one target (size, length, tilt, grey level, gap)",
        "decreasing",
    )
    ladder_key = "perturbations"


@dataclasses.dataclass(frozen=True, kw_only=True)
class Ishihara(_Levels):
    category = "ishihara"
    images: int = _images(26, "drawn_ishihara", "the digits take turns")
    contrasts: tuple[float, ...] = _ladder(
        "ishihara", "the share of the full red-green contrast the digit's dots keep", "decreasing"
    )
    ladder_key = "contrasts"


@dataclasses.dataclass(frozen=True, kw_only=True)
class NoIllusion(_Levels):
    category = "no_illusion"
    images: int = _images(245, "drawn_no_illusion", "2 to 4 flat shapes each")
    widenings: tuple[float, ...] = _ladder(
        "no_illusion", "how much wider the largest shape is than the next widest", "decreasing"
    )
    ladder_key = "widenings"


@dataclasses.dataclass(frozen=True, kw_only=True)
class IllusionBenchParameters(Parameters):
    """The drawn configs' counts and ladders, the drawn images' width, and the release's share."""

    resolution: int = parameter(
        CANVAS_WIDTH,
        meaning=f"width of every drawn image in px, a multiple of {PX_STEP}, so each canvas (512 "
        "wide; 256, 384, 400 or 512 high) keeps its shape in whole pixels",
        minimum=PX_RANGE[0],
        maximum=PX_RANGE[1],
    )
    release_images: int = parameter(
        0,
        meaning="images kept per release config (`--source release`), the release's first ones; 0 "
        "keeps every image",
        minimum=0,
    )
    classic: Classic = dataclasses.field(default_factory=Classic)
    trap: Trap = dataclasses.field(default_factory=Trap)
    ishihara: Ishihara = dataclasses.field(default_factory=Ishihara)
    no_illusion: NoIllusion = dataclasses.field(default_factory=NoIllusion)

    def table(self, category: str) -> _Levels:
        """The table of a drawn category ("classic", "trap", "ishihara" or "no_illusion")."""
        return getattr(self, category)

    def check(self) -> None:
        if self.resolution % PX_STEP:
            raise ValueError(
                f"resolution must be a multiple of {PX_STEP}, so every canvas keeps its shape in whole "
                f"pixels; got {self.resolution}"
            )


PRESETS: dict[str, IllusionBenchParameters] = {
    "paper": IllusionBenchParameters(),
    "lite": IllusionBenchParameters(
        release_images=20,
        classic=Classic(images=11),
        trap=Trap(images=11),
        ishihara=Ishihara(images=10),
        no_illusion=NoIllusion(images=12),
    ),
}
