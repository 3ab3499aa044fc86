"""The chess-piece spec (game, target, action, resolution) and the targets and specs the parameters plan.

Each game gets 12 target squares (the paper; `targets_per_game`), numbered 1..12
as in the released ids. In the canonical edition the targets whose square is
visible in released file names are pinned at their published numbers
(`PUBLISHED_TARGETS`); the others are drawn by a seeded RNG, without
replacement, from the remaining occupied squares of the starting position; a
fresh edition draws every target. Each target has a remove variant and a
replace variant; the replacement type is drawn by a seeded RNG, per target,
among the game's other piece types, and keeps the original piece's colour.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterator
from typing import ClassVar

import chess

from builders.core.errors import SpecError
from builders.core.hashing import rng_for
from builders.core.params import Parameters, parameter, selection
from builders.vlmbias.chess_pieces.games import GAMES, Game, Piece, Position, chess_position
from builders.vlmbias.spec import VlmBiasSpec

REMOVE, REPLACE, NONE = "remove", "replace", "none"
ACTIONS = (REMOVE, REPLACE)
#: Target number of the unmodified starting position (the `original` split).
ORIGINAL = 0
TARGETS_PER_GAME = 12

#: Targets seen in released file names (`chess_pieces_001_remove_whiteknight_at_g1_...`): number -> square.
PUBLISHED_TARGETS: dict[str, dict[int, str]] = {
    "chess": {1: "g1", 5: "e1", 8: "f8", 9: "g2", 10: "f1"},
    "xiangqi": {2: "e4", 3: "e7", 4: "a4", 6: "i10", 8: "i7", 9: "d10"},
}

#: Occupied squares of either starting position: the most targets a game can have.
MAX_TARGETS = 32


@dataclasses.dataclass(frozen=True)
class Target:
    """One planned target: its number, square, the piece standing there, and the type that replaces it."""

    number: int
    square: str
    piece: Piece
    added: str


def draw_targets(
    game: str, count: int = TARGETS_PER_GAME, edition: int | None = None, salt: str = "targets"
) -> tuple[str, ...]:
    """The target squares of `game`, for numbers 1..count in order.

    In the canonical edition published targets keep their numbers and the free numbers get squares
    sampled without replacement from the other occupied squares by `rng_for("vlmbias",
    "chess_pieces", game, salt)`; a fresh edition samples every number's square.
    """
    definition = _game(game)
    numbers = range(1, count + 1)
    pinned = {} if edition is not None else {n: s for n, s in PUBLISHED_TARGETS[game].items() if n <= count}
    pool = [square for square in definition.occupied if square not in pinned.values()]
    free = [number for number in numbers if number not in pinned]
    rng = rng_for("vlmbias", "chess_pieces", game, salt, edition=edition)
    drawn = iter(rng.sample(pool, len(free)))
    return tuple(pinned[n] if n in pinned else next(drawn) for n in numbers)


def draw_replacement(
    game: str, number: int, original: str, edition: int | None = None, salt: str = "replace"
) -> str:
    """The type that replaces the piece of target `number`: uniform among the game's other types."""
    choices = [type_ for type_ in _game(game).types if type_ != original]
    return rng_for("vlmbias", "chess_pieces", game, salt, number, edition=edition).choice(choices)


@functools.cache
def targets(game: str, count: int = TARGETS_PER_GAME, edition: int | None = None) -> tuple[Target, ...]:
    """The `count` planned targets of `game`, numbered 1..count."""
    start = _game(game).start
    return tuple(
        Target(number, square, start[square], draw_replacement(game, number, start[square].type, edition))
        for number, square in enumerate(draw_targets(game, count, edition), start=1)
    )


def _game(game: str) -> Game:
    if game not in GAMES:
        raise SpecError(f"unknown game {game!r}; choose from: {', '.join(GAMES)}")
    return GAMES[game]


