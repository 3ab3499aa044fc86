"""Tests of the VLMBias `game_boards` topic: specs, questions, ids, and pixel audits of every paper image.

The pixel audits find each board from its colours and count its rows and
columns (squares, cells or lines) along scan bands chosen from the pixels
themselves; they never import the drawing geometry.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections import Counter

import numpy as np
import pytest
from scipy import ndimage

from builders.core.errors import SpecError
from builders.core.raster import Picture, decode_png, rasterize
from builders.core.svg import Canvas
from builders.vlmbias.background import NO_BACKGROUND
from builders.vlmbias.boards import chess, go, sudoku, xiangqi
from builders.vlmbias.boards.boards import BOARDS
from builders.vlmbias.family import FAMILY
from builders.vlmbias.game_boards.spec import GameBoardSpec
from builders.vlmbias.game_boards.topic import GameBoardsTopic
from builders.vlmbias.parameters import PRESETS
from builders.vlmbias.questions import NUMBER_SUFFIX, YES_NO_SUFFIX

TOPIC = GameBoardsTopic()
PAPER, LITE = PRESETS["paper"], PRESETS["lite"]
NO_PICTURE = Picture(png=b"", width=0, height=0, pixel_sha256="")

# Facts of the standard boards, stated independently of the builder.
STANDARD = {"chess": (8, 8), "xiangqi": (10, 9), "sudoku": (9, 9), "go": (19, 19)}
GAMES = {"chess": "Chess", "xiangqi": "Xiangqi", "sudoku": "Sudoku", "go": "Go"}
SUB_TOPICS = {"Chess Grid": "chess", "Xiangqi Grid": "xiangqi", "Sudoku Grid": "sudoku", "Go Grid": "go"}
#: The classic puzzle's givens (rows from the top); "." is empty.
SUDOKU_GIVENS = (
    "53..7....",
    "6..195...",
    ".98....6.",
    "8...6...3",
    "4..8.3..1",
    "7...2...6",
    ".6....28.",
    "...419..5",
    "....8..79",
)
#: Colours drawn by the boards (spec §5.2), used only to find the board in the picture.
CHESS_LIGHT, CHESS_DARK = (240, 217, 181), (181, 136, 99)
XIANGQI_BOARD = (249, 233, 169)


@dataclasses.dataclass(frozen=True)
class Look:
    """What an edition draws freely and the audits must know to find the board: the chess squares'
    colours, the xiangqi board's colour, the sudoku givens. The canonical edition's are the release's."""

    chess: tuple[tuple[int, int, int], tuple[int, int, int]] = (CHESS_LIGHT, CHESS_DARK)
    xiangqi: tuple[int, int, int] = XIANGQI_BOARD
    givens: tuple[str, ...] = SUDOKU_GIVENS


CANONICAL = Look()


def scene_height(board: str, px: int) -> int:
    """Height of the untitled image: C, or int(1.125 C) for xiangqi."""
    return int(1.125 * px) if board == "xiangqi" else px


# --------------------------------------------------------------------------- pixel measuring


def near(rgb: np.ndarray, colour: tuple[int, int, int], tolerance: int) -> np.ndarray:
    """Pixels within `tolerance` of `colour` in every channel."""
    mask = np.ones(rgb.shape[:2], dtype=bool)
    for channel, value in enumerate(colour):
        mask &= np.abs(rgb[..., channel].astype(np.int16) - value) <= tolerance
    return mask


def darkness(rgb: np.ndarray) -> np.ndarray:
    """How close each pixel is to black: 1 - max(R, G, B) / 255 (coloured fills stay low)."""
    brightest = np.maximum(np.maximum(rgb[..., 0], rgb[..., 1]), rgb[..., 2])
    return 1.0 - brightest.astype(np.float32) / 255.0


def runs(mask: np.ndarray) -> list[tuple[int, int]]:
    """(start, length) of each run of True in a 1-D mask."""
    padded = np.concatenate(([False], mask, [False])).astype(np.int8)
    edges = np.flatnonzero(np.diff(padded))
    return [(int(start), int(stop - start)) for start, stop in zip(edges[::2], edges[1::2], strict=True)]


def levels(profile: np.ndarray) -> np.ndarray:
    """A scan profile with its background level (the median) mapped to 0 and black to 1."""
    background = float(np.median(profile))
    return (profile - background) / max(1e-9, 1.0 - background)


def line_runs(profile: np.ndarray, threshold: float) -> list[tuple[int, int]]:
    """Dark runs along a scan profile, above its background."""
    return runs(levels(profile) > threshold)


def bbox(mask: np.ndarray) -> tuple[int, int, int, int]:
    """(top, bottom, left, right), inclusive, of the True pixels."""
    ys, xs = np.nonzero(mask)
    assert ys.size, "nothing found"
    return int(ys.min()), int(ys.max()), int(xs.min()), int(xs.max())


def colour_runs(classes: np.ndarray, min_length: int = 2) -> list[tuple[int, int, int]]:
    """(class, start, length) runs of a 1-D class array, dropping class 0 and short runs, merging equals."""
    found: list[tuple[int, int, int]] = []
    for value in (1, 2):
        found += [(value, start, length) for start, length in runs(classes == value) if length >= min_length]
    found.sort(key=lambda run: run[1])
    merged: list[tuple[int, int, int]] = []
    for value, start, length in found:
        if merged and merged[-1][0] == value:
            previous = merged.pop()
            merged.append((value, previous[1], start + length - previous[1]))
        else:
            merged.append((value, start, length))
    return merged


