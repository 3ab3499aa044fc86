"""Tests of the VLMBias `chess_pieces` topic: targets, specs, questions, ids, and pixel audits of every
paper image.

The pixel audits read each board from its pixels alone: chess squares from the
8 x 8 checker pattern, xiangqi pieces as round board-coloured discs with glyph
ink inside. Each piece is recognised by comparing its ink with the pieces of
the unmodified starting position at the same resolution (whose squares are a
fact of the game, stated below), so the whole drawn position, not just a count,
is checked against the row's metadata.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

import chess
import numpy as np
import pytest
from PIL import Image
from scipy import ndimage

from builders.core.errors import SpecError
from builders.core.raster import decode_png, rasterize
from builders.vlmbias.chess_pieces.spec import PieceSpec, draw_targets, targets
from builders.vlmbias.chess_pieces.topic import ChessPiecesTopic
from builders.vlmbias.parameters import PRESETS
from builders.vlmbias.questions import NUMBER_SUFFIX, YES_NO_SUFFIX
from tests.pixels import crop_title

TOPIC = ChessPiecesTopic()
PAPER, LITE = PRESETS["paper"], PRESETS["lite"]

# --------------------------------------------------------------------------- facts, stated independently

GAMES = ("chess", "xiangqi")
#: Starting positions as FEN placements, top row first (xiangqi: Black at the top, Red in upper case).
START_PLACEMENT = {
    "chess": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "xiangqi": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
}
LETTERS = {
    "chess": {"p": "pawn", "n": "knight", "b": "bishop", "r": "rook", "q": "queen", "k": "king"},
    "xiangqi": {
        "p": "soldier", "n": "knight", "b": "elephant", "r": "chariot", "c": "cannon", "a": "advisor",
        "k": "general",
    },
}  # fmt: skip
UPPER_CASE_SIDE = {"chess": "white", "xiangqi": "red"}
LOWER_CASE_SIDE = {"chess": "black", "xiangqi": "black"}
#: Both-colour count of each type in the starting position (the expected bias of replace questions).
STANDARD = {
    "chess": {"pawn": 16, "knight": 4, "bishop": 4, "rook": 4, "queen": 2, "king": 2},
    "xiangqi": {
        "soldier": 10, "knight": 4, "elephant": 4, "chariot": 4, "cannon": 4, "advisor": 4, "general": 2,
    },
}  # fmt: skip
SUB_TOPICS = {"Chess Pieces": "chess", "Xiangqi Pieces": "xiangqi"}
TITLES = {"chess": "Chess starting position", "xiangqi": "Xiangqi starting position"}
#: Targets visible in released file names: game -> {number: square}.
PUBLISHED = {
    "chess": {1: "g1", 5: "e1", 8: "f8", 9: "g2", 10: "f1"},
    "xiangqi": {2: "e4", 3: "e7", 4: "a4", 6: "i10", 8: "i7", 9: "d10"},
}
#: python-chess default square colours and the xiangqi board colour (only used to find things in pixels).
CHESS_LIGHT, CHESS_DARK = (255, 206, 158), (209, 139, 71)
XIANGQI_BOARD = (249, 233, 169)

Position = dict[str, tuple[str, str]]  # square -> (colour, type)
Squares = tuple[tuple[int, int, int], tuple[int, int, int]]  # (light, dark) colours of a chess board
BOARD: Squares = (CHESS_LIGHT, CHESS_DARK)


def square_name(game: str, file: int, row: int) -> str:
    """Square on file `file` (0 = left) and row `row` (0 = top): chess ranks count up from the bottom,
    xiangqi ranks (as released) count down from the top."""
    rank = 8 - row if game == "chess" else row + 1
    return f"{'abcdefghi'[file]}{rank}"


def parse_placement(game: str, placement: str) -> Position:
    position: Position = {}
    for row, text in enumerate(placement.split("/")):
        file = 0
        for char in text:
            if char.isdigit():
                file += int(char)
                continue
            colour = UPPER_CASE_SIDE[game] if char.isupper() else LOWER_CASE_SIDE[game]
            position[square_name(game, file, row)] = (colour, LETTERS[game][char.lower()])
            file += 1
    return position


START = {game: parse_placement(game, START_PLACEMENT[game]) for game in GAMES}


def expected_position(game: str, metadata: dict) -> Position:
    """The starting position with the row's target removed or replaced, from the released metadata
    fields only (`action` Remove/Replace, `modified_square`, `piece_removed`, `piece_added`)."""
    position = dict(START[game])
    if "action" not in metadata:  # a starting position
        return position
    square = metadata["modified_square"]
    colour, type_ = position[square]
    assert metadata["piece_removed"] == f"{colour.capitalize()} {type_.capitalize()}"
    if metadata["action"] == "Remove":
        assert metadata["piece_added"] == "N/A"
        del position[square]
    else:
        assert metadata["action"] == "Replace"
        added_colour, added = metadata["piece_added"].lower().split()
        assert added_colour == colour
        position[square] = (colour, added)
    return position


def scene_height(game: str, px: int) -> int:
    return int(1.125 * px) if game == "xiangqi" else px


# --------------------------------------------------------------------------- pixel measuring


def near(rgb: np.ndarray, colour: tuple[int, int, int], tolerance: int) -> np.ndarray:
    """Pixels within `tolerance` of `colour` in every channel."""
    return (np.abs(rgb.astype(np.int16) - np.array(colour, dtype=np.int16)) <= tolerance).all(axis=-1)


def iou(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over union of two boolean masks of one shape."""
    union = int((a | b).sum())
    return int((a & b).sum()) / union if union else 0.0


