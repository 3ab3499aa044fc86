"""Go board: 19 x 19 black lines on wood (#DCB35C) with star points and a few stones.

The lines fill the square inside a 5% margin, so intervals stretch when a line
is added or removed. Stones: the nine star points alternately black and white,
then B(2,5) W(3,5) B(2,6) W(1,6), as (file from the left, rank from the top). A
fresh edition draws as many stones, alternately black and white, on inner points
of every variant (files and ranks 1..16, off the edge lines), and the wood's tone.
"""

from __future__ import annotations

import functools

from builders.core.hashing import rng_for
from builders.core.svg import Canvas, sub
from builders.vlmbias.boards.board import ADD, COL, LAST, REMOVE, ROW, Board, Layout, edge_variant

SIZE = 800
MARGIN = 0.05 * SIZE
WOOD, BLACK, WHITE = "#DCB35C", "#000000", "#ffffff"
LINE_WIDTH = 2
STAR_POINTS = tuple((file, rank) for file in (3, 9, 15) for rank in (3, 9, 15))
#: (file, rank, colour) in placing order.
STONES = (
    *((file, rank, "black" if index % 2 == 0 else "white") for index, (file, rank) in enumerate(STAR_POINTS)),
    (2, 5, "black"),
    (3, 5, "white"),
    (2, 6, "black"),
    (1, 6, "white"),
)
#: Wood tones an edition draws from (the release's first).
WOODS = (WOOD, "#E3C16F", "#D4A85A", "#E8C88E")
#: Files and ranks off the edge lines in every variant (a last row or column removed leaves 0..17):
#: where an edition's stones go, so no stone hides an edge line.
INNER = range(1, 17)


@functools.cache
def dressing(edition: int | None) -> tuple[str, tuple[tuple[int, int, str], ...]]:
    """The wood colour and the stones (file, rank, colour) of an edition: the release's when canonical."""
    if edition is None:
        return WOOD, STONES
    rng = rng_for("vlmbias", "game_boards", "go", "stones", edition=edition)
    points = rng.sample([(file, rank) for file in INNER for rank in INNER], len(STONES))
    stones = tuple((file, rank, "black" if i % 2 == 0 else "white") for i, (file, rank) in enumerate(points))
    return rng.choice(WOODS), stones


def draw(layout: Layout, edition: int | None = None) -> Canvas:
    """The board for `layout` in an 800 x 800 viewBox."""
    wood, placed = dressing(edition)
    rows, cols = layout.rows, layout.cols
    span = SIZE - 2 * MARGIN
    dx, dy = span / (cols - 1), span / (rows - 1)
    canvas = Canvas(SIZE, SIZE, background=wood)
    lines = canvas.group(stroke=BLACK, stroke_width=LINE_WIDTH, class_="lines")
    for rank in range(rows):
        y = MARGIN + rank * dy
        sub(lines, "line", x1=MARGIN, y1=y, x2=SIZE - MARGIN, y2=y, class_=f"line horizontal r{rank}")
    for file in range(cols):
        x = MARGIN + file * dx
        sub(lines, "line", x1=x, y1=MARGIN, x2=x, y2=SIZE - MARGIN, class_=f"line vertical f{file}")
    unit = min(dx, dy)
    stars = canvas.group(fill=BLACK, class_="hoshi")
    for file, rank in STAR_POINTS:
        if file < cols and rank < rows:
            sub(stars, "circle", cx=MARGIN + file * dx, cy=MARGIN + rank * dy, r=0.12 * unit)
    stones = canvas.group(class_="stones")
    for file, rank, colour in placed:
        if file < cols and rank < rows:
            sub(
                stones,
                "circle",
                cx=MARGIN + file * dx,
                cy=MARGIN + rank * dy,
                r=0.47 * unit,
                fill=BLACK if colour == "black" else WHITE,
                stroke=BLACK if colour == "white" else None,
                stroke_width=1.5 if colour == "white" else None,
                class_=f"stone {colour} f{file} r{rank}",
            )
    return canvas


BOARD = Board(
    name="go",
    title="Go",
    sub_topic="Go Grid",
    game="Go",
    rows=19,
    cols=19,
    nouns={ROW: "horizontal lines", COL: "vertical lines"},
    subject="board",
    identity="Is this a 19x19 Go board?",
    # Named as released (`go_grid_01_remove_row_px1152.png`): the go generator's names omit "last".
    variants=(
        edge_variant(1, REMOVE, LAST, ROW, "remove_row"),
        edge_variant(2, REMOVE, LAST, COL, "remove_col"),
        edge_variant(3, ADD, LAST, ROW, "add_row"),
        edge_variant(4, ADD, LAST, COL, "add_col"),
    ),
    draw=draw,
    unit="lines",
    placed="stones",
    placed_name="the stones",
    bare_ids=True,
)
