"""VLMBias topic `game_boards`: chess, xiangqi, sudoku and go boards with one row or column added or removed.

Paper preset: 28 variants (8 + 8 + 8 + 4) x 3 resolutions = 84 counterfactual
images, plus the 4 standard boards x 3 resolutions for the `original` split.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from builders.core.errors import SpecError
from builders.core.family import Scene
from builders.core.spec import Spec, expect_spec
from builders.vlmbias.game_boards.board import ROW
from builders.vlmbias.game_boards.questions import counterfactual_questions, original_questions
from builders.vlmbias.game_boards.spec import (
    PRESETS,
    GameBoardSpec,
    counterfactual_specs,
    original_specs,
)
from builders.vlmbias.questions import Question

__all__ = ["TOPIC", "GameBoardSpec", "GameBoardsTopic"]


def _spec(spec: Spec) -> GameBoardSpec:
    return expect_spec(spec, GameBoardSpec, "game_boards")


class GameBoardsTopic:
    """The `game_boards` config of VLMBias."""

    config = "game_boards"
    topic = "Game Boards"
    presets: dict[str, str] = {name: description for name, (description, _) in PRESETS.items()}  # noqa: RUF012
    spec_types: tuple[type[Spec], ...] = (GameBoardSpec,)
    attribution = ""
    card_notes = """\
Empty boards of four games with one row or column added or removed: chess (8 x 8 squares),
xiangqi (10 x 9 lines, river and palaces, the six palace pieces), sudoku (9 x 9 cells with the
classic givens and bold 3 x 3 blocks that keep marking the original blocks) and go (19 x 19
lines with stones). Chess, xiangqi and sudoku have 8 variants ({add, remove} x {row, column} x
{first, last}; xiangqi rows change next to the river), go has 4 (last row or column). The
questions ask about the modified axis. Ground truth: the new count; expected bias: the standard
count (8, 10/9, 9, 19); Q3 ground truth No, bias Yes. Xiangqi images are C x 1.125C pixels.

Differences from the release: boards are drawn by our own SVG code at the release's colours and
proportions; remaining squares keep their colours when a chess row or column changes, and the
xiangqi river and palaces stay with their halves, so first/last and top/bottom variants are
distinct images (in the release some pairs were identical).
"""

    def counterfactuals(self, preset: str) -> Iterator[Spec]:
        """Modified boards in release order, each at every resolution of the preset."""
        return counterfactual_specs(preset)

    def originals(self, preset: str) -> Iterator[Spec]:
        """The four standard boards at every resolution of the preset."""
        return original_specs(preset)

    def image_id(self, spec: Spec, titled: bool) -> str:
        """`chess_grid_07_col_add_first_col_notitle_px1152`; originals `chess_grid_original_px1152`."""
        spec = _spec(spec)
        change = spec.change
        if change is None:
            if titled:
                raise SpecError(f"original boards are not drawn with a title: {spec!r}")
            return f"{spec.board}_grid_original_px{spec.px}"
        title = "withtitle" if titled else "notitle"
        return f"{spec.board}_grid_{change.number:02d}_{change.axis}_{change.name}_{title}_px{spec.px}"

    def row_id(self, image_id: str, question: Question) -> str:
        """The image id with the question type: `..._px1152_Q2`, originals `..._ID` / `..._Q1`."""
        return f"{image_id}_{question.type}"

    def scene(self, spec: Spec) -> Scene:
        """The board drawn in its viewBox, to be rasterised at C x C (xiangqi C x int(1.125 C))."""
        spec = _spec(spec)
        width, height = spec.size
        return Scene(spec.definition.draw(spec.layout), width, height)

    def questions(self, spec: Spec) -> list[Question]:
        """Q1, Q2, Q3 for a modified board; the sanity questions (name it, count rows) for a standard one."""
        spec = _spec(spec)
        change = spec.change
        if change is None:
            return original_questions(spec.definition)
        return counterfactual_questions(spec.definition, change)

    def sub_topic(self, spec: Spec) -> str:
        return _spec(spec).definition.sub_topic

    def title(self, spec: Spec) -> str:
        return _spec(spec).definition.title

    def modification(self, spec: Spec) -> str:
        change = _spec(spec).change
        return "none" if change is None else change.action

    def metadata(self, spec: Spec) -> dict[str, Any]:
        """Board, variant and the resulting size, e.g. rows 7 cols 8 for chess variant 01."""
        spec = _spec(spec)
        board, change, layout = spec.definition, spec.change, spec.layout
        return {
            "board": board.name,
            "variant": spec.variant,
            "variation": "original" if change is None else change.name,
            "axis": "none" if change is None else change.axis,
            "action": "none" if change is None else change.action,
            "position": "none" if change is None else change.position,
            "unit": board.unit,
            "rows": layout.rows,
            "cols": layout.cols,
            "standard_rows": board.rows,
            "standard_cols": board.cols,
            "counted_axis": ROW if change is None else change.axis,
        }


TOPIC = GameBoardsTopic()
