"""The boards of the topic, in release order. Adding a board: one module with a `BOARD`, one entry here."""

from __future__ import annotations

from builders.vlmbias.boards import chess, go, sudoku, xiangqi
from builders.vlmbias.boards.board import Board

BOARDS: dict[str, Board] = {
    board.name: board for board in (chess.BOARD, xiangqi.BOARD, sudoku.BOARD, go.BOARD)
}
