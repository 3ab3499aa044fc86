"""The illusion spec (illusion, released sample number, pyllusion parameters, size) and what is planned.

Numbering follows the release (spec §5.4): per illusion, samples 001-012 are
the difference-0 cells, each strength followed by its negative; 013-024 are
the (s, d) cells, each followed by (-s, -d). Vertical-Horizontal has 001-006
(size_min 0.5..1.0, d = 0) and 007-012 (size_min {0.5, 1.0} x d {0.3, 0.4,
0.5}), no negatives. Sample 0 marks the `original` split's sanity image.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator
from typing import Any, ClassVar

from builders.core import params
from builders.core.errors import SpecError
from builders.core.params import selection
from builders.vlmbias.optical_illusions.illusion import Cell, Illusion, Parameters
from builders.vlmbias.optical_illusions.illusions import ILLUSIONS
from builders.vlmbias.spec import VlmBiasSpec

#: Sample number of the unmodified image shown with the sanity questions (`original` split).
SANITY = 0
#: Difference-0 cells (and modified cells) of the illusions with the most: 12.
MAX_CELLS = max(
    sum(1 for _, cell in illusion.grid.cells() if cell.difference == 0) for illusion in ILLUSIONS.values()
)


def release_number(value: float, *, keep_point: bool = False) -> str:
    """A number as the released file names write it: `-` -> `neg`, `.` -> `p`, integers without a point.

    `keep_point` writes floats the way the release wrote its size_min values (`1.0` -> `1p0`).

    >>> release_number(3), release_number(-45), release_number(0.7), release_number(-0.2), release_number(2.0)
    ('3', 'neg45', '0p7', 'neg0p2', '2')
    >>> release_number(1.0, keep_point=True), release_number(0.0)
    ('1p0', '0')
    """
    value = float(value)
    text = str(int(value)) if value.is_integer() and not keep_point else repr(value)
    return text.replace("-", "neg").replace("+", "pos").replace(".", "p")


def _number(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise SpecError(f"{name} must be a finite number, got {value!r}")
    return float(value)


@dataclasses.dataclass(frozen=True, kw_only=True)
class IllusionSpec(VlmBiasSpec):
    """One illusion image: which illusion, its released sample number, pyllusion's parameters, the size."""

    kind: ClassVar[str] = "optical_illusion"

    #: Illusion name, a key of `ILLUSIONS` (`"Ebbinghaus"`, `"MullerLyer"`, ...).
    illusion: str
    #: Released sample number (1-based, per illusion), or 0 for the sanity image of the `original` split.
    sample: int
    #: pyllusion's `illusion_strength` (degrees for the line illusions; 0 for Vertical-Horizontal).
    illusion_strength: float
    #: pyllusion's `difference`: 0 means the targets really are equal (aligned, parallel).
    difference: float
    #: pyllusion's `size_min` (grid units), or None for illusions without one (Zöllner, Poggendorff).
    size_min: float | None

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.illusion not in ILLUSIONS:
            raise SpecError(f"unknown illusion {self.illusion!r}; choose from: {', '.join(ILLUSIONS)}")
        if isinstance(self.sample, bool) or not isinstance(self.sample, int) or self.sample < 0:
            raise SpecError(f"sample must be a non-negative integer, got {self.sample!r}")
        # Store numbers as floats so equal specs serialise (and hash) identically.
        object.__setattr__(self, "illusion_strength", _number("illusion_strength", self.illusion_strength))
        object.__setattr__(self, "difference", _number("difference", self.difference))
        takes_size = self.definition.grid.takes_size_min
        if not takes_size and self.size_min is not None:
            raise SpecError(f"{self.illusion} has no size_min; pass size_min=None, got {self.size_min!r}")
        if takes_size:
            size_min = _number("size_min", self.size_min)
            if size_min <= 0:
                raise SpecError(f"size_min must be positive, got {self.size_min!r}")
            object.__setattr__(self, "size_min", size_min)
        if self.sample == SANITY and self.difference != 0:
            raise SpecError(f"the sanity image (sample 0) must have difference 0, got {self.difference!r}")
        try:
            self.geometry  # noqa: B018 - the parameters function rejects what it cannot draw
        except SpecError:
            raise
        except (ValueError, ZeroDivisionError) as error:
            raise SpecError(f"{self.illusion} cannot be drawn from {self!r}: {error}") from None

    @property
    def definition(self) -> Illusion:
        """The illusion this spec draws."""
        return ILLUSIONS[self.illusion]

    @property
    def cell(self) -> Cell:
        return Cell(self.illusion_strength, self.difference, self.size_min)

    @property
    def geometry(self) -> Parameters:
        """pyllusion-style parameters of the scene, in grid units."""
        return self.definition.geometry(self.cell)

    @property
    def equal(self) -> bool:
        """True when the targets really are equal (difference 0): the answer to Q1/Q2 is Yes."""
        return self.difference == 0

    @property
    def stem(self) -> str:
        """Released id stem without title tag and resolution: `Ebbinghaus_017_str3_diff0p7`."""
        if self.sample == SANITY:
            return f"{self.illusion}_original"
        if self.definition.grid.varies == "size_min":
            knob = f"min{release_number(self.size_min or 0.0, keep_point=True)}"
        else:
            knob = f"str{release_number(self.illusion_strength)}"
        return f"{self.illusion}_{self.sample:03d}_{knob}_diff{release_number(self.difference)}"


@dataclasses.dataclass(frozen=True, kw_only=True)
class IllusionsParameters(params.Parameters):
    """What `--params` may change in `[optical_illusions]`."""

    illusions: tuple[str, ...] = selection(tuple(ILLUSIONS), "the illusions drawn")
    cells: int = params.parameter(
        MAX_CELLS,
        meaning="difference-0 cells and modified cells kept per illusion, the first of each in release "
        f"order ({MAX_CELLS} keeps every cell; Vertical-Horizontal has 6 of each)",
        minimum=1,
        maximum=MAX_CELLS,
    )


def _spec(illusion: Illusion, sample: int, cell: Cell, px: int, edition: int | None) -> IllusionSpec:
    return IllusionSpec(
        illusion=illusion.name,
        sample=sample,
        illusion_strength=cell.illusion_strength,
        difference=cell.difference,
        size_min=cell.size_min,
        px=px,
        edition=edition,
    )


def _cells(illusion: Illusion, keep: int) -> Iterator[tuple[int, Cell]]:
    """The first `keep` difference-0 cells and the first `keep` modified ones, in release order."""
    cells = list(illusion.grid.cells())
    yield from [(n, c) for n, c in cells if c.difference == 0][:keep]
    yield from [(n, c) for n, c in cells if c.difference != 0][:keep]


def _illusions(table: IllusionsParameters) -> list[Illusion]:
    return [illusion for name, illusion in ILLUSIONS.items() if name in table.illusions]


def counterfactual_specs(
    table: IllusionsParameters, resolutions: tuple[int, ...], edition: int | None = None
) -> Iterator[IllusionSpec]:
    """Every image of the main splits (originals with d = 0 included, as released), cell by cell."""
    for illusion in _illusions(table):
        for sample, cell in _cells(illusion, table.cells):
            for px in resolutions:
                yield _spec(illusion, sample, cell, px, edition)


def original_specs(
    table: IllusionsParameters, resolutions: tuple[int, ...], edition: int | None = None
) -> Iterator[IllusionSpec]:
    """One unmodified image per illusion (its `sanity_sample` cell) at every resolution."""
    for illusion in _illusions(table):
        cell = illusion.cell(illusion.sanity_sample)
        for px in resolutions:
            yield _spec(illusion, SANITY, cell, px, edition)
