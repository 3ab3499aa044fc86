"""Chess board: 8 x 8 alternating squares, no pieces.

Squares are #f0d9b5 / #b58863, light at the top-left of the standard board.
A change keeps every remaining square's colour (the alternation continues into
an added row or column), so removing or adding the first row is a different
image from removing or adding the last one. 5% margin, #333 outline. A fresh
edition draws the two square colours from common board palettes.
"""

from __future__ import annotations

from builders.core.hashing import rng_for
from builders.core.svg import Canvas, sub
from builders.vlmbias.boards.board import ADD, COL, FIRST, LAST, REMOVE, ROW, Board, Layout, edge_variant

SIZE = 800
LIGHT, DARK = "#f0d9b5", "#b58863"
#: (light, dark) square colours an edition draws from: the release's brown, green, blue, grey.
PALETTES = ((LIGHT, DARK), ("#eeeed2", "#769656"), ("#dee3e6", "#8ca2ad"), ("#e6e6e6", "#9a9a9a"))
OUTLINE, OUTLINE_WIDTH = "#333333", 2


def palette(edition: int | None) -> tuple[str, str]:
    """The (light, dark) square colours of an edition: the release's in the canonical one."""
    if edition is None:
        return LIGHT, DARK
    return rng_for("vlmbias", "game_boards", "chess", "palette", edition=edition).choice(PALETTES)


def draw(layout: Layout, edition: int | None = None) -> Canvas:
    """Chess squares for `layout` in an 800 x 800 viewBox."""
    light, dark = palette(edition)
    rows, cols = layout.rows, layout.cols
    cell = min(0.9 * SIZE / cols, 0.9 * SIZE / rows)
    x0, y0 = (SIZE - cols * cell) / 2, (SIZE - rows * cell) / 2
    canvas = Canvas(SIZE, SIZE, background="#ffffff")
    squares = canvas.group(class_="squares")
    # One dark rectangle under the light squares: no background seams between squares.
    sub(squares, "rect", x=x0, y=y0, width=cols * cell, height=rows * cell, fill=dark, class_="square dark")
    # Colour by the square's place on the standard board: a first row added or removed shifts it.
    parity = layout.shift(ROW) + layout.shift(COL)
    for row in range(rows):
        for col in range(cols):
            if (row + col - parity) % 2 == 0:
                x, y = x0 + col * cell, y0 + row * cell
                name = f"square light r{row} c{col}"
                sub(squares, "rect", x=x, y=y, width=cell, height=cell, fill=light, class_=name)
    canvas.add(
        "rect",
        x=x0,
        y=y0,
        width=cols * cell,
        height=rows * cell,
        fill="none",
        stroke=OUTLINE,
        stroke_width=OUTLINE_WIDTH,
        class_="outline",
    )
    return canvas


BOARD = Board(
    name="chess",
    title="Chess",
    sub_topic="Chess Grid",
    game="Chess",
    rows=8,
    cols=8,
    nouns={ROW: "rows", COL: "columns"},
    subject="board",
    identity="Is this a 8x8 Chessboard?",
    variants=(
        edge_variant(1, REMOVE, FIRST, ROW),
        edge_variant(2, REMOVE, LAST, ROW),
        edge_variant(3, ADD, FIRST, ROW),
        edge_variant(4, ADD, LAST, ROW),
        edge_variant(5, REMOVE, FIRST, COL),
        edge_variant(6, REMOVE, LAST, COL),
        edge_variant(7, ADD, FIRST, COL),
        edge_variant(8, ADD, LAST, COL),
    ),
    draw=draw,
    unit="squares",
)