def count_chess(rgb: np.ndarray, look: Look = CANONICAL) -> tuple[int, int]:
    """Rows and columns of squares: colour runs down the first column and across the first row."""
    light, dark = near(rgb, look.chess[0], 24), near(rgb, look.chess[1], 24)
    classes = np.where(light, 1, np.where(dark, 2, 0))
    top, bottom, left, right = bbox(light | dark)
    height, width = bottom - top + 1, right - left + 1
    down = colour_runs(classes[top : bottom + 1, left + int(0.02 * width)])
    first_row_y = top + down[0][1] + down[0][2] // 2
    across = colour_runs(classes[first_row_y, left : right + 1])
    first_col_x = left + across[0][1] + across[0][2] // 2
    down_centre = colour_runs(classes[top : bottom + 1, first_col_x])
    assert [run[0] for run in down_centre] == [run[0] for run in down], "rows disagree between scan lines"
    # The pattern alternates; squares are square and equal.
    assert down[0][0] == across[0][0], "the top row and left column disagree on the corner square"
    assert all(a[0] != b[0] for a, b in itertools.pairwise(down))
    lengths = [run[2] for run in down[1:-1] + across[1:-1]]
    assert max(lengths) - min(lengths) <= 2, f"unequal squares: {lengths}"
    assert abs(height / len(down) - width / len(across)) <= 1.5, "squares are not square"
    return len(down), len(across)


def chess_corner_is_light(rgb: np.ndarray, look: Look = CANONICAL) -> bool:
    """Whether the top-left square of the board is the light colour."""
    light, dark = near(rgb, look.chess[0], 24), near(rgb, look.chess[1], 24)
    top, _, left, _ = bbox(light | dark)
    return bool(light[top + 3, left + 3])


def xiangqi_lines(rgb: np.ndarray, look: Look = CANONICAL) -> tuple[list[float], list[float]]:
    """Centres (px) of the horizontal lines, down a band left of the second file, and of the vertical
    lines, across a band in the top half below the palace."""
    board = near(rgb, look.xiangqi, 30)
    rows = np.flatnonzero(board.mean(axis=1) > 0.5)
    cols = np.flatnonzero(board.mean(axis=0) > 0.5)
    top, bottom, left, right = int(rows[0]), int(rows[-1]), int(cols[0]), int(cols[-1])
    height, width = bottom - top + 1, right - left + 1
    ink = darkness(rgb)
    y0, y1 = top - int(0.03 * height), bottom + int(0.03 * height)
    x0, x1 = left - int(0.03 * width), right + int(0.03 * width)
    # Between the left edge and file 1 (at least width/9 away) there is nothing but horizontal lines.
    band = ink[y0 : y1 + 1, left + int(0.02 * width) : left + int(0.08 * width)]
    horizontal = [y0 + start + (length - 1) / 2 for start, length in line_runs(band.mean(axis=1), 0.3)]
    # Between the 3rd and 4th horizontal lines: below the palace diagonals and pieces, above the river.
    gap_top, gap_bottom = int(horizontal[2]) + 2, int(horizontal[3]) - 1
    quarter = (gap_bottom - gap_top) // 4
    band = ink[gap_top + quarter : gap_bottom - quarter, x0 : x1 + 1]
    vertical = [x0 + start + (length - 1) / 2 for start, length in line_runs(band.mean(axis=0), 0.3)]
    return horizontal, vertical


def count_xiangqi(rgb: np.ndarray, look: Look = CANONICAL) -> tuple[int, int]:
    """Horizontal and vertical lines."""
    horizontal, vertical = xiangqi_lines(rgb, look)
    return len(horizontal), len(vertical)


def xiangqi_top_half(rgb: np.ndarray, look: Look = CANONICAL) -> int:
    """Horizontal lines above the river: the one long break in the second vertical line."""
    horizontal, vertical = xiangqi_lines(rgb, look)
    x, top, bottom = round(vertical[1]), round(horizontal[0]), round(horizontal[-1])
    along = darkness(rgb)[top : bottom + 1, x - 1 : x + 2].max(axis=1)  # mostly line: no median here
    gaps = [(length, start) for start, length in runs(along < 0.3)]
    length, start = max(gaps)
    assert length > 0.5 * min(np.diff(horizontal)), "no river gap in the inner vertical lines"
    return sum(1 for y in horizontal if y < top + start)