def chess_ink(rgb: np.ndarray) -> np.ndarray:
    """How black and how white each pixel is, 0..1 (neither board colour counts): shape (2, h, w)."""
    pixels = rgb.astype(np.float32)
    black = np.clip((120 - pixels.max(axis=-1)) / 120, 0, 1)
    white = np.clip((pixels.min(axis=-1) - 200) / 55, 0, 1)
    return np.stack([black, white])


def xiangqi_ink(rgb: np.ndarray) -> np.ndarray:
    """How black and how red each pixel is, 0..1 (the board and the orange frame count as neither)."""
    pixels = rgb.astype(np.float32)
    black = np.clip((200 - pixels.max(axis=-1)) / 200, 0, 1)
    red = np.clip((pixels[..., 0] - pixels[..., 1:].max(axis=-1) - 120) / 135, 0, 1)
    return np.stack([black, red])


def chess_pieces_in(rgb: np.ndarray, squares: Squares = BOARD) -> dict[str, np.ndarray]:
    """Occupied squares of a chess image -> the piece's ink: (black, white) maps of the square's middle.

    The image must be exactly the 8 x 8 board: every square's corners show its plain colour (`squares`:
    light at the top-left (a8), then dark, alternating). A square is occupied when its middle differs
    from that colour.
    """
    size = rgb.shape[0]
    assert rgb.shape[:2] == (size, size) and size % 8 == 0, f"not an 8 x 8 board image: {rgb.shape}"
    side = size // 8
    light = (np.add.outer(np.arange(size) // side, np.arange(size) // side) % 2 == 0)[..., None]
    plain = np.where(light, np.array(squares[0], np.int16), np.array(squares[1], np.int16))
    off = (np.abs(rgb.astype(np.int16) - plain) > 24).any(axis=-1).reshape(8, side, 8, side)
    corner, margin = max(2, side // 12), side // 10
    for ys in (slice(0, corner), slice(side - corner, side)):
        for xs in (slice(0, corner), slice(side - corner, side)):
            assert not off[:, ys, :, xs].any(), "square corners are not the alternating board colours"
    middle = slice(margin, side - margin)
    occupied = off[:, middle, :, middle].mean(axis=(1, 3)) > 0.03
    ink = chess_ink(rgb).reshape(2, 8, side, 8, side)
    pieces = {}
    for row, col in zip(*np.nonzero(occupied), strict=True):
        piece = ink[:, row, middle, col, middle]
        assert (piece[0] > 0.5).mean() > 0.02, f"square {row},{col}: no black outline or body of a piece"
        pieces[square_name("chess", int(col), int(row))] = piece
    return pieces


def xiangqi_pieces_in(rgb: np.ndarray) -> dict[str, np.ndarray]:
    """Pieces of a xiangqi image -> the glyph's ink: (black, red) maps of a disc at the piece centre.

    A piece is a round patch of board colour closed off by its outline, once its glyph (and ring) are
    filled in; grid cells are not round. Its glyph must be inked in the middle in one side colour.
    Squares come from the pieces' own grid: the outer files and the top and bottom ranks are always
    occupied, and lines are evenly spaced.
    """
    solid = ndimage.binary_fill_holes(near(rgb, XIANGQI_BOARD, 40))
    labels, count = ndimage.label(solid)
    areas = np.bincount(labels.ravel(), minlength=count + 1)
    discs = []
    for index, box in enumerate(ndimage.find_objects(labels), start=1):
        height, width = box[0].stop - box[0].start, box[1].stop - box[1].start
        if min(height, width) < 10 or not 0.9 <= height / width <= 1.1:
            continue
        if not 0.7 <= areas[index] / (height * width) <= 0.86:  # a disc fills pi/4 of its box
            continue
        disc = labels[box] == index
        ys, xs = np.nonzero(disc)
        cy, cx = ys.mean(), xs.mean()
        # Compare with the circle of equal area around the centroid (room around it: a square sticks out).
        pad = height // 4
        yy, xx = np.mgrid[-pad : height + pad, -pad : width + pad]
        circle = (yy - cy) ** 2 + (xx - cx) ** 2 <= areas[index] / np.pi
        if iou(np.pad(disc, pad), circle) >= 0.9:
            discs.append((box[0].start + cy, box[1].start + cx, np.sqrt(areas[index] / np.pi)))
    assert discs, "no xiangqi pieces found"
    # The glyph lies within 0.7 of the disc radius; the ring (when it is inside the disc) lies beyond.
    half = round(0.7 * float(np.median([radius for _, _, radius in discs])))
    yy, xx = np.mgrid[-half : half + 1, -half : half + 1]
    window = yy**2 + xx**2 <= half**2
    ys, xs = [disc[0] for disc in discs], [disc[1] for disc in discs]
    dy, dx = (max(ys) - min(ys)) / 9, (max(xs) - min(xs)) / 8
    pieces = {}
    for y, x, _ in discs:
        row, file = round((y - min(ys)) / dy), round((x - min(xs)) / dx)
        assert abs(y - min(ys) - row * dy) < 0.1 * dy and abs(x - min(xs) - file * dx) < 0.1 * dx, (y, x)
        name = square_name("xiangqi", file, row)
        assert name not in pieces, f"two pieces on {name}"
        around = (slice(round(y) - half, round(y) + half + 1), slice(round(x) - half, round(x) + half + 1))
        # A slight blur: a glyph drawn half a pixel off still overlaps its reference.
        ink = ndimage.gaussian_filter(xiangqi_ink(rgb[around]), (0, 0.7, 0.7)) * window
        amounts = sorted(ink.sum(axis=(1, 2)) / window.sum())
        assert amounts[1] > 0.06, f"glyph missing in the piece on {name}: ink {amounts[1]:.3f}"
        assert amounts[0] < 0.1 * amounts[1], f"the glyph on {name} is in two colours"
        pieces[name] = ink
    return pieces


#: How far (px) a xiangqi glyph may sit from the reference's: its centre is found to within a pixel.
SHIFTS = {"chess": ((0, 0),), "xiangqi": tuple((dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1))}
#: (least score, least lead over the runner-up) a recognised piece needs: chess pieces sit on whole
#: pixels and match almost exactly; small glyphs match less well but still clearly.
CLEAR = {"chess": (0.9, 0.3), "xiangqi": (0.7, 0.15)}


def read(
    game: str, image: Image.Image, squares: Squares = (CHESS_LIGHT, CHESS_DARK)
) -> dict[str, np.ndarray]:
    """The pieces of a board image, read at about 384 pixels across: larger images are first reduced by
    averaging 2 x 2 or 3 x 3 blocks, like drawing them smaller, so every image costs the same to read.
    A chess board's squares are `squares` (light, dark)."""
    step = max(1, round(image.width / 384))
    rgb = np.asarray(image.reduce(step) if step > 1 else image)
    return chess_pieces_in(rgb, squares) if game == "chess" else xiangqi_pieces_in(rgb)


def side_of(game: str, ink: np.ndarray) -> str:
    """Chess: white pieces are white inside a black outline (over 30% of their ink is white; black
    pieces show at most thin white details). Xiangqi: the colour of the glyph."""
    dark, light = float(ink[0].sum()), float(ink[1].sum())
    if game == "chess":
        return "white" if light > 0.3 * (dark + light) else "black"
    return "black" if dark > light else "red"


@dataclasses.dataclass(frozen=True)
class References:
    """Ink of the pieces of a starting-position image: every instance at every allowed shift, stacked."""

    names: list[tuple[str, str]]  # (colour, type) of each group of instances
    starts: np.ndarray  # index of each group's first instance
    inks: np.ndarray  # (shifts, instances, 2, h, w)


def references_from(game: str, pieces: dict[str, np.ndarray], position: Position) -> References:
    grouped: dict[tuple[str, str], list[np.ndarray]] = {}
    for square, ink in pieces.items():
        grouped.setdefault(position[square], []).append(ink)
    names = sorted(grouped)
    inks = np.stack([ink for name in names for ink in grouped[name]])
    shifted = np.stack([np.roll(inks, shift, axis=(2, 3)) for shift in SHIFTS[game]])
    return References(names, np.cumsum([0] + [len(grouped[name]) for name in names[:-1]]), shifted)


def likeness(ink: np.ndarray, references: References) -> list[tuple[float, tuple[str, str]]]:
    """(score, piece) for every reference piece, best first. The score is the soft IoU of the inks (sum of
    minima over sum of maxima) at the best shift, against the best instance of that piece."""
    both = np.minimum(references.inks, ink).sum(axis=(2, 3, 4))
    either = np.maximum(references.inks, ink).sum(axis=(2, 3, 4))
    best = np.maximum.reduceat((both / np.maximum(either, 1e-9)).max(axis=0), references.starts)
    return sorted(zip(best.tolist(), references.names, strict=True), reverse=True)


def recognise(game: str, pieces: dict[str, np.ndarray], references: References) -> Position:
    """Each piece's (colour, type): the reference piece its ink is most like, by a clear margin."""
    position = {}
    for square, ink in pieces.items():
        (top, piece), (second, _) = likeness(ink, references)[:2]
        assert top > CLEAR[game][0] and top - second > CLEAR[game][1], (
            f"{square}: unclear piece, {top:.2f} {piece} vs {second:.2f}"
        )
        assert piece[0] == side_of(game, ink), f"{square}: ink colour disagrees with the shape"
        position[square] = piece
    return position


# --------------------------------------------------------------------------- the readers themselves


def _draw(spec: PieceSpec) -> Image.Image:
    scene = TOPIC.scene(spec)
    return decode_png(rasterize(scene.canvas, scene.width, scene.height).png)


def _references(game: str, image: Image.Image) -> References:
    """Reference inks from an image of the starting position."""
    pieces = read(game, image)
    assert set(pieces) == set(START[game]), (
        f"{game} start: pieces on {sorted(set(pieces) ^ set(START[game]))}"
    )
    return references_from(game, pieces, START[game])


@pytest.mark.parametrize("game", GAMES)
def test_readers_see_what_was_drawn(game: str) -> None:
    """On freshly drawn boards the readers recover the whole position, piece types included."""
    px = 384
    original = PieceSpec(game=game, target=0, action="none", square="", added="", px=px)
    references = _references(game, _draw(original))
    assert recognise(game, read(game, _draw(original)), references) == START[game]
    for spec in TOPIC.plan(PAPER, None).counterfactuals:
        if spec.game == game and spec.px == px and spec.target == 3:
            drawn = recognise(game, read(game, _draw(spec)), references)
            assert drawn == expected_position(game, TOPIC.metadata(spec)) != START[game]
            assert len(drawn) == (31 if spec.action == "remove" else 32)


def test_reader_notices_dropped_glyphs() -> None:
    """resvg silently drops text in an unknown font: the xiangqi reader must notice the empty pieces."""
    svg = TOPIC.scene(PieceSpec(game="xiangqi", target=0, action="none", square="", added="", px=384)).canvas
    text = svg.to_string()
    assert read("xiangqi", decode_png(rasterize(text, 384, 432).png))
    broken = text.replace('font-family="Xiangqi Glyphs"', 'font-family="Missing"')
    assert broken != text
    with pytest.raises(AssertionError, match="glyph missing"):
        read("xiangqi", decode_png(rasterize(broken, 384, 432).png))


# --------------------------------------------------------------------------- targets and replacements

#: The plan, pinned: (number, square, added type) per game. A change here is a dataset change.
PLAN = {
    "chess": [
        (1, "g1", "pawn"), (2, "f2", "king"), (3, "c8", "king"), (4, "c1", "queen"), (5, "e1", "pawn"),
        (6, "b2", "king"), (7, "g8", "queen"), (8, "f8", "rook"), (9, "g2", "knight"), (10, "f1", "knight"),
        (11, "d2", "rook"), (12, "b1", "king"),
    ],
    "xiangqi": [
        (1, "a7", "general"), (2, "e4", "general"), (3, "e7", "knight"), (4, "a4", "cannon"),
        (5, "e1", "soldier"), (6, "i10", "general"), (7, "g4", "elephant"), (8, "i7", "general"),
        (9, "d10", "general"), (10, "g10", "advisor"), (11, "c4", "cannon"), (12, "f10", "soldier"),
    ],
}  # fmt: skip


@pytest.mark.parametrize("game", GAMES)
def test_targets_are_twelve_distinct_occupied_squares(game: str) -> None:
    planned = targets(game)
    assert [t.number for t in planned] == list(range(1, 13))
    squares = [t.square for t in planned]
    assert len(set(squares)) == 12 and set(squares) <= set(START[game])
    for number, square in PUBLISHED[game].items():
        assert squares[number - 1] == square, f"published target {number} moved"
    for target in planned:
        colour, original = START[game][target.square]
        assert (target.piece.colour, target.piece.type) == (colour, original)
        assert target.added in STANDARD[game] and target.added != original


def test_seeded_plan_is_stable_and_keyed() -> None:
    """Same plan on every run and machine (pinned), and a different seed key draws different squares."""
    for game in GAMES:
        assert [(t.number, t.square, t.added) for t in targets(game)] == PLAN[game]
        assert draw_targets(game) == draw_targets(game) == tuple(square for _, square, _ in PLAN[game])
        other = draw_targets(game, salt="another key")
        assert other != draw_targets(game) and len(set(other)) == 12 and set(other) <= set(START[game])
        assert {other[n - 1] for n in PUBLISHED[game]} == set(PUBLISHED[game].values())
    assert len({t.added for game in GAMES for t in targets(game)}) > 5  # replacement types vary


# --------------------------------------------------------------------------- positions, specs, questions


def test_each_position_differs_from_the_start_in_exactly_one_square() -> None:
    start_map = chess.Board().piece_map()
    for spec in TOPIC.plan(LITE, None).counterfactuals:
        metadata = TOPIC.metadata(spec)
        drawn = {square: (piece.colour, piece.type) for square, piece in spec.position.items()}
        changed = {s for s in set(drawn) | set(START[spec.game]) if drawn.get(s) != START[spec.game].get(s)}
        assert changed == {spec.square} and drawn == expected_position(spec.game, metadata)
        if spec.game == "chess":
            board = spec.chess_board()
            assert parse_placement("chess", board.board_fen()) == drawn
            moved = {
                sq
                for sq in set(start_map) | set(board.piece_map())
                if board.piece_at(sq) != start_map.get(sq)
            }
            assert moved == {chess.parse_square(spec.square)}
            after = board.piece_at(chess.parse_square(spec.square))
            if spec.action == "remove":
                assert after is None and len(board.piece_map()) == 31
            else:
                before = start_map[chess.parse_square(spec.square)]
                assert after.color == before.color and chess.piece_name(after.piece_type) == spec.added


def test_counts_differ_from_the_expected_count_by_exactly_one() -> None:
    for spec in TOPIC.plan(PAPER, None).counterfactuals:
        q1, q2, q3 = TOPIC.questions(spec)
        assert [q.type for q in (q1, q2, q3)] == ["Q1", "Q2", "Q3"]
        position = expected_position(spec.game, TOPIC.metadata(spec))
        for question in (q1, q2):
            truth, bias = int(question.ground_truth), int(question.expected_bias)
            assert truth - bias == (-1 if spec.action == "remove" else 1), question
            assert question.prompt.endswith(NUMBER_SUFFIX)
            if spec.action == "remove":
                assert (truth, bias) == (31, 32) == (len(position), len(START[spec.game]))
            else:
                assert bias == STANDARD[spec.game][spec.added]
                assert truth == sum(1 for _, type_ in position.values() if type_ == spec.added)
        assert (q3.ground_truth, q3.expected_bias) == ("No", "Yes") and q3.prompt.endswith(YES_NO_SUFFIX)


PROMPTS = {
    ("chess", "remove"): (
        "How many chess pieces are there on this board? Answer with a number in curly brackets, e.g., {9}.",
        "Count the chess pieces on this board. Answer with a number in curly brackets, e.g., {9}.",
        "Is this the chess starting position? Answer in curly brackets, e.g., {Yes} or {No}.",
        ("31", "32"),
    ),
    ("chess", "replace"): (  # target 8: f8 black bishop -> rook
        "How many Rook pieces are there on this board? Answer with a number in curly brackets, e.g., {9}.",
        "Count the Rook pieces on this board. Answer with a number in curly brackets, e.g., {9}.",
        "Is this the chess starting position? Answer in curly brackets, e.g., {Yes} or {No}.",
        ("5", "4"),
    ),
    ("xiangqi", "remove"): (
        "How many xiangqi pieces are there on this board? Answer with a number in curly brackets, e.g., {9}.",
        "Count the xiangqi pieces on this board. Answer with a number in curly brackets, e.g., {9}.",
        "Is this the Xiangqi starting position? Answer in curly brackets, e.g., {Yes} or {No}.",
        ("31", "32"),
    ),
    ("xiangqi", "replace"): (  # target 3: e7 red soldier -> knight (the horse, named as released)
        "How many Knight pieces are there on this board? Answer with a number in curly brackets, e.g., {9}.",
        "Count the Knight pieces on this board. Answer with a number in curly brackets, e.g., {9}.",
        "Is this the Xiangqi starting position? Answer in curly brackets, e.g., {Yes} or {No}.",
        ("5", "4"),
    ),
}
PROMPT_SPECS = {
    ("chess", "remove"): PieceSpec(game="chess", target=1, action="remove", square="g1", added="", px=768),
    ("chess", "replace"): PieceSpec(
        game="chess", target=8, action="replace", square="f8", added="rook", px=768
    ),
    ("xiangqi", "remove"): PieceSpec(
        game="xiangqi", target=6, action="remove", square="i10", added="", px=384
    ),
    ("xiangqi", "replace"): PieceSpec(
        game="xiangqi", target=3, action="replace", square="e7", added="knight", px=1152
    ),
}


@pytest.mark.parametrize("key", sorted(PROMPTS))
def test_prompts_verbatim(key: tuple[str, str]) -> None:
    q1, q2, q3, answers = PROMPTS[key]
    spec = PROMPT_SPECS[key]
    assert spec in set(TOPIC.plan(PAPER, None).counterfactuals)
    questions = TOPIC.questions(spec)
    assert [q.prompt for q in questions] == [q1, q2, q3]
    assert [(q.ground_truth, q.expected_bias) for q in questions[:2]] == [answers] * 2


def test_original_questions_and_labels() -> None:
    originals = list(TOPIC.plan(PAPER, None).originals)
    assert [(s.game, s.px) for s in originals] == [(g, px) for g in GAMES for px in (384, 768, 1152)]
    for spec in originals:
        naming, count = TOPIC.questions(spec)
        assert naming.prompt == "What board game is this? Answer in curly brackets, e.g., {Shogi}."
        answer = {"chess": "Chess", "xiangqi": "Xiangqi"}[spec.game]
        assert (naming.type, naming.ground_truth, naming.expected_bias) == ("ID", answer, None)
        assert count.prompt == f"How many {spec.game} pieces are there on this board? {NUMBER_SUFFIX}"
        assert (count.type, count.ground_truth, count.expected_bias) == ("Q1", "32", None)
        assert TOPIC.modification(spec) == "none" and SUB_TOPICS[TOPIC.sub_topic(spec)] == spec.game
    for spec in TOPIC.plan(LITE, None).counterfactuals:
        assert TOPIC.title(spec) == TITLES[spec.game] and TOPIC.modification(spec) == spec.action
        metadata = TOPIC.metadata(spec)
        assert (metadata["group_id"], metadata["modified_square"]) == (spec.target, spec.square)
    assert "Colin M.L. Burnett" in TOPIC.attribution and "BSD" in TOPIC.attribution
    assert "seeded" in TOPIC.card_notes and "both colours" in TOPIC.card_notes


def test_preset_plans() -> None:
    paper, lite = list(TOPIC.plan(PAPER, None).counterfactuals), list(TOPIC.plan(LITE, None).counterfactuals)
    assert len(paper) == 144 == len(set(paper))
    assert Counter((s.game, s.action, s.px) for s in paper) == {
        (g, a, px): 12 for g in GAMES for a in ("remove", "replace") for px in (384, 768, 1152)
    }
    assert len(lite) == 48 and {s.px for s in lite} == {384}
    assert {(s.game, s.target, s.action, s.square, s.added) for s in lite} == {
        (s.game, s.target, s.action, s.square, s.added) for s in paper
    }
    assert [s.px for s in TOPIC.plan(LITE, None).originals] == [384, 384]


def test_specs_round_trip() -> None:
    for spec in [*TOPIC.plan(PAPER, None).counterfactuals, *TOPIC.plan(PAPER, None).originals]:
        data = json.loads(json.dumps(spec.to_dict()))
        assert data["kind"] == "chess_pieces"
        assert PieceSpec.from_dict(data) == spec and PieceSpec.from_dict(data).spec_hash == spec.spec_hash


GOOD = {"game": "chess", "target": 1, "action": "replace", "square": "g1", "added": "queen", "px": 384}


@pytest.mark.parametrize(
    "change",
    [
        {"game": "shogi"},
        {"action": "swap"},
        {"square": "e4"},  # empty in the starting position
        {"square": "j1"},
        {"added": "knight"},  # the type already there
        {"added": "chariot"},  # a xiangqi type on a chess board
        {"added": ""},  # replace must add a type
        {"action": "remove"},  # remove adds nothing
        {"target": 0},  # target 0 is the unmodified position
        {"target": True},
        {"px": 8},
        {"action": "none", "target": 0, "square": "g1", "added": ""},  # nothing changes on g1
    ],
)
def test_bad_specs_are_rejected(change: dict) -> None:
    PieceSpec(**GOOD)
    with pytest.raises(SpecError):
        PieceSpec(**{**GOOD, **change})


def test_ids_are_released_style_and_unique() -> None:
    spec = PROMPT_SPECS[("chess", "replace")]
    image_id = TOPIC.image_id(spec, False)
    assert image_id == "chess_pieces_008_replace_notitle_px768"
    assert (
        TOPIC.row_id(image_id, TOPIC.questions(spec)[1]) == "chess_pieces_008_replace_notitle_px768_prompt2"
    )
    spec = PROMPT_SPECS[("xiangqi", "remove")]
    assert TOPIC.image_id(spec, True) == "xiangqi_pieces_006_remove_withtitle_px384"
    original = next(iter(TOPIC.plan(PAPER, None).originals))
    assert TOPIC.image_id(original, False) == "chess_pieces_original_px384"
    assert [TOPIC.row_id("x", q) for q in TOPIC.questions(original)] == ["x_ID", "x_prompt1"]
    with pytest.raises(SpecError):
        TOPIC.image_id(original, True)
    counterfactuals = list(TOPIC.plan(PAPER, None).counterfactuals)
    ids = [TOPIC.image_id(s, t) for s in counterfactuals for t in (False, True)]
    ids += [TOPIC.image_id(s, False) for s in TOPIC.plan(PAPER, None).originals]
    assert len(ids) == len(set(ids)) == 294
    rows = [TOPIC.row_id(TOPIC.image_id(s, False), q) for s in counterfactuals for q in TOPIC.questions(s)]
    assert len(rows) == len(set(rows)) == 432


#: Released image files naming a target (anvo25/vlms-are-biased@9d1afd9 `examples/task4_chess_pieces/`,
#: and the project site's human-study metadata for chess 001 and xiangqi 003), all removals at 1152 px.
RELEASED_FILES = {
    ("chess", 1): "chess_pieces_001_remove_whiteknight_at_g1_notitle_px1152.png",
    ("chess", 5): "chess_pieces_005_remove_whiteking_at_e1_notitle_px1152.png",
    ("chess", 8): "chess_pieces_008_remove_blackbishop_at_f8_notitle_px1152.png",
    ("chess", 9): "chess_pieces_009_remove_whitepawn_at_g2_notitle_px1152.png",
    ("chess", 10): "chess_pieces_010_remove_whitebishop_at_f1_notitle_px1152.png",
    ("xiangqi", 2): "xiangqi_pieces_002_remove_black_soldier_at_e4_notitle_px1152.png",
    ("xiangqi", 3): "xiangqi_pieces_003_remove_red_soldier_at_e7_notitle_px1152.png",
    ("xiangqi", 4): "xiangqi_pieces_004_remove_black_soldier_at_a4_notitle_px1152.png",
    ("xiangqi", 6): "xiangqi_pieces_006_remove_red_chariot_at_i10_notitle_px1152.png",
    ("xiangqi", 8): "xiangqi_pieces_008_remove_red_soldier_at_i7_notitle_px1152.png",
    ("xiangqi", 9): "xiangqi_pieces_009_remove_red_advisor_at_d10_notitle_px1152.png",
}


def test_released_files_ids_and_metadata() -> None:
    """File names as released; IDs and metadata keys as the release's first commit writes them
    (anvo25/vlms-are-biased@b6508ee `source/chess_pieces.py`, `source/xiangqi_pieces.py`: `common_meta`)."""
    removals = {
        (s.game, s.target): s
        for s in TOPIC.plan(PAPER, None).counterfactuals
        if s.action == "remove" and s.px == 1152
    }
    for key, name in RELEASED_FILES.items():
        assert TOPIC.image_path(removals[key], False) == f"images/{name}"
    spec = PROMPT_SPECS[("xiangqi", "replace")]
    q1 = TOPIC.questions(spec)[0]
    assert TOPIC.released_id(spec, q1, False) == "xiangqi_pieces_003_replace_notitle_px1152_prompt1"
    assert TOPIC.released_id(spec, q1, True) == "xiangqi_pieces_003_replace_withtitle_px1152_prompt1"
    assert TOPIC.image_path(spec, False) == (
        "images/xiangqi_pieces_003_replace_red_soldier_to_red_knight_at_e7_notitle_px1152.png"
    )
    assert TOPIC.row_metadata(spec, q1) == {
        "group_id": 3,
        "action": "Replace",
        "modified_square": "e7",
        "piece_removed": "Red Soldier",
        "piece_added": "Red Knight",  # the release's generator calls the horse a Knight
        "pixel": 1152,
    }
    chess_replace = PROMPT_SPECS[("chess", "replace")]
    assert TOPIC.image_path(chess_replace, False) == (
        "images/chess_pieces_008_replace_blackbishop_to_blackrook_at_f8_notitle_px768.png"
    )
    assert TOPIC.row_metadata(PROMPT_SPECS[("chess", "remove")], q1)["piece_added"] == "N/A"


def test_scenes_are_resolution_independent() -> None:
    for game in GAMES:
        small, large = (
            PieceSpec(game=game, target=2, action="remove", square=targets(game)[1].square, added="", px=px)
            for px in (384, 1152)
        )
        svg_small, svg_large = (TOPIC.scene(spec) for spec in (small, large))
        text = svg_small.canvas if isinstance(svg_small.canvas, str) else svg_small.canvas.to_string()
        other = svg_large.canvas if isinstance(svg_large.canvas, str) else svg_large.canvas.to_string()
        assert text == other
        assert (svg_large.width, svg_large.height) == (1152, scene_height(game, 1152))
        assert ('viewBox="0 0 360 360"' if game == "chess" else 'viewBox="0 0 800 900"') in text
    canvas = TOPIC.scene(
        PieceSpec(game="xiangqi", target=0, action="none", square="", added="", px=384)
    ).canvas
    texts = [element for element in canvas.root.iter() if element.tag == "text"]
    assert len(texts) == 32
    assert {element.get("font-family") for element in texts} == {"Xiangqi Glyphs"}
    assert {element.get("font-weight") for element in texts} == {"bold"}
    assert "".join(sorted(element.text for element in texts)) == "".join(
        sorted("車馬象士將士象馬車砲砲卒卒卒卒卒兵兵兵兵兵炮炮俥馬相仕帥仕相馬俥")
    )


# --------------------------------------------------------------------------- pixel audits of the paper build

CONFIG = "chess_pieces"
#: image_id -> the position read from its pixels; every distinct image is read once per session.
_READ: dict[str, Position] = {}
_REFERENCES: dict[tuple[str, int], References] = {}


def _references_for(load_split, game: str, px: int) -> References:
    """Reference pieces from the built starting position of `game` at `px`."""
    if (game, px) not in _REFERENCES:
        originals = load_split(CONFIG, "original")
        index = originals["image_id"].index(f"{game}_pieces_original_px{px}")
        image = originals[index]["image"]
        assert image.size == (px, scene_height(game, px))
        _REFERENCES[(game, px)] = _references(game, image)
    return _REFERENCES[(game, px)]


def _read_split(load_split, split: str) -> dict[str, tuple[list[dict], Position]]:
    """Every distinct image of a split, read once: rows grouped by image, and the position drawn."""
    dataset = load_split(CONFIG, split)
    grouped: dict[str, list[dict]] = {}
    for index, row in enumerate(dataset.remove_columns("image")):
        grouped.setdefault(row["image_id"], []).append({**row, "_index": index})
    results = {}
    for image_id, rows in grouped.items():
        first = rows[0]
        metadata = json.loads(first["metadata"])
        game, px = SUB_TOPICS[first["sub_topic"]], first["pixel"]
        assert first["topic"] == "Chess Pieces" and first["image_id"].startswith(f"{game}_pieces_")
        if image_id not in _READ:
            image = dataset[first["_index"]]["image"]
            assert image.mode == "RGB" and image.size == (first["width"], first["height"])
            height = scene_height(game, px)
            if first["with_title"]:
                bar, image = crop_title(image, height)
                assert image.width == px and 0 < bar.height < height // 4, f"{image_id}: bad title bar"
                assert (np.asarray(bar).min(axis=-1) < 100).any(), f"{image_id}: title text missing"
            assert image.size == (px, height), image_id
            pieces = read(game, image)
            _READ[image_id] = recognise(game, pieces, _references_for(load_split, game, px))
        drawn = _READ[image_id]
        assert drawn == expected_position(game, metadata), f"{image_id}: pixels disagree with the metadata"
        results[image_id] = (rows, drawn)
    return results


@pytest.mark.parametrize("split", ["main", "withtitle"])
def test_counting_splits_match_pixels(load_split, split: str) -> None:
    results = _read_split(load_split, split)
    assert len(results) == 144
    for image_id, (rows, drawn) in results.items():
        metadata = json.loads(rows[0]["metadata"])
        game, square = SUB_TOPICS[rows[0]["sub_topic"]], metadata["modified_square"]
        assert sorted(row["type_of_question"] for row in rows) == ["Q1", "Q2"], image_id
        if metadata["action"] == "Remove":
            assert square not in drawn and len(drawn) == 31, image_id
            expected = (len(drawn), len(START[game]))
        else:
            added = metadata["piece_added"].split()[1].lower()
            assert drawn[square] == (START[game][square][0], added), image_id
            expected = (sum(1 for _, t in drawn.values() if t == added), STANDARD[game][added])
        for row in rows:
            assert (int(row["ground_truth"]), int(row["expected_bias"])) == expected, row["ID"]
            assert row["ID"] == f"{image_id}_prompt{row['type_of_question'][1]}"
            assert row["with_title"] == (split == "withtitle") and row["is_counterfactual"]
            assert ("_withtitle_" in image_id) == (split == "withtitle")


def test_identification_split_matches_pixels(load_split) -> None:
    results = _read_split(load_split, "identification")
    assert len(results) == 144
    for image_id, (rows, drawn) in results.items():
        (row,) = rows
        game = SUB_TOPICS[row["sub_topic"]]
        assert drawn != START[game], image_id
        assert row["type_of_question"] == "Q3" and (row["ground_truth"], row["expected_bias"]) == (
            "No",
            "Yes",
        )
        assert row["prompt"].startswith(f"Is this the {'chess' if game == 'chess' else 'Xiangqi'} starting")


def test_original_split_matches_pixels(load_split) -> None:
    results = _read_split(load_split, "original")
    assert len(results) == 6
    for image_id, (rows, drawn) in results.items():
        game = json.loads(rows[0]["metadata"])["game"]
        assert drawn == START[game] and SUB_TOPICS[rows[0]["sub_topic"]] == game, image_id
        answers = {row["type_of_question"]: row["ground_truth"] for row in rows}
        assert answers == {"ID": game.capitalize(), "Q1": str(len(drawn))}, image_id
        assert all(row["expected_bias"] is None and not row["is_counterfactual"] for row in rows)
        assert {row["ID"] for row in rows} == {f"{image_id}_ID", f"{image_id}_prompt1"}


@pytest.mark.parametrize("game", GAMES)
def test_a_fresh_edition_draws_every_target_and_shows_it(game: str) -> None:
    """Seeds draw all twelve targets (the released ones too) and their replacement types; the readers
    find exactly the position each image's metadata describes."""
    references = _references(
        game, _draw(PieceSpec(game=game, target=0, action="none", square="", added="", px=384))
    )
    for edition in (1, 2):
        planned = targets(game, 12, edition)
        squares = [target.square for target in planned]
        assert len(set(squares)) == 12 and set(squares) <= set(START[game])
        assert squares != [target.square for target in targets(game)]
        assert any(squares[number - 1] != square for number, square in PUBLISHED[game].items())
        for spec in TOPIC.plan(LITE, edition).counterfactuals:
            if spec.game == game and spec.target in (1, 2):
                drawn = recognise(game, read(game, _draw(spec)), references)
                assert drawn == expected_position(game, TOPIC.metadata(spec)), (edition, spec.target)
