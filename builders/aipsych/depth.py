"""How deep an object stands, and how a block's unasked depths are coupled to its asked ones.

Every object, asked about or not, is drawn alike (`drawing`): a placement among those its grid row
offers it, then a depth (pixels per metre) evenly among those where it is legible and fits a cell of
that row (`scale.depth_range`); its size follows from its real size and that depth.

Most unasked objects are copies of asked ones (`unasked`), but not every copy weighs the same (not
every scene may hold every kind, the open sky holds fewer) and some are drawn afresh, so a kind's
median heights in the two roles could still drift apart. So within each block of scenes, a kind's m
unasked objects, ranked by depth, take in that order the depths at quantiles (k + 1/2) / m of its
asked objects' depths in the block (k = 0 .. m - 1), each held to the range its own scene, row and
placement allow (`coupled`). Depth stays physical: an object's size still follows from its real
size and its depth; only which allowed depth it takes is coupled. A kind not asked about in a block
keeps its draws, and so does everything in a `plain` scene, where every object has one size.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from builders.aipsych.objects import Figure
from builders.aipsych.scale import depth_range, placements_at
from builders.aipsych.settings import Setting

#: Where an object stands in depth: its placement, and its pixels per metre there.
Depth = tuple[str, float]


@dataclasses.dataclass(frozen=True)
class Drawing:
    """One object's depth as drawn, its role, and the depths its scene, row and placement allow."""

    figure: Figure
    asked: bool
    row: int  # the grid row it stands in (an unasked object: the row its depth was drawn for)
    placement: str
    ppm: float
    low: float
    high: float

    @property
    def depth(self) -> Depth:
        return self.placement, self.ppm


def drawing(
    figure: Figure,
    asked: bool,
    setting: Setting,
    row: int,
    size: tuple[int, int],
    zoom: float,
    rng: random.Random,
) -> Drawing:
    """`figure` in grid row `row` of a scene seen at `zoom`: a placement its row offers, and a depth
    drawn evenly among those where it is legible and fits (the size law's draw, whatever its role)."""
    placement = rng.choice(placements_at(figure, setting, row, *size, zoom))
    low, high = depth_range(figure, setting, placement, row, *size, zoom)
    return Drawing(figure, asked, row, placement, rng.uniform(low, high), low, high)


def coupled(drawings: Sequence[Drawing]) -> list[Drawing]:
    """A block's `drawings` with each kind's unasked depths matched by rank to its asked ones.

    >>> from builders.aipsych.objects import CATALOGUE
    >>> cat = CATALOGUE["cat"]
    >>> block = [Drawing(cat, True, 2, "ground", ppm, 0.0, 90.0) for ppm in (40.0, 80.0)]
    >>> block += [Drawing(cat, False, 2, "ground", ppm, 0.0, 60.0) for ppm in (50.0, 10.0, 30.0, 20.0)]
    >>> [one.ppm for one in coupled(block)]
    [40.0, 80.0, 60.0, 40.0, 60.0, 50.0]
    """
    found = list(drawings)
    kinds: dict[str, tuple[list[float], list[int]]] = {}
    for index, one in enumerate(drawings):
        asked, unasked = kinds.setdefault(one.figure.name, ([], []))
        if one.asked:
            asked.append(one.ppm)
        else:
            unasked.append(index)
    for asked, unasked in kinds.values():
        if not asked:
            continue
        asked.sort()
        unasked.sort(key=lambda index: drawings[index].ppm)  # a stable sort: ties keep the plan's order
        for rank, index in enumerate(unasked):
            one = drawings[index]
            wanted = _quantile(asked, (rank + 0.5) / len(unasked))
            found[index] = dataclasses.replace(one, ppm=min(max(wanted, one.low), one.high))
    return found


def _quantile(ordered: Sequence[float], share: float) -> float:
    """The value at `share` of `ordered` (ascending): the k-th value at (k + 1/2) / n, straight between.

    >>> _quantile([10.0, 20.0], 0.25), _quantile([10.0, 20.0], 0.5), _quantile([10.0, 20.0], 0.9)
    (10.0, 15.0, 20.0)
    """
    position = min(max(share * len(ordered) - 0.5, 0.0), len(ordered) - 1.0)
    below = int(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)
