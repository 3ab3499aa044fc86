"""Patterned grids: what each image is, and which images a preset holds.

An N x N grid (N = 6..12) whose every cell shows `standard_count(col, N)`
dots (dice) or tally strokes, except one anomaly cell where one dot is
removed or replaced by another shape, or one stroke is removed or added.
Fourteen groups (each N twice, with different anomaly cells) x four
modifications x three resolutions = 168 images in the paper preset.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import ClassVar

from builders.core.errors import SpecError
from builders.core.hashing import rng_for
from builders.vlmbias.spec import RESOLUTIONS, VlmBiasSpec

PATTERNS = ("dice", "tally")
MODIFICATIONS = {"dice": ("remove", "replace"), "tally": ("remove", "add")}
SHAPES = ("square", "triangle", "star")
SIZES = tuple(range(6, 13))

#: Anomaly cells the release shows (group -> cell name); the rest are drawn by seeded RNG. Groups 1, 2,
#: 3 and 12 are in released file names (`dice_001_remove_C3_...`, `dice_012_replace_D4_...`), group 14 in
#: the project site's human-evaluation metadata (`tally_014_remove`, "How many lines ... in cell D8?").
PUBLISHED_CELLS = {1: "C3", 2: "E5", 3: "D4", 12: "D4", 14: "D8"}


def standard_count(col: int, size: int) -> int:
    """The pattern: every row repeats min(col, N-1-col) + 1 (depends on the column only).

    >>> [standard_count(c, 6) for c in range(6)]
    [1, 2, 3, 3, 2, 1]
    """
    return min(col, size - 1 - col) + 1


def cell_name(row: int, col: int) -> str:
    """Spreadsheet name of a 0-based cell: column letter from the left, row number from the top.

    >>> cell_name(2, 2), cell_name(0, 11)
    ('C3', 'L1')
    """
    return f"{chr(ord('A') + col)}{row + 1}"


def parse_cell(name: str) -> tuple[int, int]:
    """Inverse of `cell_name`.

    >>> parse_cell("E5")
    (4, 4)
    """
    return int(name[1:]) - 1, ord(name[0]) - ord("A")


def interior(size: int) -> range:
    """Rows/cols an anomaly may use: away from the edges (2..N-3 for N <= 7, 3..N-4 above)."""
    return range(2, size - 2) if size <= 7 else range(3, size - 3)


@dataclasses.dataclass(frozen=True, kw_only=True)
class GridSpec(VlmBiasSpec):
    """One patterned-grid image."""

    kind: ClassVar[str] = "patterned_grid"

    pattern: str  # "dice" or "tally"
    size: int  # N: the grid is N x N cells
    group: int  # 1..14: one (N, anomaly cell) scenario
    row: int  # anomaly cell, 0-based from the top
    col: int  # anomaly cell, 0-based from the left
    modification: str  # "remove", "replace" (dice) or "add" (tally)
    dot_index: int  # dice: which dot of the anomaly cell is removed/replaced (0-based)
    shape: str  # dice replace: "square", "triangle" or "star"; "" otherwise

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.pattern not in PATTERNS:
            raise SpecError(f"pattern must be one of {PATTERNS}, got {self.pattern!r}")
        allowed = MODIFICATIONS[self.pattern]
        if self.modification not in allowed:
            raise SpecError(
                f"modification for {self.pattern} must be one of {allowed}, got {self.modification!r}"
            )
        if not (0 <= self.row < self.size and 0 <= self.col < self.size):
            raise SpecError(
                f"anomaly cell ({self.row}, {self.col}) is outside a {self.size}x{self.size} grid"
            )
        if self.modification == "replace" and self.shape not in SHAPES:
            raise SpecError(f"replace needs a shape in {SHAPES}, got {self.shape!r}")
        if not 0 <= self.dot_index < self.standard:
            raise SpecError(f"dot_index {self.dot_index} is outside 0..{self.standard - 1}")

    @property
    def standard(self) -> int:
        """The count the pattern predicts for the anomaly cell (the expected bias)."""
        return standard_count(self.col, self.size)

    @property
    def actual(self) -> int:
        """What the anomaly cell really shows: circles for dice, strokes for tally."""
        delta = {"remove": -1, "replace": -1, "add": 1}[self.modification]
        return self.standard + delta

    @property
    def cell(self) -> str:
        return cell_name(self.row, self.col)


def anomaly_cells() -> dict[int, tuple[int, int]]:
    """Group -> anomaly cell; the second group of each N avoids the first group's cell."""
    cells: dict[int, tuple[int, int]] = {}
    for first, size in enumerate(SIZES, start=1):
        second = first + len(SIZES)
        candidates = [(r, c) for r in interior(size) for c in interior(size)]
        for group in (first, second):
            if group in PUBLISHED_CELLS:
                cells[group] = parse_cell(PUBLISHED_CELLS[group])
        for group, other in ((first, second), (second, first)):
            if group in cells:
                continue
            taken = cells.get(other)
            choices = [cell for cell in candidates if cell != taken]
            cells[group] = rng_for("vlmbias", "patterned_grids", "cell", group).choice(choices)
    return dict(sorted(cells.items()))


def group_specs(group: int, cell: tuple[int, int], resolutions: tuple[int, ...]) -> Iterator[GridSpec]:
    """The four counterfactual images of one group at each resolution."""
    size = SIZES[(group - 1) % len(SIZES)]
    row, col = cell
    rng = rng_for("vlmbias", "patterned_grids", "anomaly", group)
    dot_index = rng.randrange(standard_count(col, size))
    shape = rng.choice(SHAPES)
    for pattern in PATTERNS:
        for modification in MODIFICATIONS[pattern]:
            for px in resolutions:
                yield GridSpec(
                    pattern=pattern,
                    size=size,
                    group=group,
                    row=row,
                    col=col,
                    modification=modification,
                    dot_index=dot_index,
                    shape=shape if modification == "replace" else "",
                    px=px,
                )


#: preset -> (groups, resolutions)
PRESET_GROUPS = {
    "paper": (tuple(range(1, 15)), RESOLUTIONS),
    "lite": ((1, 4, 7), (384,)),
}


def counterfactual_specs(preset: str) -> Iterator[GridSpec]:
    groups, resolutions = PRESET_GROUPS[preset]
    cells = anomaly_cells()
    for group in groups:
        yield from group_specs(group, cells[group], resolutions)
