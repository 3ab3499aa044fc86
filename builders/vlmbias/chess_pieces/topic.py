"""VLMBias topic `chess_pieces`: chess and xiangqi starting positions with one piece removed or replaced.

Paper preset: 2 games x 12 target squares x {remove, replace} x 3 resolutions
= 144 counterfactual images, plus the two starting positions x 3 resolutions
for the `original` split.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from builders.core.scene import Scene
from builders.vlmbias.chess_pieces import questions as qa
from builders.vlmbias.chess_pieces import render
from builders.vlmbias.chess_pieces.spec import (
    NONE,
    PRESETS,
    PieceSpec,
    counterfactual_specs,
    original_specs,
)
from builders.vlmbias.questions import Question
from builders.vlmbias.topic import Plan, Topic


class ChessPiecesTopic(Topic[PieceSpec]):
    """The `chess_pieces` config of VLMBias."""

    config = "chess_pieces"
    topic = "Chess Pieces"
    presets: ClassVar[Mapping[str, str]] = {name: description for name, (description, _) in PRESETS.items()}
    spec_type = PieceSpec
    attribution = (
        "Western chess pieces in `chess_pieces` are the Cburnett set by Colin M.L. Burnett "
        "(Wikimedia Commons), as embedded in python-chess 1.11.2 (`chess.svg`, by Niklas Fiekas, "
        "GPL-3.0-or-later). python-chess's documentation states that these piece images are "
        "triple-licensed under the GFDL, BSD and GPL; they are used here under the BSD license."
    )
    card_notes = """\
The standard starting positions of western chess (drawn with python-chess's `chess.svg.board`, default
colours, no coordinates, C x C pixels) and xiangqi (the `game_boards` xiangqi board with all 32 pieces:
board-coloured discs with a ring and a bold glyph in the side colour; Red's horse is 馬 like Black's, as
in the release; C x 1.125C pixels), with exactly one piece removed or replaced. Each game has 12 target
squares, each with a remove and a replace variant. Targets seen in released file names keep their
numbers (chess 001 g1, 005 e1, 008 f8, 009 g2, 010 f1; xiangqi 002 e4, 003 e7, 004 a4, 006 i10,
008 i7, 009 d10); the others are drawn by a seeded RNG, without replacement, from the remaining occupied
squares. A replacement keeps the piece's colour and takes a type drawn by a seeded RNG among the game's
other types (kings, queens and generals included). Squares: chess in algebraic notation; xiangqi file
a-i from the left and rank 1-10 from the top (Black's side), as released, so i10 is Red's right chariot.

Ground truth and bias: remove asks for all pieces (truth 31, bias 32); replace asks for the added type,
counting both colours (truth = standard count + 1, bias = standard count: chess pawn 16, knight, bishop,
rook 4, queen, king 2; xiangqi soldier 10, general 2, others 4); Q3 ("Is this the chess/Xiangqi
starting position?") truth No, bias Yes. `metadata` holds the target, the original piece, the added
type, the counts before and after, and the drawn placement in FEN notation (xiangqi letters r n b a k c
p, Red in upper case, top rank first).

Differences from the release: the release drew its targets and replacement types with an unseeded RNG,
so targets other than the published ones, and all replacement types, are our own seeded choices; images
are rasterised by resvg rather than cairosvg, and xiangqi glyphs come from the shipped "Xiangqi Glyphs"
font. Replace Q2 ends with a period: the paper's "Count the [Added Piece Type] pieces on this board?"
is a typo the released rows do not keep.
"""

    def plan(self, preset: str) -> Plan[PieceSpec]:
        """Modified positions in release order, then the two starting positions, at every resolution."""
        return Plan(counterfactual_specs(preset), original_specs(preset))

    def is_original(self, spec: PieceSpec) -> bool:
        return spec.action == NONE

    def stem(self, spec: PieceSpec) -> str:
        """`chess_pieces_004_replace`; originals `xiangqi_pieces`."""
        if self.is_original(spec):
            return f"{spec.game}_pieces"
        return f"{spec.game}_pieces_{spec.target:03d}_{spec.action}"

    def row_id(self, image_id: str, question: Question) -> str:
        """The image id with the question: `..._px768_prompt2`; the naming question `..._ID`."""
        return f"{image_id}_ID" if question.type == "ID" else f"{image_id}_prompt{question.type[1:]}"

    def scene(self, spec: PieceSpec) -> Scene:
        """The position drawn in its viewBox, to be rasterised at C x C (xiangqi C x int(1.125 C))."""
        return render.scene(spec)

    def questions(self, spec: PieceSpec) -> list[Question]:
        """Q1, Q2, Q3 for a modified position; the sanity questions for a starting position."""
        return qa.questions(spec)

    def sub_topic(self, spec: PieceSpec) -> str:
        return spec.definition.sub_topic

    def title(self, spec: PieceSpec) -> str:
        return spec.definition.title

    def modification(self, spec: PieceSpec) -> str:
        return spec.action

    def metadata(self, spec: PieceSpec) -> dict[str, Any]:
        """Game, target, the piece removed or replaced, what is counted and the counts before and after."""
        game, original, position = spec.definition, spec.original, spec.position
        count_after, standard = qa.counts(spec)
        return {
            "game": spec.game,
            "target_index": spec.target or None,
            "target_square": spec.square or None,
            "original_colour": None if original is None else original.colour,
            "original_type": None if original is None else original.type,
            "action": spec.action,
            "added_type": spec.added or None,
            "counted_type": qa.counted(spec) or "all",
            "count_before": standard,
            "count_after": count_after,
            "standard_count": standard,
            "pieces_before": game.count(game.start),
            "pieces_after": game.count(position),
            "placement": game.placement(position),
        }


TOPIC = ChessPiecesTopic()
