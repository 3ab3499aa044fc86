"""Sudoku puzzle: 9 x 9 square cells with bold 3 x 3 blocks and the classic givens.

Bold lines keep marking the blocks of the original grid: when a first row or
column is added, the block lines move with the original cells, so the new row
sits outside the blocks. Added cells are empty; removed ones take their
digits with them. A fresh edition draws another puzzle of the same kind: the
classic one with its digits relabelled, its rows shuffled within bands, its
columns within stacks, its bands and stacks shuffled and maybe transposed (still
30 givens, still one solution).
"""

from __future__ import annotations

import functools
import random

from builders.core.fonts import SANS
from builders.core.hashing import rng_for
from builders.core.svg import Canvas, sub
from builders.vlmbias.boards.board import ADD, COL, FIRST, LAST, REMOVE, ROW, Board, Layout, edge_variant

SIZE = 800
INK = "#000000"
THIN, BOLD = 1.5, 4.5
#: The well-known example puzzle (Wikipedia "Sudoku"), rows from the top; "." is an empty cell.
GIVENS = (
    "53..7....",
    "6..195...",
    ".98....6.",
    "8...6...3",
    "4..8.3..1",
    "7...2...6",
    ".6....28.",
    "...419..5",
    "....8..79",
)
BLOCK = 3
#: Rows and columns of the standard puzzle.
STANDARD = 9


@functools.cache
def givens(edition: int | None) -> tuple[str, ...]:
    """The puzzle of an edition, rows from the top: the classic one in the canonical edition."""
    if edition is None:
        return GIVENS
    rng = rng_for("vlmbias", "game_boards", "sudoku", "givens", edition=edition)
    rows, cols = _shuffled_lines(rng), _shuffled_lines(rng)
    digits = dict(zip("123456789", rng.sample("123456789", 9), strict=True))
    digits["."] = "."
    grid = ["".join(digits[GIVENS[row][col]] for col in cols) for row in rows]
    if rng.random() < 0.5:
        grid = ["".join(line) for line in zip(*grid, strict=True)]
    return tuple(grid)


def _shuffled_lines(rng: random.Random) -> list[int]:
    """Line indices 0..8 with the bands (or stacks) shuffled and the lines shuffled within each."""
    bands = rng.sample(range(STANDARD // BLOCK), STANDARD // BLOCK)
    return [BLOCK * band + line for band in bands for line in rng.sample(range(BLOCK), BLOCK)]


def draw(layout: Layout, edition: int | None = None) -> Canvas:
    """The puzzle for `layout` in an 800 x 800 viewBox."""
    puzzle = givens(edition)
    rows, cols = layout.rows, layout.cols
    cell = min(0.9 * SIZE / cols, 0.9 * SIZE / rows)
    x0, y0 = (SIZE - cols * cell) / 2, (SIZE - rows * cell) / 2
    row_shift, col_shift = layout.shift(ROW), layout.shift(COL)
    canvas = Canvas(SIZE, SIZE, background="#ffffff")
    thin = canvas.group(stroke=INK, stroke_width=THIN, class_="lines thin")
    bold = canvas.group(stroke=INK, stroke_width=BOLD, class_="lines bold")
    for index in range(1, rows):
        parent = bold if _block_line(index - row_shift) else thin
        y = y0 + index * cell
        sub(parent, "line", x1=x0, y1=y, x2=x0 + cols * cell, y2=y, class_=f"line horizontal r{index}")
    for index in range(1, cols):
        parent = bold if _block_line(index - col_shift) else thin
        x = x0 + index * cell
        sub(parent, "line", x1=x, y1=y0, x2=x, y2=y0 + rows * cell, class_=f"line vertical c{index}")
    canvas.add(
        "rect",
        x=x0,
        y=y0,
        width=cols * cell,
        height=rows * cell,
        fill="none",
        stroke=INK,
        stroke_width=BOLD,
        class_="border",
    )
    digits = canvas.group(
        font_family=SANS,
        font_weight="bold",
        font_size=0.6 * cell,
        text_anchor="middle",
        fill=INK,
        class_="givens",
    )
    for row in range(rows):
        for col in range(cols):
            digit = _given(puzzle, row - row_shift, col - col_shift)
            if digit is not None:
                # A digit's ink is centred 0.36 em above its baseline in DejaVu Sans Bold.
                cx, cy = x0 + (col + 0.5) * cell, y0 + (row + 0.5) * cell
                sub(digits, "text", digit, x=cx, y=cy + 0.36 * 0.6 * cell, class_=f"given r{row} c{col}")
    return canvas


def _block_line(original: int) -> bool:
    """Whether line `original` of the standard grid (0 = top/left edge) bounds a 3 x 3 block."""
    return 0 <= original <= STANDARD and original % BLOCK == 0


def _given(puzzle: tuple[str, ...], row: int, col: int) -> str | None:
    """The given digit at a cell of the original grid, or None (empty or outside it)."""
    if not (0 <= row < len(puzzle) and 0 <= col < len(puzzle[0])):
        return None
    digit = puzzle[row][col]
    return None if digit == "." else digit


BOARD = Board(
    name="sudoku",
    title="Sudoku",
    sub_topic="Sudoku Grid",
    game="Sudoku",
    rows=STANDARD,
    cols=STANDARD,
    nouns={ROW: "rows", COL: "columns"},
    subject="puzzle",
    identity="Is this a 9x9 Sudoku puzzle?",
    variants=(
        edge_variant(1, ADD, FIRST, ROW),
        edge_variant(2, ADD, LAST, ROW),
        edge_variant(3, ADD, FIRST, COL),
        edge_variant(4, ADD, LAST, COL),
        edge_variant(5, REMOVE, FIRST, ROW),
        edge_variant(6, REMOVE, LAST, ROW),
        edge_variant(7, REMOVE, FIRST, COL),
        edge_variant(8, REMOVE, LAST, COL),
    ),
    draw=draw,
    unit="cells",
    placed="givens",
    placed_name="the givens",
)