def red_pieces(rgb: np.ndarray) -> list[tuple[float, float, bool]]:
    """(x, y, has a glyph) of each red piece: a red ring blob, with red ink at its centre if the
    glyph was drawn (text in the CJK font)."""
    red = (rgb[..., 0] > 200) & (rgb[..., 1] < 60) & (rgb[..., 2] < 60)  # pure red, not the orange frame
    # Close small gaps in the thin ring, then fill it: one solid disc per piece.
    ring = ndimage.binary_dilation(red, iterations=1 + rgb.shape[1] // 384)
    labels, _ = ndimage.label(ndimage.binary_fill_holes(ring))
    pieces = []
    for found in ndimage.find_objects(labels):
        (y0, y1), (x0, x1) = (found[0].start, found[0].stop), (found[1].start, found[1].stop)
        cy, cx, qy, qx = (y0 + y1) // 2, (x0 + x1) // 2, (y1 - y0) // 4, (x1 - x0) // 4
        # The ring lies at 0.9 of the radius: the central half of the piece holds only the glyph.
        glyph = bool(red[cy - qy : cy + qy, cx - qx : cx + qx].mean() > 0.05)
        pieces.append(((x0 + x1 - 1) / 2, (y0 + y1 - 1) / 2, glyph))
    return sorted(pieces)


#: Xiangqi row changes by the released index (its generator's river row is 4): (action, index) -> place.
RIVER_PLACES = {("remove", 4): "before_river", ("remove", 5): "after_river", ("add", 5): "river_top",
                ("add", 6): "river_bottom"}  # fmt: skip


def board_facts(sub_topic: str, metadata: dict) -> dict:
    """What the audits need (board, rows, cols, changed axis, add/remove, where), read from the row's
    `sub_topic` and its released metadata keys only: `action` (`add_row`; sudoku `add` with `position`),
    `dimension_modified`, `new_dimensions`, `insert_index` / `remove_index`."""
    board = SUB_TOPICS[sub_topic]
    if "action" not in metadata:  # a standard board
        rows, cols = map(int, metadata["original_dimensions"].split("x"))
        return {"board": board, "rows": rows, "cols": cols, "axis": None, "action": "none", "position": None}
    rows, cols = map(int, metadata["new_dimensions"].split("x"))
    action = metadata["action"].split("_")[0]
    axis = metadata["dimension_modified"]
    index = metadata["insert_index" if action == "add" else "remove_index"]
    if board == "xiangqi" and axis == "row":
        position = RIVER_PLACES[(action, index)]
    else:
        position = "first" if index == 0 else "last"
    assert metadata.get("position", position) == position, metadata
    return {"board": board, "rows": rows, "cols": cols, "axis": axis, "action": action, "position": position}


def expected_xiangqi(metadata: dict) -> tuple[int, list[int], int]:
    """Lines above the river, the files of the palace pieces, and the rank of the red pieces.

    The river stays between the halves, next to the changed rank; the palace keeps its original
    files 3-5 (one file right after adding a first column, one left after removing it).
    """
    top_half = 5 + {"before_river": -1, "river_top": 1}.get(metadata["position"], 0)
    shift = 0
    if metadata["axis"] == "col" and metadata["position"] == "first":
        shift = 1 if metadata["action"] == "add" else -1
    return top_half, [3 + shift, 4 + shift, 5 + shift], metadata["rows"] - 1


def count_go(rgb: np.ndarray, look: Look = CANONICAL) -> tuple[int, int]:
    """Lines along narrow bands just inside the top and left edges, where no stone lies."""
    ink = darkness(rgb)
    top, bottom, left, right = bbox(ink > 0.6)
    height, width = bottom - top + 1, right - left + 1
    pad_y, pad_x = int(0.02 * height), int(0.02 * width)
    # Stones sit on ranks/files >= 1 with radius < 0.5 interval, intervals are >= 1/19 of the grid.
    band = ink[top - pad_y : bottom + pad_y + 1, left + int(0.008 * width) : left + int(0.024 * width)]
    horizontal = line_runs(band.mean(axis=1), 0.3)
    band = ink[top + int(0.008 * height) : top + int(0.024 * height), left - pad_x : right + pad_x + 1]
    vertical = line_runs(band.mean(axis=0), 0.3)
    return len(horizontal), len(vertical)


def sudoku_lines(rgb: np.ndarray) -> tuple[list[float], list[float]]:
    """Ink (darkness summed across the line) of each horizontal and vertical grid line, in order.

    Scanned along bands just inside the border, above and left of every digit.
    """
    ink = darkness(rgb)
    top, bottom, left, right = bbox(ink > 0.5)
    height, width = bottom - top + 1, right - left + 1
    pad_y, pad_x = int(0.02 * height), int(0.02 * width)
    # Thin lines are under one pixel wide at 384 px: a low threshold, on a band with nothing else in it.
    left_band = ink[top - pad_y : bottom + pad_y + 1, left + int(0.01 * width) : left + int(0.02 * width)]
    top_band = ink[top + int(0.01 * height) : top + int(0.02 * height), left - pad_x : right + pad_x + 1]

    def inks(profile: np.ndarray) -> list[float]:
        return [float(profile[start : start + length].sum()) for start, length in runs(profile > 0.12)]

    return inks(levels(left_band.mean(axis=1))), inks(levels(top_band.mean(axis=0)))


def count_sudoku(rgb: np.ndarray, look: Look = CANONICAL) -> tuple[int, int]:
    """Cells: grid lines minus one on each axis."""
    horizontal, vertical = sudoku_lines(rgb)
    return len(horizontal) - 1, len(vertical) - 1


def sudoku_bold_lines(rgb: np.ndarray) -> tuple[list[int], list[int]]:
    """Indices of the bold (block and border) lines on each axis: lines with over twice the thinnest ink."""
    horizontal, vertical = sudoku_lines(rgb)

    def bold(lines: list[float]) -> list[int]:
        return [index for index, ink in enumerate(lines) if ink > 2 * min(lines)]

    return bold(horizontal), bold(vertical)


def expected_bold_lines(metadata: dict, axis: str) -> list[int]:
    """Lines 0, 3, 6, 9 of the original 9 x 9 grid where they land after the change, plus the border."""
    count = metadata["rows" if axis == "row" else "cols"]
    shift = 0
    if metadata["axis"] == axis and metadata["position"] == "first":
        shift = 1 if metadata["action"] == "add" else -1
    return sorted({0, count} | {line + shift for line in (0, 3, 6, 9) if 0 <= line + shift <= count})


COUNTERS = {"chess": count_chess, "xiangqi": count_xiangqi, "go": count_go, "sudoku": count_sudoku}


def sudoku_digits(rgb: np.ndarray) -> int:
    """Dark blobs much smaller than the grid: the printed givens (the grid lines form one big blob)."""
    ink = darkness(rgb) > 0.8  # thin lines at 384 px never get this dark; bold glyph strokes do
    labels, _ = ndimage.label(ink)
    top, bottom, left, right = bbox(ink)
    grid = min(bottom - top, right - left)
    sizes = [(s[0].stop - s[0].start, s[1].stop - s[1].start) for s in ndimage.find_objects(labels)]
    return sum(1 for height, width in sizes if 0.02 * grid < height < 0.25 * grid and width < 0.25 * grid)


def expected_sudoku_digits(metadata: dict, givens: tuple[str, ...] = SUDOKU_GIVENS) -> int:
    """Givens left after the change: a removed edge row/column takes its digits, added ones are empty."""
    if metadata["action"] != "remove":
        return sum(ch.isdigit() for row in givens for ch in row)
    index = 0 if metadata["position"] == "first" else 8
    lines = givens if metadata["axis"] == "row" else tuple("".join(c) for c in zip(*givens, strict=True))
    return sum(ch.isdigit() for i, row in enumerate(lines) if i != index for ch in row)


def blob_count(mask: np.ndarray) -> int:
    return int(ndimage.label(mask)[1])


def nearest(lines: list[float], at: float) -> int:
    """Index of the line closest to a position."""
    return int(np.argmin(np.abs(np.array(lines) - at)))


def audit_image(rgb: np.ndarray, board: str, metadata: dict, look: Look = CANONICAL) -> tuple[int, int]:
    """Count rows and columns from pixels, plus board-specific checks that text and stones are drawn."""
    rows, cols = COUNTERS[board](rgb, look)
    if board == "chess":
        # Remaining squares keep their colour: a first row or column added or removed darkens the corner.
        light_corner = metadata["position"] != "first"
        assert chess_corner_is_light(rgb, look) == light_corner, "squares did not keep their colours"
    elif board == "sudoku":
        assert sudoku_digits(rgb) == expected_sudoku_digits(metadata, look.givens), "givens missing or extra"
        bold = (expected_bold_lines(metadata, "row"), expected_bold_lines(metadata, "col"))
        assert sudoku_bold_lines(rgb) == bold, "bold lines do not mark the original 3x3 blocks"
    elif board == "xiangqi":
        top_half, files, rank = expected_xiangqi(metadata)
        assert xiangqi_top_half(rgb, look) == top_half, "the river is not where the change puts it"
        horizontal, vertical = xiangqi_lines(rgb, look)
        pieces = red_pieces(rgb)
        assert all(glyph for _, _, glyph in pieces), "red glyphs missing"
        assert [nearest(vertical, x) for x, _, _ in pieces] == files, "palace pieces on the wrong files"
        assert {nearest(horizontal, y) for _, y, _ in pieces} == {rank}, "red pieces not on the last rank"
    elif board == "go":
        white = rgb.min(axis=-1) > 235
        assert blob_count(white) == 6, "expected six white stones"
    return rows, cols


# --------------------------------------------------------------------------- the counters themselves


def test_counters_on_hand_drawn_boards() -> None:
    """The pixel counters find what a hand-written SVG drew (so the audits below can fail)."""
    canvas = Canvas(100, 100, background="#ffffff")
    for row in range(5):
        for col in range(7):
            colour = "#f0d9b5" if (row + col) % 2 == 0 else "#b58863"
            canvas.add("rect", x=8 + col * 12, y=20 + row * 12, width=12, height=12, fill=colour)
    assert count_chess(np.asarray(decode_png(rasterize(canvas, 300, 300).png))) == (5, 7)
    canvas = Canvas(100, 100, background="#DCB35C")
    for index in range(11):
        canvas.add("line", x1=5, y1=5 + 9 * index, x2=95, y2=5 + 9 * index, stroke="#000", stroke_width=0.5)
    for index in range(13):
        x = 5 + 7.5 * index
        canvas.add("line", x1=x, y1=5, x2=x, y2=95, stroke="#000", stroke_width=0.5)
    assert count_go(np.asarray(decode_png(rasterize(canvas, 384, 384).png))) == (11, 13)


@pytest.mark.parametrize("board", ["xiangqi", "sudoku"])
def test_audit_catches_dropped_text(board: str) -> None:
    """resvg silently drops text in an unknown font family; the audit must notice missing glyphs."""
    spec = GameBoardSpec(board=board, variant=0, px=384)
    scene = TOPIC.scene(spec)
    svg = scene.canvas.to_string()
    picture = lambda text: np.asarray(decode_png(rasterize(text, scene.width, scene.height).png))  # noqa: E731
    facts = board_facts(TOPIC.sub_topic(spec), TOPIC.metadata(spec))
    assert audit_image(picture(svg), board, facts) == STANDARD[board]
    broken = svg.replace('font-family="Xiangqi Glyphs"', 'font-family="Missing"')
    broken = broken.replace('font-family="DejaVu Sans"', 'font-family="Missing"')
    assert broken != svg
    with pytest.raises(AssertionError, match=r"glyphs missing|givens missing"):
        audit_image(picture(broken), board, facts)


# --------------------------------------------------------------------------- specs, ids, questions


def test_variant_tables() -> None:
    counts = {name: len(board.variants) for name, board in BOARDS.items()}
    assert counts == {"chess": 8, "xiangqi": 8, "sudoku": 8, "go": 4}
    for board in BOARDS.values():
        assert [variant.number for variant in board.variants] == list(range(1, len(board.variants) + 1))
    names = lambda board: [v.name for v in BOARDS[board].variants]  # noqa: E731
    assert names("chess") == [
        "remove_first_row", "remove_last_row", "add_first_row", "add_last_row",
        "remove_first_col", "remove_last_col", "add_first_col", "add_last_col",
    ]  # fmt: skip
    assert names("xiangqi") == [
        "remove_row_before_river", "remove_row_after_river", "add_row_in_river_top",
        "add_row_in_river_bottom", "remove_first_col", "remove_last_col", "add_first_col", "add_last_col",
    ]  # fmt: skip
    assert names("sudoku") == [
        "add_first_row", "add_last_row", "add_first_col", "add_last_col",
        "remove_first_row", "remove_last_row", "remove_first_col", "remove_last_col",
    ]  # fmt: skip
    # Go's names as its released files spell them (go_grid_01_remove_row_px1152.png ... go_grid_04_add_col).
    assert names("go") == ["remove_row", "remove_col", "add_row", "add_col"]


def test_preset_plans() -> None:
    paper = list(TOPIC.plan(PAPER, None).counterfactuals)
    lite = list(TOPIC.plan(LITE, None).counterfactuals)
    assert len(paper) == 84 and len(set(paper)) == 84
    assert Counter(spec.px for spec in paper) == {384: 28, 768: 28, 1152: 28}
    assert Counter(spec.board for spec in paper) == {"chess": 24, "xiangqi": 24, "sudoku": 24, "go": 12}
    assert len(lite) == 28 and {spec.px for spec in lite} == {384}
    assert {(s.board, s.variant) for s in lite} == {(s.board, s.variant) for s in paper}
    originals = list(TOPIC.plan(PAPER, None).originals)
    assert len(originals) == 12 and all(spec.variant == 0 for spec in originals)
    assert [spec.px for spec in TOPIC.plan(LITE, None).originals] == [384] * 4


def test_specs_round_trip() -> None:
    for spec in [*TOPIC.plan(PAPER, None).counterfactuals, *TOPIC.plan(PAPER, None).originals]:
        data = json.loads(json.dumps(spec.to_dict()))
        assert data["kind"] == "game_board"
        assert GameBoardSpec.from_dict(data) == spec
        assert GameBoardSpec.from_dict(data).spec_hash == spec.spec_hash


@pytest.mark.parametrize(
    "fields",
    [
        {"board": "shogi", "variant": 1, "px": 384},
        {"board": "go", "variant": 5, "px": 384},
        {"board": "chess", "variant": -1, "px": 384},
        {"board": "chess", "variant": 1, "px": 0},
        {"board": "chess", "variant": 1, "px": True},
    ],
)
def test_bad_specs_are_rejected(fields: dict) -> None:
    with pytest.raises(SpecError):
        GameBoardSpec(**fields)


def test_ground_truth_and_bias() -> None:
    for spec in TOPIC.plan(PAPER, None).counterfactuals:
        q1, q2, q3 = TOPIC.questions(spec)
        assert [q.type for q in (q1, q2, q3)] == ["Q1", "Q2", "Q3"]
        for question in (q1, q2):
            assert question.prompt.endswith(NUMBER_SUFFIX)
            assert abs(int(question.ground_truth) - int(question.expected_bias)) == 1
        assert (q3.ground_truth, q3.expected_bias) == ("No", "Yes") and q3.prompt.endswith(YES_NO_SUFFIX)
        meta = board_facts(TOPIC.sub_topic(spec), TOPIC.metadata(spec))
        standard = STANDARD[spec.board]
        axis = 0 if meta["axis"] == "row" else 1
        assert int(q1.expected_bias) == standard[axis]
        assert int(q1.ground_truth) == (meta["rows"], meta["cols"])[axis]
        assert TOPIC.metadata(spec)["original_dimensions"] == f"{standard[0]}x{standard[1]}"
        grown = int(q1.ground_truth) > standard[axis]
        assert TOPIC.modification(spec) == meta["action"] == ("add" if grown else "remove")


PROMPTS = {
    ("chess", 5): (
        "How many columns are there on this board? Answer with a number in curly brackets, e.g., {9}.",
        "Count the columns on this board. Answer with a number in curly brackets, e.g., {9}.",
        "Is this a 8x8 Chessboard? Answer in curly brackets, e.g., {Yes} or {No}.",
        "7",
        "8",
    ),
    ("xiangqi", 3): (
        "How many horizontal lines are there on this board? "
        "Answer with a number in curly brackets, e.g., {9}.",
        "Count the horizontal lines on this board. Answer with a number in curly brackets, e.g., {9}.",
        "Is this a 10x9 Xiangqi board? Answer in curly brackets, e.g., {Yes} or {No}.",
        "11",
        "10",
    ),
    ("sudoku", 5): (
        "How many rows are there on this puzzle? Answer with a number in curly brackets, e.g., {9}.",
        "Count the rows on this puzzle. Answer with a number in curly brackets, e.g., {9}.",
        "Is this a 9x9 Sudoku puzzle? Answer in curly brackets, e.g., {Yes} or {No}.",
        "8",
        "9",
    ),
    ("go", 4): (
        "How many vertical lines are there on this board? Answer with a number in curly brackets, e.g., {9}.",
        "Count the vertical lines on this board. Answer with a number in curly brackets, e.g., {9}.",
        "Is this a 19x19 Go board? Answer in curly brackets, e.g., {Yes} or {No}.",
        "20",
        "19",
    ),
}


@pytest.mark.parametrize("key", sorted(PROMPTS))
def test_prompts_verbatim(key: tuple[str, int]) -> None:
    q1, q2, q3, truth, bias = PROMPTS[key]
    questions = TOPIC.questions(GameBoardSpec(board=key[0], variant=key[1], px=768))
    assert [q.prompt for q in questions] == [q1, q2, q3]
    assert [(q.ground_truth, q.expected_bias) for q in questions[:2]] == [(truth, bias)] * 2


def test_original_questions() -> None:
    for spec in TOPIC.plan(LITE, None).originals:
        naming, count = TOPIC.questions(spec)
        assert naming.prompt == "What board game is this? Answer in curly brackets, e.g., {Shogi}."
        assert (naming.type, naming.ground_truth, naming.expected_bias) == ("ID", GAMES[spec.board], None)
        noun = "rows" if spec.board in ("chess", "sudoku") else "horizontal lines"
        subject = "puzzle" if spec.board == "sudoku" else "board"
        assert count.prompt == f"How many {noun} are there on this {subject}? {NUMBER_SUFFIX}"
        rows = str(STANDARD[spec.board][0])
        assert (count.type, count.ground_truth, count.expected_bias) == ("Q1", rows, None)
        assert TOPIC.modification(spec) == "none"


def test_ids() -> None:
    chess = GameBoardSpec(board="chess", variant=7, px=1152)
    assert TOPIC.image_id(chess, False) == "chess_grid_07_col_add_first_col_notitle_px1152"
    xiangqi = GameBoardSpec(board="xiangqi", variant=1, px=1152)
    image_id = TOPIC.image_id(xiangqi, False)
    assert image_id == "xiangqi_grid_01_row_remove_row_before_river_notitle_px1152"
    assert TOPIC.row_id(image_id, TOPIC.questions(xiangqi)[0]) == image_id + "_Q1"
    go = GameBoardSpec(board="go", variant=3, px=384)
    assert TOPIC.image_id(go, True) == "go_grid_03_row_add_row_withtitle_px384"
    original = GameBoardSpec(board="sudoku", variant=0, px=768)
    assert TOPIC.image_id(original, False) == "sudoku_grid_original_px768"
    assert [TOPIC.row_id("x", q) for q in TOPIC.questions(original)] == ["x_ID", "x_Q1"]
    ids = [TOPIC.image_id(s, t) for s in TOPIC.plan(PAPER, None).counterfactuals for t in (False, True)]
    ids += [TOPIC.image_id(s, False) for s in TOPIC.plan(PAPER, None).originals]
    assert len(ids) == len(set(ids)) == 180
    plan = TOPIC.plan(PAPER, None)
    rows = [
        TOPIC.row_id(TOPIC.image_id(s, False), q) for s in plan.counterfactuals for q in TOPIC.questions(s)
    ]
    assert len(rows) == len(set(rows)) == 252


def test_released_ids_paths_and_metadata() -> None:
    """IDs and files as released: the project site's human-study metadata
    (`chess_grid_01_row_remove_first_row_notitle_px1152_Q1`,
    `xiangqi_grid_01_row_remove_row_before_river_notitle_px1152_Q1`), the example files
    of anvo25/vlms-are-biased@9d1afd9 (`examples/task5_game_boards/go/go_grid_03_add_row_px1152.png`),
    the go generator of its first commit b6508ee (`source/go_grid_generator.py`: ID `{base}_px{C}_Q1`);
    metadata keys as those generators write them (`source/xiangqi_grid_generator.py`,
    `source/sudoku_grid_generator.py`)."""
    chess = GameBoardSpec(board="chess", variant=1, px=1152)
    q1 = TOPIC.questions(chess)[0]
    assert TOPIC.released_id(chess, q1, False) == "chess_grid_01_row_remove_first_row_notitle_px1152_Q1"
    xiangqi = GameBoardSpec(board="xiangqi", variant=1, px=1152)
    assert TOPIC.released_id(xiangqi, q1, False) == (
        "xiangqi_grid_01_row_remove_row_before_river_notitle_px1152_Q1"
    )
    assert TOPIC.row_metadata(xiangqi, q1) == {
        "action": "remove_row",
        "dimension_modified": "row",
        "original_dimensions": "10x9",
        "new_dimensions": "9x9",
        "remove_index": 4,
        "pixel": 1152,
    }
    go = GameBoardSpec(board="go", variant=1, px=1152)
    assert TOPIC.released_id(go, q1, False) == "go_grid_01_remove_row_px1152_Q1"
    assert TOPIC.released_id(go, q1, True) == "go_grid_01_remove_row_withtitle_px1152_Q1"
    assert TOPIC.image_path(GameBoardSpec(board="go", variant=3, px=1152), False) == (
        "images/go_grid_03_add_row_px1152.png"
    )
    assert TOPIC.row_metadata(GameBoardSpec(board="go", variant=4, px=384), q1)["insert_index"] == 19
    sudoku = GameBoardSpec(board="sudoku", variant=8, px=768)
    assert TOPIC.image_path(sudoku, False) == "images/sudoku_grid_08_col_remove_last_col_notitle_px768.png"
    assert TOPIC.row_metadata(sudoku, q1) == {
        "action": "remove",
        "dimension_modified": "col",
        "position": "last",
        "original_dimensions": "9x9",
        "new_dimensions": "9x8",
        "visual_cue": "original_structure_bold_lines",
        "show_coordinates": False,
        "remove_index": 8,
        "pixel": 768,
    }
    standard = GameBoardSpec(board="chess", variant=0, px=1152)
    # The site's unmodified human-study image is `chess_grid_standard_notitle_px1152.png`.
    assert TOPIC.image_path(standard, False) == "images/chess_grid_standard_notitle_px1152.png"


def test_labels_and_scene_sizes() -> None:
    for spec in [*TOPIC.plan(PAPER, None).counterfactuals, *TOPIC.plan(PAPER, None).originals]:
        assert SUB_TOPICS[TOPIC.sub_topic(spec)] == spec.board
        assert TOPIC.title(spec) == GAMES[spec.board]
        scene = TOPIC.scene(spec)
        assert (scene.width, scene.height) == (spec.px, scene_height(spec.board, spec.px))
        assert scene.canvas.width * scene.height == pytest.approx(scene.canvas.height * scene.width)


def test_svg_is_resolution_independent_and_uses_shipped_fonts() -> None:
    for board in BOARDS:
        small, large = (
            TOPIC.scene(GameBoardSpec(board=board, variant=1, px=px)).canvas for px in (384, 1152)
        )
        assert small.to_string() == large.to_string()
        families = {element.get("font-family") for element in small.root.iter()} - {None}
        assert families <= {"DejaVu Sans", "Xiangqi Glyphs"}
        classes = " ".join(element.get("class", "") for element in small.root.iter()).split()
        assert "line" in classes or "square" in classes


# --------------------------------------------------------------------------- pixel audits of the paper build

CONFIG = "game_boards"
#: image_id -> (rows, cols) counted from pixels, shared by splits that reuse an image.
_AUDITED: dict[str, tuple[int, int]] = {}


def _first_rows(dataset) -> dict[str, list[dict]]:
    """Rows (without the image) grouped by image_id, plus the index of each image's first row."""
    grouped: dict[str, list[dict]] = {}
    for index, row in enumerate(dataset.remove_columns("image")):
        grouped.setdefault(row["image_id"], []).append({**row, "_index": index})
    return grouped


def _audit_split(load_split, split: str) -> dict[str, tuple[list[dict], tuple[int, int]]]:
    """Decode every distinct image of a split once, check its size and count it."""
    dataset = load_split(CONFIG, split)
    audited = {}
    for image_id, rows in _first_rows(dataset).items():
        first = rows[0]
        metadata = board_facts(first["sub_topic"], json.loads(first["metadata"]))
        board = metadata["board"]
        assert first["topic"] == "Game Boards" and first["image_id"].startswith(f"{board}_grid_")
        px, height = first["pixel"], scene_height(board, first["pixel"])
        image = dataset[first["_index"]]["image"]
        assert image.mode == "RGB" and image.size == (first["width"], first["height"])
        rgb = np.asarray(image)
        if first["with_title"]:
            bar = first["height"] - height
            assert image.width == px and 0 < bar < height // 4, f"{image_id}: bad title bar {bar}"
            rgb = rgb[bar:]
        else:
            assert image.size == (px, height), image_id
        if image_id not in _AUDITED:
            _AUDITED[image_id] = audit_image(rgb, board, metadata)
        counted = _AUDITED[image_id]
        expected = (metadata["rows"], metadata["cols"])
        assert counted == expected, f"{image_id}: pixels give {counted}, metadata says {expected}"
        audited[image_id] = (rows, counted)
    return audited


def _asked_axis(prompt: str) -> int:
    """0 for rows / horizontal lines, 1 for columns / vertical lines, read from the prompt."""
    if "rows" in prompt or "horizontal lines" in prompt:
        return 0
    assert "columns" in prompt or "vertical lines" in prompt, prompt
    return 1


@pytest.mark.parametrize("split", ["main", "withtitle"])
def test_counting_splits_match_pixels(load_split, split: str) -> None:
    audited = _audit_split(load_split, split)
    assert len(audited) == 84
    for image_id, (rows, counted) in audited.items():
        assert sorted(row["type_of_question"] for row in rows) == ["Q1", "Q2"], image_id
        board = SUB_TOPICS[rows[0]["sub_topic"]]
        assert counted != STANDARD[board], f"{image_id} looks like the standard board"
        for row in rows:
            axis = _asked_axis(row["prompt"])
            assert int(row["ground_truth"]) == counted[axis], row["ID"]
            assert int(row["expected_bias"]) == STANDARD[board][axis], row["ID"]
            # The released form: the file's name and the question (go: `go_grid_01_remove_row_px384_Q1`).
            assert row["image_path"] == f"images/{row['ID'].removesuffix('_' + row['type_of_question'])}.png"
            assert row["ID"] == f"{image_id}_{row['type_of_question']}" or board == "go"
            assert row["with_title"] == (split == "withtitle") and row["is_counterfactual"]


def test_identification_split_matches_pixels(load_split) -> None:
    audited = _audit_split(load_split, "identification")
    assert len(audited) == 84
    for image_id, (rows, counted) in audited.items():
        (row,) = rows
        board = SUB_TOPICS[row["sub_topic"]]
        assert row["type_of_question"] == "Q3"
        assert (row["ground_truth"], row["expected_bias"]) == ("No", "Yes")
        assert counted != STANDARD[board], image_id
        assert f"{STANDARD[board][0]}x{STANDARD[board][1]}" in row["prompt"], row["prompt"]


def test_original_split_matches_pixels(load_split) -> None:
    audited = _audit_split(load_split, "original")
    assert len(audited) == 12
    for image_id, (rows, counted) in audited.items():
        board = json.loads(rows[0]["metadata"])["board"]
        assert counted == STANDARD[board], image_id
        answers = {row["type_of_question"]: row["ground_truth"] for row in rows}
        assert answers == {"ID": GAMES[board], "Q1": str(counted[0])}, image_id
        assert all(row["expected_bias"] is None and not row["is_counterfactual"] for row in rows)


def test_withtitle_keeps_the_untitled_pixels(load_split) -> None:
    """Under the title bar, each titled image is the untitled one, pixel for pixel."""
    main, titled = load_split(CONFIG, "main"), load_split(CONFIG, "withtitle")
    plain = {image_id: index for index, image_id in enumerate(main["image_id"])}
    for board in STANDARD:  # one image per board keeps this quick
        index = next(i for i, row_id in enumerate(titled["ID"]) if row_id.startswith(f"{board}_grid_0"))
        row = titled[index]
        untitled = np.asarray(main[plain[row["image_id"].replace("_withtitle_", "_notitle_")]]["image"])
        assert np.array_equal(np.asarray(row["image"])[-untitled.shape[0] :], untitled)


# --------------------------------------------------------------------------- fresh editions


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def edition_look(edition: int) -> Look:
    """The colours and givens an edition drew (to find the board in its pictures)."""
    light, dark = chess.palette(edition)
    return Look(
        chess=(_rgb(light), _rgb(dark)), xiangqi=_rgb(xiangqi.wood(edition)[1]), givens=sudoku.givens(edition)
    )


def solutions(givens: tuple[str, ...], limit: int = 2) -> int:
    """How many ways the puzzle can be completed (counting stops at `limit`)."""
    grid = [[int(ch) if ch.isdigit() else 0 for ch in row] for row in givens]
    empty = [(r, c) for r in range(9) for c in range(9) if not grid[r][c]]

    def fits(r: int, c: int, digit: int) -> bool:
        box = [grid[r // 3 * 3 + i][c // 3 * 3 + j] for i in range(3) for j in range(3)]
        return digit not in grid[r] and all(grid[i][c] != digit for i in range(9)) and digit not in box

    def count(k: int) -> int:
        if k == len(empty):
            return 1
        r, c = empty[k]
        found = 0
        for digit in range(1, 10):
            if fits(r, c, digit):
                grid[r][c] = digit
                found += count(k + 1)
                grid[r][c] = 0
                if found >= limit:
                    break
        return found

    return count(0)


def test_a_fresh_edition_redraws_the_free_look_and_keeps_every_board_countable() -> None:
    """Seeds 1 and 2 draw other square colours, woods, stones and givens; every lite board still shows
    the rows and columns its metadata give, its givens where the change leaves them, its six white
    stones, and the puzzle is still a sudoku with one solution."""
    looks = []
    for edition in (1, 2):
        look = edition_look(edition)
        looks.append(look)
        assert sum(ch.isdigit() for row in look.givens for ch in row) == 30 and solutions(look.givens) == 1
        for job in FAMILY.jobs(CONFIG, "lite", edition=edition):
            if job.role in ("withtitle", NO_BACKGROUND):  # the twins' own audits: test_background_removal
                continue
            (image,) = FAMILY.draw([job])
            (_, row), *_ = FAMILY.rows(job, NO_PICTURE)
            metadata = board_facts(row["sub_topic"], json.loads(row["metadata"]))
            counted = audit_image(np.asarray(image), metadata["board"], metadata, look)
            assert counted == (metadata["rows"], metadata["cols"]), (job.image_id, edition)
    assert looks[0] != looks[1] and CANONICAL not in looks
    assert solutions(SUDOKU_GIVENS) == 1
    stones = {go.dressing(edition)[1] for edition in (None, 1, 2)}
    assert len(stones) == 3 and all(
        1 <= f <= 16 and 1 <= r <= 16 for s in stones - {go.STONES} for f, r, _ in s
    )
