"""The game-board spec (board, published variant number, resolution) and the specs the parameters plan."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any, ClassVar

from builders.core.errors import SpecError
from builders.core.params import Parameters, selection
from builders.vlmbias.boards.board import Board, Layout, Variant
from builders.vlmbias.boards.boards import BOARDS
from builders.vlmbias.spec import VlmBiasSpec

#: Variant number of the unmodified board (the `original` split).
ORIGINAL = 0


@dataclasses.dataclass(frozen=True, kw_only=True)
class GameBoardSpec(VlmBiasSpec):
    """One board image: which board, which published variant (0 = unmodified), at which resolution."""

    kind: ClassVar[str] = "game_board"

    #: Board name, a key of `BOARDS` (`"chess"`, `"xiangqi"`, `"sudoku"`, `"go"`).
    board: str
    #: Published variant number (1-based, release order), or 0 for the unmodified board.
    variant: int

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.board not in BOARDS:
            raise SpecError(f"unknown board {self.board!r}; choose from: {', '.join(BOARDS)}")
        numbers = [variant.number for variant in BOARDS[self.board].variants]
        if self.variant != ORIGINAL and self.variant not in numbers:
            raise SpecError(
                f"unknown variant {self.variant!r} of board {self.board!r}; "
                f"use 0 (the original) or one of {numbers}"
            )

    @property
    def definition(self) -> Board:
        """The board this spec draws."""
        return BOARDS[self.board]

    @property
    def change(self) -> Variant | None:
        """The modification, or None for the unmodified board."""
        return None if self.variant == ORIGINAL else self.definition.variant(self.variant)

    @property
    def layout(self) -> Layout:
        """Size of the drawn board and the change that made it."""
        return self.definition.layout(self.change)

    @property
    def size(self) -> tuple[int, int]:
        """Output (width, height) in pixels."""
        return self.px, int(self.definition.aspect * self.px)


def variant_names(board: str) -> tuple[str, ...]:
    """The released variation names of a board's variants, in release order (`remove_first_row`, ...)."""
    return tuple(variant.name for variant in BOARDS[board].variants)


def _variants(board: str) -> Any:
    """The parameter field listing a board's variants to draw (all of them by default)."""
    return selection(variant_names(board), f"{BOARDS[board].title} variants drawn, by their released names")


@dataclasses.dataclass(frozen=True, kw_only=True)
class GameBoardsParameters(Parameters):
    """What `--params` may change in `[game_boards]`: which boards, and which of each board's variants."""

    boards: tuple[str, ...] = selection(
        tuple(BOARDS), "the boards drawn, modified and (for the original split) unmodified"
    )
    chess: tuple[str, ...] = _variants("chess")
    xiangqi: tuple[str, ...] = _variants("xiangqi")
    sudoku: tuple[str, ...] = _variants("sudoku")
    go: tuple[str, ...] = _variants("go")


def counterfactual_specs(
    params: GameBoardsParameters, resolutions: tuple[int, ...], edition: int | None = None
) -> Iterator[GameBoardSpec]:
    """Every kept modified board: board by board, variant by variant (release order), at every resolution."""
    for board in BOARDS.values():
        if board.name not in params.boards:
            continue
        kept = getattr(params, board.name)
        for variant in board.variants:
            if variant.name in kept:
                for px in resolutions:
                    yield GameBoardSpec(board=board.name, variant=variant.number, px=px, edition=edition)


def original_specs(
    params: GameBoardsParameters, resolutions: tuple[int, ...], edition: int | None = None
) -> Iterator[GameBoardSpec]:
    """The kept standard boards, each at every resolution."""
    for board in BOARDS.values():
        if board.name in params.boards:
            for px in resolutions:
                yield GameBoardSpec(board=board.name, variant=ORIGINAL, px=px, edition=edition)
