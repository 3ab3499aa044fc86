"""Patterned grids: what each image is, and which images the parameters plan.

An N x N grid (N = 6..12) whose every cell shows `standard_count(col, N)`
dots (dice) or tally strokes, except one anomaly cell where one dot is
removed or replaced by another shape, or one stroke is removed or added.
Fourteen groups (each N twice, with different anomaly cells) x four
modifications x three resolutions = 168 images in the paper preset. A fresh
edition draws every anomaly cell, dot and replacing shape anew.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import ClassVar

from builders.core.errors import SpecError
from builders.core.hashing import rng_for
from builders.core.params import Parameters, parameter, selection
from builders.vlmbias.spec import VlmBiasSpec

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
    group: int  # one (N, anomaly cell) scenario: 1..14 in the paper (`group_number`)
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


def group_number(size: int, slot: int) -> int:
    """The release's group number of anomaly slot `slot` (0-based) of size `size`: N = 6..12 cycle, so
    slot 0 is groups 1..7 and slot 1 groups 8..14.

    >>> group_number(6, 0), group_number(12, 0), group_number(6, 1), group_number(8, 3)
    (1, 7, 8, 24)
    """
    return 1 + SIZES.index(size) + len(SIZES) * slot


def anomaly_cells(
    sizes: tuple[int, ...] = SIZES, slots: int = 2, edition: int | None = None
) -> dict[int, tuple[int, int]]:
    """Group -> anomaly cell, for `slots` groups of each size: distinct interior cells per size.

    Slots are drawn in order, each avoiding the cells of the slots before it, so a smaller plan keeps
    a larger plan's cells. The canonical edition pins the cells the release shows (`PUBLISHED_CELLS`,
    for the paper's two slots at least, so the others avoid them as in the paper); a fresh edition
    draws every cell.
    """
    cells: dict[int, tuple[int, int]] = {}
    for size in sizes:
        candidates = [(r, c) for r in interior(size) for c in interior(size)]
        groups = [group_number(size, slot) for slot in range(max(slots, 2) if edition is None else slots)]
        taken: dict[int, tuple[int, int]] = {}
        if edition is None:
            taken = {g: parse_cell(PUBLISHED_CELLS[g]) for g in groups if g in PUBLISHED_CELLS}
        for group in groups:
            if group not in taken:
                choices = [cell for cell in candidates if cell not in taken.values()]
                taken[group] = rng_for("vlmbias", "patterned_grids", "cell", group, edition=edition).choice(
                    choices
                )
        cells.update((group, taken[group]) for group in groups[:slots])
    return dict(sorted(cells.items()))


def group_specs(
    group: int,
    cell: tuple[int, int],
    params: GridParameters,
    resolutions: tuple[int, ...],
    edition: int | None = None,
) -> Iterator[GridSpec]:
    """The group's images (each kept modification, at each resolution), sharing the anomaly cell and dot."""
    size = SIZES[(group - 1) % len(SIZES)]
    row, col = cell
    rng = rng_for("vlmbias", "patterned_grids", "anomaly", group, edition=edition)
    dot_index = rng.randrange(standard_count(col, size))
    shape = rng.choice(params.shapes)
    for pattern in PATTERNS:
        for modification in MODIFICATIONS[pattern]:
            if f"{pattern}_{modification}" not in params.modifications:
                continue
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
                    edition=edition,
                )


#: Every (pattern, modification) image a group can hold, as `modifications` names them.
IMAGE_KINDS = tuple(
    f"{pattern}_{modification}" for pattern in PATTERNS for modification in MODIFICATIONS[pattern]
)
#: Interior cells of a grid: anomaly slots per size can be at most this many (4 for N = 6 and 8, 36 for 12).
SLOTS = {size: len(interior(size)) ** 2 for size in SIZES}


@dataclasses.dataclass(frozen=True, kw_only=True)
class GridParameters(Parameters):
    """What `--params` may change in `[patterned_grids]`."""

    sizes: tuple[int, ...] = parameter(
        SIZES,
        meaning="grid sizes N (N x N cells); 6..12 carry the release's group numbers, and a dice face "
        "holds at most 6 dots, a tally box 7 strokes",
        minimum=SIZES[0],
        maximum=SIZES[-1],
        unique=True,
    )
    anomalies_per_size: int = parameter(
        2,
        meaning="anomaly cells per grid size, each a group of images sharing its cell (the paper: 2); at "
        "most the grid's interior cells (4 for N = 6 and 8, 9 for 7 and 9, 16 for 10, 25 for 11, 36 for 12)",
        minimum=1,
        maximum=max(SLOTS.values()),
    )
    modifications: tuple[str, ...] = selection(
        IMAGE_KINDS,
        "the images of each group: dice remove or replace one dot, tally remove or add one stroke",
    )
    shapes: tuple[str, ...] = selection(SHAPES, "what a replaced dice dot may become, drawn per group")

    def check(self) -> None:
        """Every size must have room for the anomaly cells: they are distinct interior cells."""
        for size in self.sizes:
            if self.anomalies_per_size > SLOTS[size]:
                raise ValueError(
                    f"patterned_grids.anomalies_per_size {self.anomalies_per_size} is more than the "
                    f"{SLOTS[size]} interior cells of a {size} x {size} grid; lower it or leave out "
                    f"size {size}"
                )


def counterfactual_specs(
    params: GridParameters, resolutions: tuple[int, ...], edition: int | None = None
) -> Iterator[GridSpec]:
    """Every group's images, by group number (slot by slot, size by size)."""
    sizes = tuple(size for size in SIZES if size in params.sizes)
    for group, cell in anomaly_cells(sizes, params.anomalies_per_size, edition).items():
        yield from group_specs(group, cell, params, resolutions, edition)
