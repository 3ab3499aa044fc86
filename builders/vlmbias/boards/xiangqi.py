"""Xiangqi board: 10 horizontal x 9 vertical lines with the river, palaces and palace pieces.

The board (#f9e9a9, black lines) sits in a #d66500 frame of width 1/12 of the
board width. Inner vertical lines break across the river; the two outer ones
run through. Palace diagonals cover the three centre files of the first and
last three ranks, and each palace holds its general and two advisors on the
back rank (black 將 士 at the top, red 帥 仕 at the bottom). The board area is
fixed: when a line is added or removed the intervals stretch to fill it.

Row variants change a rank next to the river, so the river keeps separating
the two halves; palaces stay at both ends. Column variants keep the palace on
its original files (adding a first column moves it right by one file).

`draw_board`, `point`, `piece_radius` and `draw_piece` are shared with the
`chess_pieces` topic, which sets out the full starting position on this board.
A fresh edition of `game_boards` draws the frame and board colours from a few
wood tones (the release's first).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from builders.core.fonts import XIANGQI
from builders.core.hashing import rng_for
from builders.core.svg import Canvas, sub
from builders.vlmbias.boards.board import (
    ADD,
    COL,
    FIRST,
    LAST,
    REMOVE,
    ROW,
    Board,
    Layout,
    Variant,
    edge_variant,
)

WIDTH, HEIGHT = 800, 900
PAD = WIDTH / 12
FRAME, BOARD_FILL, INK, RED = "#d66500", "#f9e9a9", "#000000", "#ff0000"
#: (frame, board) colours an edition draws from: the release's, then darker and paler woods.
WOODS = ((FRAME, BOARD_FILL), ("#a0522d", "#f2d49b"), ("#8b5a2b", "#f5deb3"), ("#b5651d", "#eccf8a"))
LINE_WIDTH = 2
#: Horizontal lines above the river on the standard board.
STANDARD_TOP_HALF = 5
#: First file of the palace on the standard board (files 3, 4, 5).
PALACE_FILE = 3
BLACK_PIECES = ("士", "將", "士")
RED_PIECES = ("仕", "帥", "仕")

BEFORE_RIVER, AFTER_RIVER = "before_river", "after_river"
RIVER_TOP, RIVER_BOTTOM = "river_top", "river_bottom"


def top_half(layout: Layout) -> int:
    """Horizontal lines above the river after the change."""
    variant = layout.variant
    if variant is None or variant.axis != ROW:
        return STANDARD_TOP_HALF
    if variant.position == BEFORE_RIVER:
        return STANDARD_TOP_HALF - 1
    if variant.position == RIVER_TOP:
        return STANDARD_TOP_HALF + 1
    return STANDARD_TOP_HALF


def spacing(layout: Layout) -> tuple[float, float]:
    """Distance between neighbouring vertical lines (dx) and horizontal lines (dy), in viewBox units."""
    return (WIDTH - 2 * PAD) / (layout.cols - 1), (HEIGHT - 2 * PAD) / (layout.rows - 1)


def point(layout: Layout, file: int, rank: int) -> tuple[float, float]:
    """Where vertical line `file` (0 = left) meets horizontal line `rank` (0 = top), in viewBox units."""
    dx, dy = spacing(layout)
    return PAD + file * dx, PAD + rank * dy


def piece_radius(layout: Layout) -> float:
    """Radius of a piece: 0.4 of the smaller line spacing."""
    return 0.4 * min(spacing(layout))


def wood(edition: int | None) -> tuple[str, str]:
    """The (frame, board) colours of an edition of `game_boards`: the release's in the canonical one."""
    if edition is None:
        return FRAME, BOARD_FILL
    return rng_for("vlmbias", "game_boards", "xiangqi", "wood", edition=edition).choice(WOODS)


