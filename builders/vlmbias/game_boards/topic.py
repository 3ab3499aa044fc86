"""VLMBias topic `game_boards`: chess, xiangqi, sudoku and go boards with one row or column added or removed.

Paper preset: 28 variants (8 + 8 + 8 + 4) x 3 resolutions = 84 counterfactual
images, plus the 4 standard boards x 3 resolutions for the `original` split.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builders.core.scene import Scene
from builders.vlmbias.background import classes, leave_out
from builders.vlmbias.boards.board import ROW, Board, Layout, Variant
from builders.vlmbias.game_boards.questions import counterfactual_questions, original_questions
from builders.vlmbias.game_boards.spec import GameBoardSpec, counterfactual_specs, original_specs
from builders.vlmbias.questions import Question
from builders.vlmbias.topic import Plan, Topic, titled_form

if TYPE_CHECKING:
    from builders.vlmbias.parameters import VlmBiasParameters


class GameBoardsTopic(Topic[GameBoardSpec]):
    """The `game_boards` config of VLMBias."""

    config = "game_boards"
    topic = "Game Boards"
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

Released columns: `ID` `chess_grid_07_col_add_first_col_notitle_px1152_Q2` (go, as its generator named
it: `go_grid_01_remove_row_px1152_Q1`), `image_path` the same name (`images/go_grid_03_add_row_px1152.png`),
and the release generators' `metadata` keys: `action` (`remove_row`, `add_column`, ...),
`dimension_modified, original_dimensions, new_dimensions` ("7x8"), `insert_index` or `remove_index`
(on the standard board, from the top or left; xiangqi's river rows 4, 5 and insertions 5, 6), `pixel`;
sudoku's generator wrote `action` add/remove with `position` first/last, `visual_cue` and
`show_coordinates`. The chess-grid generator of the release is not public (its first commit's
`chess_grid_generator.py` holds the xiangqi one); chess rows use the keys the other three share.

Differences from the release: boards are drawn by our own SVG code at the release's colours (a fresh
edition draws other board colours, go stones and sudoku givens) and proportions; remaining squares keep
their colours when a chess row or column changes, and the xiangqi river and palaces stay with their
halves, so first/last and top/bottom variants are distinct images (in the release some pairs were
identical).
"""

    background_note = """\
What is set on the board rather than drawn as it: go's stones, sudoku's givens and xiangqi's six
palace pieces. The board itself is what the questions count, so its lines or squares, wood,
palaces, river, star points, bold blocks and frame all stay exactly as drawn; the chess board holds
nothing, so its background-removed image is its `main` image. `background_removed`: "the stones",
"the givens", "the palace pieces" or "nothing".
"""

    def plan(self, params: VlmBiasParameters, edition: int | None) -> Plan[GameBoardSpec]:
        """Modified boards in release order, then the standard boards, at every resolution."""
        table, resolutions = params.game_boards, params.resolutions
        return Plan(
            counterfactual_specs(table, resolutions, edition), original_specs(table, resolutions, edition)
        )

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

    def released_id(self, spec: GameBoardSpec, question: Question, titled: bool) -> str:
        """`chess_grid_07_col_add_first_col_notitle_px1152_Q2`; go `go_grid_01_remove_row_px1152_Q1`;
        a standard board (the release shows no id for it) ours, `chess_grid_original_px1152_ID`."""
        if spec.change is None:
            return super().released_id(spec, question, titled)
        return f"{self._released_name(spec, titled)}_{question.type}"

    def image_path(self, spec: GameBoardSpec, titled: bool) -> str:
        return f"images/{self._released_name(spec, titled)}.png"

    def _released_name(self, spec: GameBoardSpec, titled: bool) -> str:
        """The released file name without `.png`: our image id, except go's bare form and the standard
        boards' `chess_grid_standard_notitle_px1152` (the project site's unmodified human-study images)."""
        change = spec.change
        if change is None:
            return f"{spec.board}_grid_standard_notitle_px{spec.px}"
        if not spec.definition.bare_ids:
            return self.image_id(spec, titled)
        name = f"{spec.board}_grid_{change.number:02d}_{change.name}_px{spec.px}"
        return titled_form(name, spec.px) if titled else name

    def scene(self, spec: GameBoardSpec) -> Scene:
        """The board drawn in its viewBox, to be rasterised at C x C (xiangqi C x int(1.125 C))."""
        width, height = spec.size
        return Scene(spec.definition.draw(spec.layout, spec.edition), width, height)

    def questions(self, spec: GameBoardSpec) -> list[Question]:
        """Q1, Q2, Q3 for a modified board; the sanity questions (name it, count rows) for a standard one."""
        change = spec.change
        if change is None:
            return original_questions(spec.definition)
        return counterfactual_questions(spec.definition, change)

    def background(self, spec: GameBoardSpec) -> str:
        return spec.definition.placed_name

    def without_background(self, spec: GameBoardSpec, scene: Scene) -> Scene:
        """The board without what is set on it; a board holding nothing is its own scene."""
        placed = spec.definition.placed
        if not placed:
            return scene
        return leave_out(scene, lambda element: placed in classes(element))

    def sub_topic(self, spec: GameBoardSpec) -> str:
        return spec.definition.sub_topic

    def title(self, spec: GameBoardSpec) -> str:
        return spec.definition.title

    def modification(self, spec: GameBoardSpec) -> str:
        change = spec.change
        return "none" if change is None else change.action

    def metadata(self, spec: GameBoardSpec) -> dict[str, Any]:
        """The release generators' keys (see `released_metadata`); a standard board: its size."""
        board, change = spec.definition, spec.change
        if change is None:
            return {"board": board.name, "original_dimensions": _size(board.layout(None)), "pixel": spec.px}
        return released_metadata(board, change, spec.px)


def _size(layout: Layout) -> str:
    return f"{layout.rows}x{layout.cols}"


def released_metadata(board: Board, change: Variant, px: int) -> dict[str, Any]:
    """`action`, `dimension_modified`, the sizes before and after, the insert or remove index and `pixel`,
    as the release's generators wrote them (sudoku's adds `position`, `visual_cue`, `show_coordinates`).

    >>> from builders.vlmbias.boards.boards import BOARDS
    >>> released_metadata(BOARDS["go"], BOARDS["go"].variant(3), 384)["new_dimensions"]
    '20x19'
    """
    layout = board.layout(change)
    sudoku = board.name == "sudoku"
    word = {ROW: "row", "col": "column"}[change.axis]
    meta: dict[str, Any] = {
        "action": change.action if sudoku else f"{change.action}_{word}",
        "dimension_modified": change.axis,
        "original_dimensions": _size(board.layout(None)),
        "new_dimensions": _size(layout),
        f"{'insert' if change.action == 'add' else 'remove'}_index": board.index(change),
        "pixel": px,
    }
    if sudoku:
        meta["position"] = change.position
        meta.update(visual_cue="original_structure_bold_lines", show_coordinates=False)
    return meta


TOPIC = GameBoardsTopic()
