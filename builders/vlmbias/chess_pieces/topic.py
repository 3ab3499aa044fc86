"""VLMBias topic `chess_pieces`: chess and xiangqi starting positions with one piece removed or replaced.

Paper preset: 2 games x 12 target squares x {remove, replace} x 3 resolutions
= 144 counterfactual images, plus the two starting positions x 3 resolutions
for the `original` split.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builders.core.scene import Scene
from builders.vlmbias.chess_pieces import questions as qa
from builders.vlmbias.chess_pieces import render
from builders.vlmbias.chess_pieces.games import Piece
from builders.vlmbias.chess_pieces.spec import NONE, PieceSpec, counterfactual_specs, original_specs
from builders.vlmbias.questions import Question
from builders.vlmbias.topic import Plan, Topic, titled_form

if TYPE_CHECKING:
    from builders.vlmbias.parameters import VlmBiasParameters


class ChessPiecesTopic(Topic[PieceSpec]):
    """The `chess_pieces` config of VLMBias."""

    config = "chess_pieces"
    topic = "Chess Pieces"
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
board-coloured discs with a ring and a bold glyph in the side colour; Red's knight (the horse) is 馬 like
Black's, as in the release; C x 1.125C pixels), with exactly one piece removed or replaced. Each game
has 12 target squares, each with a remove and a replace variant. In the canonical edition targets seen
in released file names keep their numbers (chess 001 g1, 005 e1, 008 f8, 009 g2, 010 f1; xiangqi 002 e4,
003 e7, 004 a4, 006 i10, 008 i7, 009 d10); the others are drawn by a seeded RNG, without replacement,
from the remaining occupied squares (a fresh edition draws all twelve). A replacement keeps the piece's
colour and takes a type drawn by a seeded RNG among the game's other types (kings, queens and generals
included). Squares: chess in algebraic notation; xiangqi file a-i from the left and rank 1-10 from the
top (Black's side), as released, so i10 is Red's right chariot.

Ground truth and bias: remove asks for all pieces (truth 31, bias 32); replace asks for the added type,
counting both colours (truth = standard count + 1, bias = standard count: chess pawn 16, knight, bishop,
rook 4, queen, king 2; xiangqi soldier 10, general 2, others 4); Q3 ("Is this the chess/Xiangqi
starting position?") truth No, bias Yes. Piece types are named as the release's generator names
them: chess Pawn, Knight, Bishop, Rook, Queen, King; xiangqi Soldier, Knight (the horse), Elephant,
Chariot, Cannon, Advisor, General.

Released columns: `ID` `chess_pieces_004_replace_notitle_px768_prompt2`, `image_path` naming the piece
and square (`images/chess_pieces_001_remove_whiteknight_at_g1_notitle_px1152.png`,
`images/xiangqi_pieces_003_remove_red_soldier_at_e7_notitle_px1152.png`; replace
`..._whitepawn_to_whitebishop_at_e2_...`), and the release generator's `metadata` keys: `group_id`,
`action` (Remove, Replace), `modified_square`, `piece_removed` and `piece_added` ("White Knight";
"N/A" for a removal), `pixel`. Starting positions: our own ids, files and keys.

Differences from the release: the release drew its targets and replacement types with an unseeded RNG,
so targets other than the published ones, and all replacement types, are our own seeded choices; images
are rasterised by resvg rather than cairosvg, and xiangqi glyphs come from the shipped "Xiangqi Glyphs"
font. Replace Q2 ends with a period: the paper's "Count the [Added Piece Type] pieces on this board?"
is a typo the released rows do not keep.
"""

    background_note = """\
The board: its squares (chess), or its wood, lines, palaces, river and frame (xiangqi). The pieces
stay where they stood, exactly as drawn, on a white page, one square (or point) apart as on the
board; the prompts still say "on this board", as released. `background_removed`: "the board".
"""

    def plan(self, params: VlmBiasParameters, edition: int | None) -> Plan[PieceSpec]:
        """Modified positions in release order, then the starting positions, at every resolution."""
        table, resolutions = params.chess_pieces, params.resolutions
        return Plan(
            counterfactual_specs(table, resolutions, edition), original_specs(table, resolutions, edition)
        )

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

    def image_path(self, spec: PieceSpec, titled: bool) -> str:
        """As released: the target's piece and square in the name, `..._remove_red_soldier_at_e7_...`."""
        original = spec.original
        if original is None:
            return super().image_path(spec, titled)
        name = f"{self.stem(spec)}_{_piece_info(spec, original)}_notitle_px{spec.px}"
        return f"images/{titled_form(name, spec.px) if titled else name}.png"

    def scene(self, spec: PieceSpec) -> Scene:
        """The position drawn in its viewBox, to be rasterised at C x C (xiangqi C x int(1.125 C))."""
        return render.scene(spec)

    def questions(self, spec: PieceSpec) -> list[Question]:
        """Q1, Q2, Q3 for a modified position; the sanity questions for a starting position."""
        return qa.questions(spec)

    def background(self, spec: PieceSpec) -> str:
        return "the board"

    def without_background(self, spec: PieceSpec, scene: Scene) -> Scene:
        return render.pieces_alone(spec, scene)

    def sub_topic(self, spec: PieceSpec) -> str:
        return spec.definition.sub_topic

    def title(self, spec: PieceSpec) -> str:
        return spec.definition.title

    def modification(self, spec: PieceSpec) -> str:
        return spec.action

    def metadata(self, spec: PieceSpec) -> dict[str, Any]:
        """The release generator's keys: target number, action, square, the piece removed and the one
        added ("N/A" when removed), resolution; starting positions name the game and its piece count."""
        if spec.original is None:
            return {"game": spec.game, "pieces": spec.definition.count(spec.position), "pixel": spec.px}
        added = _display(spec.original.colour, spec.added) if spec.added else "N/A"
        return {
            "group_id": spec.target,
            "action": spec.action.capitalize(),
            "modified_square": spec.square,
            "piece_removed": _display(spec.original.colour, spec.original.type),
            "piece_added": added,
            "pixel": spec.px,
        }


def _display(colour: str, type_: str) -> str:
    """A piece as the release names it: "White Knight", "Red Soldier"."""
    return f"{colour.capitalize()} {type_.capitalize()}"


def _piece_info(spec: PieceSpec, original: Piece) -> str:
    """The piece part of a released file name: chess joins colour and type (`whiteknight_at_g1`), xiangqi
    keeps an underscore (`red_soldier_at_e7`); a replacement names both (`..._to_whitebishop_at_e2`)."""
    joiner = "" if spec.game == "chess" else "_"

    def name(type_: str) -> str:
        return f"{original.colour}{joiner}{type_}"

    moved = name(original.type) + (f"_to_{name(spec.added)}" if spec.added else "")
    return f"{moved}_at_{spec.square}"


TOPIC = ChessPiecesTopic()