def draw_board(layout: Layout, colours: tuple[str, str] = (FRAME, BOARD_FILL)) -> Canvas:
    """The empty board for `layout` (frame, lines, river, palace diagonals) in an 800 x 900 viewBox, in
    (frame, board) `colours`."""
    frame, board = colours
    rows, cols = layout.rows, layout.cols
    width, height = WIDTH - 2 * PAD, HEIGHT - 2 * PAD

    def x(file: int) -> float:
        return point(layout, file, 0)[0]

    def y(rank: int) -> float:
        return point(layout, 0, rank)[1]

    canvas = Canvas(WIDTH, HEIGHT, background=frame)
    canvas.add(
        "rect",
        x=PAD,
        y=PAD,
        width=width,
        height=height,
        fill=board,
        stroke=INK,
        stroke_width=LINE_WIDTH,
        class_="board",
    )
    lines = canvas.group(stroke=INK, stroke_width=LINE_WIDTH, class_="lines")
    for rank in range(rows):
        _line(lines, x(0), y(rank), x(cols - 1), y(rank), f"line horizontal r{rank}")
    river_top, river_bottom = y(top_half(layout) - 1), y(top_half(layout))
    for file in range(cols):
        if file in (0, cols - 1):
            _line(lines, x(file), y(0), x(file), y(rows - 1), f"line vertical f{file}")
        else:
            _line(lines, x(file), y(0), x(file), river_top, f"line vertical f{file}")
            _line(lines, x(file), river_bottom, x(file), y(rows - 1), f"line vertical f{file}")
    palace = PALACE_FILE + layout.shift(COL)
    for first_rank in (0, rows - 3):
        left, right = x(palace), x(palace + 2)
        top, bottom = y(first_rank), y(first_rank + 2)
        _line(lines, left, top, right, bottom, "palace diagonal")
        _line(lines, right, top, left, bottom, "palace diagonal")
    return canvas


def draw(layout: Layout, edition: int | None = None) -> Canvas:
    """The board for `layout` with its palace pieces, in an 800 x 900 viewBox (drawn at C x 1.125 C)."""
    colours = wood(edition)
    canvas = draw_board(layout, colours)
    palace = PALACE_FILE + layout.shift(COL)
    radius = piece_radius(layout)
    for rank, glyphs, colour, side in (
        (0, BLACK_PIECES, INK, "black"),
        (layout.rows - 1, RED_PIECES, RED, "red"),
    ):
        for offset, glyph in enumerate(glyphs):
            cx, cy = point(layout, palace + offset, rank)
            draw_piece(canvas, cx, cy, radius, glyph, colour, f"piece {side}", colours[1])
    return canvas


def _line(parent: ET.Element, x1: float, y1: float, x2: float, y2: float, class_: str) -> None:
    sub(parent, "line", x1=x1, y1=y1, x2=x2, y2=y2, class_=class_)


def draw_piece(
    canvas: Canvas,
    cx: float,
    cy: float,
    radius: float,
    glyph: str,
    colour: str,
    class_: str,
    disc: str = BOARD_FILL,
) -> None:
    """A round piece at (cx, cy): a disc of the board's colour `disc`, ring in the side colour, bold glyph."""
    group = canvas.group(class_=class_)
    sub(group, "circle", cx=cx, cy=cy, r=radius, fill=disc, stroke=INK, stroke_width=1.5)
    sub(
        group,
        "circle",
        cx=cx,
        cy=cy,
        r=0.9 * radius,
        fill="none",
        stroke=colour,
        stroke_width=max(1.5, 0.08 * radius),
    )
    size = 1.2 * radius
    # The ideograph's ink box is centred 0.385 em above its baseline in the shipped face.
    sub(
        group,
        "text",
        glyph,
        x=cx,
        y=cy + 0.385 * size,
        font_family=XIANGQI,
        font_weight="bold",
        font_size=size,
        text_anchor="middle",
        fill=colour,
    )


BOARD = Board(
    name="xiangqi",
    title="Xiangqi",
    sub_topic="Xiangqi Grid",
    game="Xiangqi",
    rows=10,
    cols=9,
    nouns={ROW: "horizontal lines", COL: "vertical lines"},
    subject="board",
    identity="Is this a 10x9 Xiangqi board?",
    variants=(
        # Released indices (the release generator's river row is 4, the last line above the river).
        Variant(1, ROW, REMOVE, BEFORE_RIVER, "remove_row_before_river", index=4),
        Variant(2, ROW, REMOVE, AFTER_RIVER, "remove_row_after_river", index=5),
        Variant(3, ROW, ADD, RIVER_TOP, "add_row_in_river_top", index=5),
        Variant(4, ROW, ADD, RIVER_BOTTOM, "add_row_in_river_bottom", index=6),
        edge_variant(5, REMOVE, FIRST, COL),
        edge_variant(6, REMOVE, LAST, COL),
        edge_variant(7, ADD, FIRST, COL),
        edge_variant(8, ADD, LAST, COL),
    ),
    draw=draw,
    unit="lines",
    placed="piece",
    placed_name="the palace pieces",
    aspect=1.125,
)
