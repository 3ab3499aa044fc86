"""What a game board is to this topic: its standard size, its variants, its wording and its drawing.

Each board module (`chess.py`, `xiangqi.py`, ...) declares one `Board`; `boards.py`
lists them. A fresh edition keeps every board's size and variants and redraws its
look (`draw(layout, edition)`). A variant adds or removes exactly one row or one column; `Layout`
tells a drawing function the resulting size and where the change happened, so
special marks (sudoku blocks, xiangqi palaces and river) stay on the lines they
belong to.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from builders.core.svg import Canvas

ROW, COL = "row", "col"
ADD, REMOVE = "add", "remove"
FIRST, LAST = "first", "last"


@dataclasses.dataclass(frozen=True)
class Variant:
    """One published modification of a board, numbered as in the release."""

    #: 1-based variant number used in the released ids (`chess_grid_07_...`).
    number: int
    #: The modified axis: `"row"` or `"col"`.
    axis: str
    #: `"add"` or `"remove"`.
    action: str
    #: Where: `"first"`, `"last"`, or a board-specific place such as `"before_river"`.
    position: str
    #: The released variation name, e.g. `"add_first_col"`.
    name: str
    #: Where the row/column goes in (add) or comes out (remove), counted on the standard board from the
    #: top or the left, as the release's `insert_index` / `remove_index`; None: first or last.
    index: int | None = None


def edge_variant(number: int, action: str, position: str, axis: str, name: str = "") -> Variant:
    """A variant at the first or last row/column, named like the release (`remove_last_row`)."""
    return Variant(number, axis, action, position, name or f"{action}_{position}_{axis}")


@dataclasses.dataclass(frozen=True)
class Layout:
    """The size of a (possibly modified) board and the change that made it."""

    #: Rows (or horizontal lines) of the standard board.
    standard_rows: int
    #: Columns (or vertical lines) of the standard board.
    standard_cols: int
    #: The change, or None for the standard board.
    variant: Variant | None = None

    def _delta(self, axis: str) -> int:
        if self.variant is None or self.variant.axis != axis:
            return 0
        return 1 if self.variant.action == ADD else -1

    @property
    def rows(self) -> int:
        """Rows after the change."""
        return self.standard_rows + self._delta(ROW)

    @property
    def cols(self) -> int:
        """Columns after the change."""
        return self.standard_cols + self._delta(COL)

    def shift(self, axis: str) -> int:
        """How far the standard board's origin moved along `axis`: +1 (first added), -1 (first removed), 0.

        A standard index `i` sits at index `i + shift` of the modified board.
        """
        if self.variant is None or self.variant.axis != axis or self.variant.position != FIRST:
            return 0
        return self._delta(axis)


@dataclasses.dataclass(frozen=True)
class Board:
    """Everything the topic needs to know about one board game."""

    #: Id prefix and metadata name, e.g. `"chess"`.
    name: str
    #: Title drawn in the `withtitle` bar and the released default title, e.g. `"Chess"`.
    title: str
    #: Released `sub_topic`, e.g. `"Chess Grid"`.
    sub_topic: str
    #: Answer to "What board game is this?".
    game: str
    #: Standard rows (chess/sudoku) or horizontal lines (xiangqi/go).
    rows: int
    #: Standard columns or vertical lines.
    cols: int
    #: What is counted along each axis in the prompts: {"row": "rows", "col": "columns"}.
    nouns: dict[str, str]
    #: The counted thing's container in the prompts: `"board"` or `"puzzle"`.
    subject: str
    #: Q3 text without the answer instruction, e.g. `"Is this a 8x8 Chessboard?"`.
    identity: str
    #: The published variants in release order.
    variants: tuple[Variant, ...]
    #: Draws a layout in a resolution-independent viewBox, in an edition (None: the canonical one; a
    #: seed redraws what the paper leaves free: colours, stones, the puzzle's digits).
    draw: Callable[[Layout, int | None], Canvas]
    #: What the rows/cols are ("squares", "lines", "cells"), for metadata.
    unit: str
    #: Output height / width; the released xiangqi images are C x int(1.125 C).
    aspect: float = 1.0
    #: Whether the release names this board's images without the axis and `notitle`, as its go
    #: generator did (`go_grid_01_remove_row_px1152`), instead of `chess_grid_01_row_..._notitle_px1152`.
    bare_ids: bool = False
    #: The class of what is set on the board rather than drawn as it (pieces, stones, printed digits;
    #: "" for nothing) and what they are: a background-removed image leaves them out.
    placed: str = ""
    placed_name: str = "nothing"

    def variant(self, number: int) -> Variant:
        """The variant with this published number."""
        for variant in self.variants:
            if variant.number == number:
                return variant
        raise KeyError(number)

    def layout(self, variant: Variant | None) -> Layout:
        """The board after `variant` (None: the standard board)."""
        return Layout(self.rows, self.cols, variant)

    def index(self, variant: Variant) -> int:
        """The released `insert_index` / `remove_index`: 0 for the first row or column; the standard
        count (add) or count - 1 (remove) for the last; the variant's own index elsewhere (xiangqi river).

        >>> from builders.vlmbias.boards.boards import BOARDS
        >>> [BOARDS["chess"].index(v) for v in BOARDS["chess"].variants]
        [0, 7, 0, 8, 0, 7, 0, 8]
        """
        if variant.index is not None:
            return variant.index
        if variant.position == FIRST:
            return 0
        count = self.rows if variant.axis == ROW else self.cols
        return count if variant.action == ADD else count - 1
