"""Drawing a position: western chess with `chess.svg`, xiangqi on the shared xiangqi board (`boards`).

Chess: `chess.svg.board(board, coordinates=False)` with python-chess's default
colours (light #ffce9e, dark #d18b47) and its Cburnett pieces, in a 360-unit
square viewBox drawn at C x C. Xiangqi: the standard 10 x 9 board of the
`game_boards` topic (800 x 900 viewBox, drawn at C x int(1.125 C)) with every
piece as a board-coloured disc, a ring and a bold glyph in the side colour.
"""

from __future__ import annotations

import chess.svg

from builders.core.scene import Scene
from builders.core.svg import Canvas
from builders.vlmbias.background import WHITE, classes, keep_only
from builders.vlmbias.boards import xiangqi as board
from builders.vlmbias.chess_pieces.games import XIANGQI, Piece, Position
from builders.vlmbias.chess_pieces.spec import PieceSpec

#: Glyph of each xiangqi piece. Red's knight (the horse) uses 馬 like Black's, as in the released images.
GLYPHS: dict[tuple[str, str], str] = {
    ("black", "chariot"): "車",
    ("black", "knight"): "馬",
    ("black", "elephant"): "象",
    ("black", "advisor"): "士",
    ("black", "general"): "將",
    ("black", "cannon"): "砲",
    ("black", "soldier"): "卒",
    ("red", "chariot"): "俥",
    ("red", "knight"): "馬",
    ("red", "elephant"): "相",
    ("red", "advisor"): "仕",
    ("red", "general"): "帥",
    ("red", "cannon"): "炮",
    ("red", "soldier"): "兵",
}
#: Glyph and ring colour of each side (the game_boards palette).
SIDE_COLOURS = {"black": board.INK, "red": board.RED}
#: python-chess's colour keys of the board's squares.
SQUARES = ("square light", "square dark")


def glyph(piece: Piece) -> str:
    """The character drawn on a xiangqi piece.

    >>> glyph(Piece("red", "general")), glyph(Piece("black", "cannon"))
    ('帥', '砲')
    """
    return GLYPHS[(piece.colour, piece.type)]


def chess_svg(spec: PieceSpec) -> str:
    """The chess position as python-chess SVG (viewBox 0 0 360 360, no coordinates)."""
    return chess.svg.board(spec.chess_board(), coordinates=False)


def xiangqi_canvas(position: Position) -> Canvas:
    """The standard xiangqi board with `position`'s pieces, in reading order."""
    layout = board.BOARD.layout(None)
    canvas = board.draw_board(layout)
    radius = board.piece_radius(layout)
    for square in sorted(position, key=lambda name: XIANGQI.coordinates(name)[::-1]):
        piece = position[square]
        cx, cy = board.point(layout, *XIANGQI.coordinates(square))
        colour = SIDE_COLOURS[piece.colour]
        board.draw_piece(canvas, cx, cy, radius, glyph(piece), colour, f"piece {piece.name} {square}")
    return canvas


def scene(spec: PieceSpec) -> Scene:
    """The drawn position and its output size."""
    width, height = spec.size
    if spec.game == "chess":
        return Scene(chess_svg(spec), width, height)
    return Scene(xiangqi_canvas(spec.position), width, height)


def pieces_alone(spec: PieceSpec, drawn: Scene) -> Scene:
    """The pieces of the drawn position where they stand, on white, without the board: python-chess
    draws the chess board with every square white; the xiangqi pieces are kept from `drawn`."""
    if spec.game == "chess":
        bare = chess.svg.board(spec.chess_board(), coordinates=False, colors=dict.fromkeys(SQUARES, WHITE))
        return Scene(bare, drawn.width, drawn.height)
    return keep_only(drawn, lambda element: "piece" in classes(element), WHITE)
