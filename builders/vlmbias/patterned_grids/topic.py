"""VLMBias topic `patterned_grids`: count dots or tally strokes in the one cell that breaks the pattern."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builders.core.scene import Scene
from builders.vlmbias.background import classes, elements, leave_out
from builders.vlmbias.patterned_grids.questions import grid_questions
from builders.vlmbias.patterned_grids.render import grid_scene
from builders.vlmbias.patterned_grids.spec import GridSpec, counterfactual_specs
from builders.vlmbias.questions import Question
from builders.vlmbias.topic import Plan, Topic, titled_form

if TYPE_CHECKING:
    from builders.vlmbias.parameters import VlmBiasParameters

SUB_TOPICS = {"dice": "Dice Pattern", "tally": "Tally Pattern"}
#: The classes of a cell's marks: dice dots (and their replacing shapes) and tally strokes.
MARKS = frozenset({"dot", "stroke"})


class PatternedGrids(Topic[GridSpec]):
    """Dice and tally grids, N = 6..12, one anomaly cell each."""

    config = "patterned_grids"
    topic = "Patterned Grid"
    spec_type = GridSpec
    attribution = ""
    has_originals = False
    card_notes = """\
N x N grids (N = 6..12) in which every cell shows `min(col, N-1-col) + 1` marks (the count depends
on the column only, as in the released images): dice faces or tally marks (four strokes crossed
by a fifth). One interior anomaly cell per image breaks the pattern: dice **remove** (one dot
gone) or **replace** (one dot becomes a square, triangle or star), tally **remove** or **add** one
stroke. Fourteen groups (each N twice, with different anomaly cells) x 4 modifications x 3
resolutions. Ground truth: the marks really in the cell (circles only, for dice replace: std-1);
expected bias: the pattern's count; Q3 ground truth No, bias Yes. Cells are named like
spreadsheet cells (column letter, row number from the top).

Released columns: `ID` `dice_007_remove_notitle_px384_prompt1`, `image_path`
`images/dice_001_replace_C3_notitle_px1152.png` (the anomaly cell in the file name), and the release
generator's `metadata` keys (`group_id, action, grid_type, grid_size, modified_cell, standard_count,
modified_count, target_shape_index, pattern_type, action_description, pixel` plus `remove`, `modify,
type, color` or `add`). There is no `original` split: the paper's sanity check excluded patterned grids
(they exist nowhere but here), and so does the release.

Differences from the release: anomaly cells the release shows (C3, E5, D4, D4, D8 for groups 1, 2, 3,
12, 14) are kept in the canonical edition and the others are drawn with a seeded generator, as are the
dice index and the replacing shape (a fresh edition draws every cell, dot and shape); the geometry (cell
spacing, mark sizes, fonts) is our own.
"""

    background_note = """\
The pattern: every other cell's dice or tally marks, which the paper shows pulling answers to the
surrounding cells' count. The anomaly cell keeps its marks exactly as drawn, and the empty lattice
and its row and column labels stay on the white page, so the questions' cell name ("cell C3")
still points at one cell. `background_removed`: "the other cells' marks".
"""

    def plan(self, params: VlmBiasParameters, edition: int | None) -> Plan[GridSpec]:
        """The counterfactual grids only: the release has no unmodified grids."""
        return Plan(counterfactual_specs(params.patterned_grids, params.resolutions, edition), ())

    def is_original(self, spec: GridSpec) -> bool:
        return False

    def stem(self, spec: GridSpec) -> str:
        """`dice_003_remove`."""
        return f"{spec.pattern}_{spec.group:03d}_{spec.modification}"

    def row_id(self, image_id: str, question: Question) -> str:
        """The released form: `dice_007_remove_notitle_px384_prompt1`."""
        return f"{image_id}_prompt{question.type[1:]}"

    def image_path(self, spec: GridSpec, titled: bool) -> str:
        """As released: `images/dice_001_replace_C3_notitle_px1152.png`."""
        name = f"{self.stem(spec)}_{spec.cell}_notitle_px{spec.px}"
        return f"images/{titled_form(name, spec.px) if titled else name}.png"

    def scene(self, spec: GridSpec) -> Scene:
        return grid_scene(spec)

    def questions(self, spec: GridSpec) -> list[Question]:
        return grid_questions(spec)

    def background(self, spec: GridSpec) -> str:
        return "the other cells' marks"

    def without_background(self, spec: GridSpec, scene: Scene) -> Scene:
        """The anomaly cell's marks in the empty, labelled lattice."""
        anomalous = {id(mark) for cell in elements(scene) if "anomaly" in classes(cell) for mark in cell}
        return leave_out(
            scene, lambda element: bool(classes(element) & MARKS) and id(element) not in anomalous
        )

    def sub_topic(self, spec: GridSpec) -> str:
        return SUB_TOPICS[spec.pattern]

    def title(self, spec: GridSpec) -> str:
        return "Patterned Grid"

    def modification(self, spec: GridSpec) -> str:
        return spec.modification

    def metadata(self, spec: GridSpec) -> dict[str, Any]:
        """The release generator's keys: the group, the change and where, both counts, and the change's
        own flags (`remove`; `modify`, `type`, `color`; `add`)."""
        index = {"remove": spec.dot_index if spec.pattern == "dice" else -1, "replace": spec.dot_index}
        meta: dict[str, Any] = {
            "group_id": spec.group,
            "action": spec.modification,
            "grid_type": spec.pattern,
            "grid_size": f"{spec.size}x{spec.size}",
            "modified_cell": spec.cell,
            "standard_count": spec.standard,
            "modified_count": spec.actual,
            "target_shape_index": index.get(spec.modification),
            "pattern_type": PATTERN_TYPE,
            "action_description": _description(spec),
            "pixel": spec.px,
        }
        if spec.modification == "replace":
            meta.update(modify=True, type=spec.shape, color="black")
        else:
            meta[spec.modification] = True
        return meta


#: The release generator's number for the column pattern every grid here follows.
PATTERN_TYPE = 7


def _description(spec: GridSpec) -> str:
    """The release's `action_description`, e.g. "Group 1, Action: dice replace index 0 in C3 with star"."""
    head = f"Group {spec.group}, Action: {spec.pattern} {spec.modification}"
    if spec.modification == "add":
        return f"{head} to {spec.cell}"
    index = spec.dot_index if spec.pattern == "dice" else -1
    tail = f" with {spec.shape}" if spec.modification == "replace" else ""
    return f"{head} index {index} in {spec.cell}{tail}"


TOPIC = PatternedGrids()
