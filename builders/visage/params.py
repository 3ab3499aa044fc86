"""What a VISaGE drawn build draws: how many image pairs per tuple, at what size, of which tuples, on what.

A preset is one `VisageParameters`; `python -m builders params visage` prints it as TOML and `build
--params FILE` changes any of it. `paper` draws every tuple of the catalogue, 4 typical and 4
exceptional images each (the paper's mode per exception); `lite` draws eight tuples over eight
drawers, 2 + 2 each. The tuples, their conditions and labels come from the catalogue, never from
parameters.
"""

from __future__ import annotations

import dataclasses
import difflib

from builders.core.params import Parameters, parameter, selection
from builders.visage.concept import DOMAINS
from builders.visage.concepts import CONCEPTS, TUPLES
from builders.visage.style import BACKGROUND_KINDS, MAX_SHIFT

#: The smallest side the pixel audits of tests/visage are run at, the paper's: below it thin parts
#: misread in some editions (a bicycle's chain at 384 px, a tiger's stripe at 256).
MIN_RESOLUTION = 512
#: The smallest side strings are counted at (three strings side by side need it).
MIN_COUNTING_RESOLUTION = 768
#: The largest side drawn: 16 times the pixels of the paper's 512, about 4 s per image with its audit here.
MAX_RESOLUTION = 2048


@dataclasses.dataclass(frozen=True, kw_only=True)
class Pose(Parameters):
    """How far the poses of image pairs vary, within each category's own range (`Concept.pose`)."""

    rotation: float = parameter(
        1.0,
        meaning="share of each category's rotation range used (±12° for most categories, from 0° for a coin "
        "to 180° for a starfish): 0 draws every object upright, 1 the full range; no more, as each range "
        "is what keeps its object inside the picture and its attribute countable",
        minimum=0.0,
        maximum=1.0,
    )
    shift: float = parameter(
        MAX_SHIFT,
        meaning="largest move of the object's centre from the picture's centre, in hundredths of its side, "
        f"along each axis; 0 centres every object; at most {MAX_SHIFT:g}, which keeps the largest one inside",
        minimum=0.0,
        maximum=MAX_SHIFT,
    )
    mirror: bool = parameter(
        True,
        meaning="whether half of the pairs (at random) are drawn as mirror images, where the category allows "
        "one (a clock, a coin or a stop sign never is)",
    )


@dataclasses.dataclass(frozen=True, kw_only=True)
class VisageParameters(Parameters):
    """Image pairs per tuple, image sizes, which tuples and which backgrounds a drawn build uses."""

    pairs: int = parameter(
        4,
        meaning="image pairs per tuple: the i-th typical and the i-th exceptional image are drawn together "
        "(same pose and background, and every colour the exception leaves alone), so a tuple has this many "
        "of each, as the paper has as many typical images as exceptional ones (4 per exception most often)",
        minimum=1,
        maximum=100,
    )
    resolution: int = parameter(
        512,
        meaning="side in px of every square image (the paper preset's: 512)",
        minimum=MIN_RESOLUTION,
        maximum=MAX_RESOLUTION,
    )
    counting_resolution: int = parameter(
        768,
        meaning="side in px of the images whose attribute is fine detail to count (the strings of guitars, "
        "violins and banjos), where larger than resolution",
        minimum=MIN_COUNTING_RESOLUTION,
        maximum=MAX_RESOLUTION,
    )
    domains: tuple[str, ...] = selection(DOMAINS, "the domains whose tuples are drawn")
    tuples: tuple[str, ...] = parameter(
        (),
        meaning="the tuples drawn, in this order, by id (category-norm-exception, as the tuple_id column "
        'names them, e.g. "lion-mane-lioness"), each of one of domains; empty: every tuple of domains, '
        "in catalogue order",
        min_items=0,
        unique=True,
    )
    backgrounds: tuple[str, ...] = selection(
        BACKGROUND_KINDS,
        "the kinds of background an image pair may be drawn on, each pair's chosen at random: plain "
        "(one colour), gradient (two), floor (a wall above a floor)",
    )
    pose: Pose = dataclasses.field(default_factory=Pose)

    def check(self) -> None:
        for tuple_id in self.tuples:
            if tuple_id not in TUPLES:
                near = difflib.get_close_matches(tuple_id, TUPLES, n=1)
                hint = f"did you mean {near[0]!r}?" if near else "the tuple_id column of a build names them"
                raise ValueError(f"tuples names {tuple_id!r}, which is no tuple of the catalogue; {hint}")
            domain = CONCEPTS[tuple_id.split("-")[0]].domain
            if domain not in self.domains:
                raise ValueError(
                    f"tuples names {tuple_id!r}, of domain {domain!r}, which domains leaves out; "
                    "add the domain or drop the tuple"
                )

    def tuple_ids(self) -> tuple[str, ...]:
        """The tuples drawn, in drawing order."""
        if self.tuples:
            return self.tuples
        return tuple(t for t in TUPLES if CONCEPTS[t.split("-")[0]].domain in self.domains)

    def size(self, fine_detail: bool) -> int:
        """The side of an image whose norm's attribute is fine detail to count, or not."""
        return max(self.resolution, self.counting_resolution) if fine_detail else self.resolution


PRESETS: dict[str, VisageParameters] = {
    "paper": VisageParameters(),
    "lite": VisageParameters(
        pairs=2,
        tuples=(
            "clock-hands-digital_clock",
            "guitar-six_strings-bass_guitar",
            "stop_sign-octagonal-japanese_stop_sign",
            "chair-four_legs-swivel_chair",
            "die-dots-blank_die",
            "lion-mane-lioness",
            "starfish-five_arms-sunflower_sea_star",
            "banana-yellow-green_banana",
        ),
    ),
}
