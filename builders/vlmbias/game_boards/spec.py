"""The game-board spec (board, published variant number, resolution) and the specs each preset plans."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import ClassVar

from builders.core.errors import SpecError, UsageError
from builders.vlmbias.boards.board import Board, Layout, Variant
from builders.vlmbias.boards.boards import BOARDS
from builders.vlmbias.spec import RESOLUTIONS, VlmBiasSpec

#: Variant number of the unmodified board (the `original` split).
ORIGINAL = 0

#: preset -> (one-line description, resolutions drawn).
PRESETS: dict[str, tuple[str, tuple[int, ...]]] = {
    "paper": ("28 board variants (chess, xiangqi, sudoku 8 each; go 4) at 384, 768 and 1152 px", RESOLUTIONS),
    "lite": ("the same 28 board variants at 384 px only", (384,)),
}


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


def resolutions(preset: str) -> tuple[int, ...]:
    """The resolutions a preset draws."""
    if preset not in PRESETS:
        raise UsageError(f"unknown preset {preset!r} for game_boards; choose from: {', '.join(PRESETS)}")
    return PRESETS[preset][1]


def counterfactual_specs(preset: str) -> Iterator[GameBoardSpec]:
    """Every modified board of `preset`: board by board, variant by variant, each at every resolution."""
    pixels = resolutions(preset)
    for board in BOARDS.values():
        for variant in board.variants:
            for px in pixels:
                yield GameBoardSpec(board=board.name, variant=variant.number, px=px)


def original_specs(preset: str) -> Iterator[GameBoardSpec]:
    """The standard boards of `preset`, each at every resolution."""
    pixels = resolutions(preset)
    for board in BOARDS.values():
        for px in pixels:
            yield GameBoardSpec(board=board.name, variant=ORIGINAL, px=px)
