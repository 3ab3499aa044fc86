"""The two games of the topic: piece types, starting positions, square names and placement strings.

A position is a mapping from square name to `Piece`. Western chess squares use
standard algebraic names (`e4`; rank 1 at the bottom, White's side). Xiangqi
squares follow the release: file a-i from the left, rank 1-10 from the TOP
(Black's side), so `i10` is Red's right-hand chariot in the bottom-right corner.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

import chess


@dataclasses.dataclass(frozen=True, order=True)
class Piece:
    """One piece: its side colour and its English type name in lower case."""

    colour: str  # "white" / "black" (chess), "red" / "black" (xiangqi)
    type: str  # e.g. "knight", "chariot"

    @property
    def name(self) -> str:
        """E.g. `"white knight"`."""
        return f"{self.colour} {self.type}"


Position = Mapping[str, Piece]


@dataclasses.dataclass(frozen=True)
class Game:
    """Everything the topic needs to know about one game."""

    #: Id prefix and metadata value: `"chess"` or `"xiangqi"`.
    name: str
    #: The game's word in the counting prompts ("How many chess pieces ...").
    noun: str
    #: Answer to "What board game is this?".
    answer: str
    #: Released `sub_topic`.
    sub_topic: str
    #: Title drawn in the `withtitle` bar.
    title: str
    #: Q3 text without the answer instruction.
    identity: str
    #: Piece types in a fixed order (replacement types are drawn from it).
    types: tuple[str, ...]
    #: FEN letter of each type (lower case; the first colour is written in upper case).
    letters: Mapping[str, str]
    #: Side colours; the first one is written in upper case in placement strings.
    colours: tuple[str, str]
    #: Files (left to right) and ranks of the board.
    files: int
    ranks: int
    #: True if rank 1 is the top row (xiangqi, as released); False if it is the bottom (chess).
    ranks_from_top: bool
    #: Output height / width.
    aspect: float
    #: The starting position.
    start: Position

    def square(self, file: int, row: int) -> str:
        """Name of the square on file `file` (0 = left) and row `row` (0 = top).

        >>> CHESS.square(4, 7), XIANGQI.square(8, 9)
        ('e1', 'i10')
        """
        if not (0 <= file < self.files and 0 <= row < self.ranks):
            raise ValueError(f"({file}, {row}) is off the {self.files}x{self.ranks} {self.name} board")
        rank = row + 1 if self.ranks_from_top else self.ranks - row
        return f"{'abcdefghi'[file]}{rank}"

    def coordinates(self, square: str) -> tuple[int, int]:
        """(file, row) of a square name, row 0 at the top; inverse of `square`.

        >>> CHESS.coordinates("e1"), XIANGQI.coordinates("a4")
        ((4, 7), (0, 3))
        """
        file, digits = "abcdefghi".find(square[:1]), square[1:]
        if file < 0 or not digits.isdigit():
            raise ValueError(f"{square!r} is not a {self.name} square name")
        rank = int(digits)
        row = rank - 1 if self.ranks_from_top else self.ranks - rank
        if self.square(file, row) != square:
            raise ValueError(f"{square!r} is not a {self.name} square name")
        return file, row

    @property
    def occupied(self) -> tuple[str, ...]:
        """Occupied squares of the starting position, in reading order (top row first, left to right)."""
        return tuple(sorted(self.start, key=lambda square: self.coordinates(square)[::-1]))

    def placement(self, position: Position) -> str:
        """FEN-style piece placement, top row first (xiangqi letters: r n b a k c p).

        >>> XIANGQI.placement(XIANGQI.start)
        'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR'
        """
        rows = []
        for row in range(self.ranks):
            text, empty = "", 0
            for file in range(self.files):
                piece = position.get(self.square(file, row))
                if piece is None:
                    empty += 1
                    continue
                letter = self.letters[piece.type]
                text += (str(empty) if empty else "") + (
                    letter.upper() if piece.colour == self.colours[0] else letter
                )
                empty = 0
            rows.append(text + (str(empty) if empty else ""))
        return "/".join(rows)

    def count(self, position: Position, type_: str | None = None) -> int:
        """Pieces of `type_` (both colours) in `position`, or all pieces if `type_` is None."""
        return sum(1 for piece in position.values() if type_ is None or piece.type == type_)


def chess_position(board: chess.BaseBoard) -> dict[str, Piece]:
    """A python-chess board as a position."""
    return {
        chess.square_name(square): Piece(
            "white" if piece.color else "black", chess.piece_name(piece.piece_type)
        )
        for square, piece in sorted(board.piece_map().items())
    }


#: Xiangqi back rank from file a to file i. The horse (馬) is a "Knight", as the release's generator
#: names it (`PIECE_NAMES` of its first commit's `source/xiangqi_pieces.py`: "Red Knight").
XIANGQI_BACK_RANK = (
    "chariot", "knight", "elephant", "advisor", "general", "advisor", "elephant", "knight", "chariot",
)  # fmt: skip
XIANGQI_CANNON_FILES = (1, 7)
XIANGQI_SOLDIER_FILES = (0, 2, 4, 6, 8)


def xiangqi_start() -> dict[str, Piece]:
    """Black on ranks 1 (back rank), 3 (cannons), 4 (soldiers) from the top; Red mirrored on 10, 8, 7.

    >>> start = xiangqi_start()
    >>> len(start), start["e1"].name, start["h8"].name, start["i7"].name
    (32, 'black general', 'red cannon', 'red soldier')
    """
    start: dict[str, Piece] = {}
    for colour, back, cannons, soldiers in (("black", 1, 3, 4), ("red", 10, 8, 7)):
        for file, type_ in enumerate(XIANGQI_BACK_RANK):
            start[f"{'abcdefghi'[file]}{back}"] = Piece(colour, type_)
        for file in XIANGQI_CANNON_FILES:
            start[f"{'abcdefghi'[file]}{cannons}"] = Piece(colour, "cannon")
        for file in XIANGQI_SOLDIER_FILES:
            start[f"{'abcdefghi'[file]}{soldiers}"] = Piece(colour, "soldier")
    return start


CHESS = Game(
    name="chess",
    noun="chess",
    answer="Chess",
    sub_topic="Chess Pieces",
    title="Chess starting position",
    identity="Is this the chess starting position?",
    types=tuple(chess.piece_name(piece_type) for piece_type in chess.PIECE_TYPES),
    letters={chess.piece_name(t): chess.piece_symbol(t) for t in chess.PIECE_TYPES},
    colours=("white", "black"),
    files=8,
    ranks=8,
    ranks_from_top=False,
    aspect=1.0,
    start=chess_position(chess.Board()),
)

XIANGQI = Game(
    name="xiangqi",
    noun="xiangqi",
    answer="Xiangqi",
    sub_topic="Xiangqi Pieces",
    title="Xiangqi starting position",
    identity="Is this the Xiangqi starting position?",
    types=("soldier", "knight", "elephant", "chariot", "cannon", "advisor", "general"),
    letters={
        "soldier": "p",
        "knight": "n",
        "elephant": "b",
        "chariot": "r",
        "cannon": "c",
        "advisor": "a",
        "general": "k",
    },
    colours=("red", "black"),
    files=9,
    ranks=10,
    ranks_from_top=True,
    aspect=1.125,
    start=xiangqi_start(),
)

#: The games in release order.
GAMES: dict[str, Game] = {game.name: game for game in (CHESS, XIANGQI)}
