"""What an illusion is to this topic: its names, its questions, its parameter grid and its drawing.

Each illusion module (`ebbinghaus.py`, `muller_lyer.py`, ...) declares one
`Illusion`: a pyllusion-style parameters function `(illusion_strength,
difference, ...) -> dict` that computes the geometry in grid units, and a
drawing function `(parameters, px) -> Canvas`. `illusions.py` lists them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

from builders.core.svg import Canvas

Parameters = dict[str, Any]


@dataclasses.dataclass(frozen=True)
class Cell:
    """One point of the parameter grid: what pyllusion is called with."""

    illusion_strength: float
    difference: float
    size_min: float | None


@dataclasses.dataclass(frozen=True)
class Grid:
    """The paper's parameter cells of one illusion (spec §5.4), in release order.

    Samples 1..len(equal)*k are the difference-0 cells, one per value of `equal`
    (followed by its negative when `mirrored`); then, for each of `strengths`
    and each of `differences`, the cell (s, d) (followed by (-s, -d) when
    `mirrored`). `equal` and `strengths` hold illusion strengths, or `size_min`
    values when `varies == "size_min"` (Vertical-Horizontal).
    """

    equal: tuple[float, ...]
    strengths: tuple[float, ...]
    differences: tuple[float, ...]
    mirrored: bool = True
    #: What `equal` and `strengths` hold: `"illusion_strength"`, or `"size_min"` (strength then 0).
    varies: str = "illusion_strength"
    #: pyllusion's size_min when it is fixed (its default); None for illusions without one.
    size_min: float | None = None

    @property
    def takes_size_min(self) -> bool:
        """Whether the illusion's parameters function has a `size_min`."""
        return self.varies == "size_min" or self.size_min is not None

    def _cell(self, value: float, difference: float) -> Cell:
        if self.varies == "size_min":
            return Cell(0.0, float(difference), float(value))
        return Cell(float(value), float(difference), self.size_min)

    def cells(self) -> Iterator[tuple[int, Cell]]:
        """(sample number, cell) in release order, numbered from 1."""
        number = 0
        for value in self.equal:
            for sign in (1, -1) if self.mirrored else (1,):
                number += 1
                yield number, self._cell(sign * value, 0.0)
        for value in self.strengths:
            for difference in self.differences:
                for sign in (1, -1) if self.mirrored else (1,):
                    number += 1
                    yield number, self._cell(sign * value, sign * difference)


@dataclasses.dataclass(frozen=True)
class Illusion:
    """Everything the topic needs to know about one illusion."""

    #: Id prefix and the release's `illusion_type`, e.g. `"MullerLyer"`.
    name: str
    #: Released `sub_topic`, withtitle title and answer to "What optical illusion is this?".
    label: str
    #: Q1, Q2 and Q3 without the bracket instruction, verbatim from the paper.
    q1: str
    q2: str
    q3: str
    grid: Grid
    #: pyllusion-style geometry: `(illusion_strength, difference[, size_min]) -> dict` in grid units.
    parameters: Callable[..., Parameters]
    #: Draws the geometry at `px` x `px` pixels (line widths follow pyllusion's, in pixels).
    draw: Callable[[Parameters, int], Canvas]
    #: Separate red target shapes in the image (1 for the Vertical-Horizontal T).
    targets: int
    #: The difference-0 sample drawn for the `original` split (sanity questions).
    sanity_sample: int
    #: What its inducers (the black or grey context around the red targets) are, e.g. "the fins";
    #: "" for an illusion drawn without any. Background-removed images leave them out.
    inducers: str = ""

    def cell(self, sample: int) -> Cell:
        """The grid cell with this sample number."""
        for number, cell in self.grid.cells():
            if number == sample:
                return cell
        raise KeyError(sample)

    def geometry(self, cell: Cell) -> Parameters:
        """The parameters function applied to a cell."""
        if cell.size_min is None:
            return self.parameters(illusion_strength=cell.illusion_strength, difference=cell.difference)
        return self.parameters(
            illusion_strength=cell.illusion_strength, difference=cell.difference, size_min=cell.size_min
        )