@dataclasses.dataclass(frozen=True, kw_only=True)
class PieceSpec(VlmBiasSpec):
    """One board image: a starting position with one piece removed or replaced (or none), at one size."""

    kind: ClassVar[str] = "chess_pieces"

    #: `"chess"` or `"xiangqi"`.
    game: str
    #: Target number 1..999 as in the released ids, or 0 for the unmodified position.
    target: int
    #: `"remove"`, `"replace"`, or `"none"` for the unmodified position.
    action: str
    #: The target square (`"g1"`; xiangqi ranks count from the top), or `""` for the unmodified position.
    square: str
    #: Replace only: the type put on the square (`"bishop"`, `"chariot"`); `""` otherwise.
    added: str

    def __post_init__(self) -> None:
        super().__post_init__()
        game = _game(self.game)
        if self.action not in (*ACTIONS, NONE):
            raise SpecError(f"action must be one of {(*ACTIONS, NONE)}, got {self.action!r}")
        if isinstance(self.target, bool) or not isinstance(self.target, int) or not 0 <= self.target <= 999:
            raise SpecError(f"target must be an integer from 0 to 999, got {self.target!r}")
        if (self.action == NONE) != (self.target == ORIGINAL):
            raise SpecError(f"target 0 goes with action 'none' and only with it, got {self.target!r}")
        if self.action == NONE:
            if self.square or self.added:
                raise SpecError(f"an unmodified position has no square or added type, got {self!r}")
        elif self.square not in game.start:
            raise SpecError(
                f"square {self.square!r} is not occupied in the {self.game} starting position; "
                f"choose from: {', '.join(game.occupied)}"
            )
        if self.action == REPLACE:
            others = [type_ for type_ in game.types if type_ != game.start[self.square].type]
            if self.added not in others:
                raise SpecError(
                    f"replace on {self.square} needs an added type in {others}, got {self.added!r}"
                )
        elif self.added:
            raise SpecError(f"only replace adds a piece type, got added={self.added!r} with {self.action!r}")

    @property
    def definition(self) -> Game:
        """The game this spec draws."""
        return GAMES[self.game]

    @property
    def original(self) -> Piece | None:
        """The piece standing on the target square in the starting position."""
        return self.definition.start[self.square] if self.square else None

    def chess_board(self) -> chess.Board:
        """The western-chess position drawn: `chess.Board()` with the target removed or replaced."""
        if self.game != "chess":
            raise SpecError(f"chess_board() is for chess specs, got game {self.game!r}")
        board = chess.Board()
        if self.action == REMOVE:
            board.remove_piece_at(chess.parse_square(self.square))
        elif self.action == REPLACE:
            square = chess.parse_square(self.square)
            colour = board.color_at(square)
            board.set_piece_at(square, chess.Piece(chess.PIECE_NAMES.index(self.added), bool(colour)))
        return board

    @property
    def position(self) -> Position:
        """The drawn position: square name -> piece."""
        if self.game == "chess":
            return chess_position(self.chess_board())
        pieces = dict(self.definition.start)
        if self.action == REMOVE:
            del pieces[self.square]
        elif self.action == REPLACE:
            pieces[self.square] = Piece(pieces[self.square].colour, self.added)
        return pieces

    @property
    def size(self) -> tuple[int, int]:
        """Output (width, height) in pixels."""
        return self.px, int(self.definition.aspect * self.px)


@dataclasses.dataclass(frozen=True, kw_only=True)
class ChessPiecesParameters(Parameters):
    """What `--params` may change in `[chess_pieces]`."""

    games: tuple[str, ...] = selection(tuple(GAMES), "the games whose starting positions are modified")
    targets_per_game: int = parameter(
        TARGETS_PER_GAME,
        meaning="target squares per game, drawn without replacement from its 32 pieces (the paper: 12)",
        minimum=1,
        maximum=MAX_TARGETS,
    )
    actions: tuple[str, ...] = selection(ACTIONS, "what happens to each target's piece")


def counterfactual_specs(
    params: ChessPiecesParameters, resolutions: tuple[int, ...], edition: int | None = None
) -> Iterator[PieceSpec]:
    """Game by game, target by target: remove then replace, each at every resolution."""
    for game in GAMES:
        if game not in params.games:
            continue
        for target in targets(game, params.targets_per_game, edition):
            for action in ACTIONS:
                if action not in params.actions:
                    continue
                added = target.added if action == REPLACE else ""
                for px in resolutions:
                    yield PieceSpec(
                        game=game,
                        target=target.number,
                        action=action,
                        square=target.square,
                        added=added,
                        px=px,
                        edition=edition,
                    )


def original_specs(
    params: ChessPiecesParameters, resolutions: tuple[int, ...], edition: int | None = None
) -> Iterator[PieceSpec]:
    """The starting positions, each at every resolution."""
    for game in GAMES:
        if game in params.games:
            for px in resolutions:
                yield PieceSpec(
                    game=game, target=ORIGINAL, action=NONE, square="", added="", px=px, edition=edition
                )
