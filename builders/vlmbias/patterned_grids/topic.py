"""VLMBias topic `patterned_grids`: count dots or tally strokes in the one cell that breaks the pattern."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from builders.core.scene import Scene
from builders.vlmbias.patterned_grids.questions import grid_questions
from builders.vlmbias.patterned_grids.render import grid_scene
from builders.vlmbias.patterned_grids.spec import GridSpec, counterfactual_specs, original_specs
from builders.vlmbias.questions import Question
from builders.vlmbias.topic import Plan, Topic

SUB_TOPICS = {"dice": "Dice Pattern", "tally": "Tally Pattern"}


class PatternedGrids(Topic[GridSpec]):
    """Dice and tally grids, N = 6..12, one anomaly cell each."""

    config = "patterned_grids"
    topic = "Patterned Grid"
    presets: ClassVar[Mapping[str, str]] = {
        "paper": "14 groups (N = 6..12, two anomaly cells each) x 4 modifications x 3 sizes = 168 images",
        "lite": "3 groups (N = 6, 9, 12) x 4 modifications at 384 px = 12 images",
    }
    spec_type = GridSpec
    attribution = ""
    card_notes = """\
N x N grids (N = 6..12) in which every cell shows `min(col, N-1-col) + 1` marks (the count depends
on the column only, as in the released images): dice faces or tally marks (four strokes crossed
by a fifth). One interior anomaly cell per image breaks the pattern: dice **remove** (one dot
gone) or **replace** (one dot becomes a square, triangle or star), tally **remove** or **add** one
stroke. Fourteen groups (each N twice, with different anomaly cells) x 4 modifications x 3
resolutions. Ground truth: the marks really in the cell (circles only, for dice replace: std-1);
expected bias: the pattern's count; Q3 ground truth No, bias Yes. Cells are named like
spreadsheet cells (column letter, row number from the top).

Differences from the release: anomaly cells visible in the released images (C3, E5, D4, D4 for
groups 1, 2, 3, 12) are kept and the others are drawn with a seeded generator; the geometry
(cell spacing, mark sizes, fonts) is our own. The `original` split holds each group's unmodified
grid with the counting questions (the paper's sanity check excluded grids).
"""

    def plan(self, preset: str) -> Plan[GridSpec]:
        return Plan(counterfactual_specs(preset), original_specs(preset))

    def is_original(self, spec: GridSpec) -> bool:
        return spec.modification == "none"

    def stem(self, spec: GridSpec) -> str:
        """`dice_003_remove`; originals `dice_003`."""
        group = f"{spec.pattern}_{spec.group:03d}"
        return group if self.is_original(spec) else f"{group}_{spec.modification}"

    def row_id(self, image_id: str, question: Question) -> str:
        return f"{image_id}_prompt{question.type[1:]}"

    def scene(self, spec: GridSpec) -> Scene:
        return grid_scene(spec)

    def questions(self, spec: GridSpec) -> list[Question]:
        return grid_questions(spec)

    def sub_topic(self, spec: GridSpec) -> str:
        return SUB_TOPICS[spec.pattern]

    def title(self, spec: GridSpec) -> str:
        return "Patterned Grid"

    def modification(self, spec: GridSpec) -> str:
        return spec.modification

    def metadata(self, spec: GridSpec) -> dict[str, Any]:
        return {
            "group_id": spec.group,
            "grid_type": spec.pattern,
            "grid_size": spec.size,
            "action_type": spec.modification,
            "anomaly_cell": spec.cell,
            "anomaly_row": spec.row,
            "anomaly_col": spec.col,
            "standard_count": spec.standard,
            "actual_count": spec.actual,
            "dot_index": spec.dot_index if spec.pattern == "dice" else None,
            "replacement_shape": spec.shape or None,
        }


TOPIC = PatternedGrids()
