"""VLMBias topic `game_boards`: chess, xiangqi, sudoku and go boards with one row or column added or removed.

Paper preset: 28 variants (8 + 8 + 8 + 4) x 3 resolutions = 84 counterfactual
images, plus the 4 standard boards x 3 resolutions for the `original` split.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from builders.core.scene import Scene
from builders.vlmbias.boards.board import ROW
from builders.vlmbias.game_boards.questions import counterfactual_questions, original_questions
from builders.vlmbias.game_boards.spec import (
    PRESETS,
    GameBoardSpec,
    counterfactual_specs,
    original_specs,
)
from builders.vlmbias.questions import Question
from builders.vlmbias.topic import Plan, Topic


class GameBoardsTopic(Topic[GameBoardSpec]):
    """The `game_boards` config of VLMBias."""

    config = "game_boards"
    topic = "Game Boards"
    presets: ClassVar[Mapping[str, str]] = {name: description for name, (description, _) in PRESETS.items()}
    spec_type = GameBoardSpec
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

    def plan(self, preset: str) -> Plan[GameBoardSpec]:
        """Modified boards in release order, then the four standard boards, at every resolution."""
        return Plan(counterfactual_specs(preset), original_specs(preset))

    def is_original(self, spec: GameBoardSpec) -> bool:
        return spec.change is None

    def stem(self, spec: GameBoardSpec) -> str:
        """`chess_grid_07_col_add_first_col`; originals `chess_grid`."""
        change = spec.change
        if change is None:
            return f"{spec.board}_grid"
        return f"{spec.board}_grid_{change.number:02d}_{change.axis}_{change.name}"

    def row_id(self, image_id: str, question: Question) -> str:
        """The image id with the question type: `..._px1152_Q2`, originals `..._ID` / `..._Q1`."""
        return f"{image_id}_{question.type}"

    def scene(self, spec: GameBoardSpec) -> Scene:
        """The board drawn in its viewBox, to be rasterised at C x C (xiangqi C x int(1.125 C))."""
        width, height = spec.size
        return Scene(spec.definition.draw(spec.layout), width, height)

    def questions(self, spec: GameBoardSpec) -> list[Question]:
        """Q1, Q2, Q3 for a modified board; the sanity questions (name it, count rows) for a standard one."""
        change = spec.change
        if change is None:
            return original_questions(spec.definition)
        return counterfactual_questions(spec.definition, change)

    def sub_topic(self, spec: GameBoardSpec) -> str:
        return spec.definition.sub_topic

    def title(self, spec: GameBoardSpec) -> str:
        return spec.definition.title

    def modification(self, spec: GameBoardSpec) -> str:
        change = spec.change
        return "none" if change is None else change.action

    def metadata(self, spec: GameBoardSpec) -> dict[str, Any]:
        """Board, variant and the resulting size, e.g. rows 7 cols 8 for chess variant 01."""
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
