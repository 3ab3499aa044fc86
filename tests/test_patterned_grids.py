"""Patterned grids: plan facts, verbatim prompts, and a pixel audit of every paper-preset image."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

from builders.core.raster import Picture
from builders.vlmbias.background import NO_BACKGROUND
from builders.vlmbias.family import FAMILY
from builders.vlmbias.parameters import PRESETS
from builders.vlmbias.patterned_grids.spec import (
    GridSpec,
    anomaly_cells,
    cell_name,
    counterfactual_specs,
    interior,
    parse_cell,
    standard_count,
)
from builders.vlmbias.patterned_grids.topic import PatternedGrids
from tests.pixels import bands, blobs, crop_title, dark_mask, fill_ratio

TOPIC = PatternedGrids()
PAPER, LITE = PRESETS["paper"], PRESETS["lite"]
NO_PICTURE = Picture(png=b"", width=0, height=0, pixel_sha256="")

CONFIG = "patterned_grids"


def test_paper_preset_has_168_counterfactual_images_in_14_groups():
    specs = list(counterfactual_specs(PAPER.patterned_grids, PAPER.resolutions))
    assert len(specs) == 168
    assert sorted({s.group for s in specs}) == list(range(1, 15))
    assert sorted({s.size for s in specs}) == list(range(6, 13))
    assert {(s.pattern, s.modification) for s in specs} == {
        ("dice", "remove"),
        ("dice", "replace"),
        ("tally", "remove"),
        ("tally", "add"),
    }
    assert list(TOPIC.plan(PAPER, None).originals) == []  # the release has no unmodified grids
    assert len(list(counterfactual_specs(LITE.patterned_grids, LITE.resolutions))) == 12


def test_anomaly_cells_are_interior_distinct_per_size_and_keep_the_published_ones():
    cells = anomaly_cells()
    for group, (row, col) in cells.items():
        size = 6 + (group - 1) % 7
        assert row in interior(size) and col in interior(size)
    for group in range(1, 8):
        assert cells[group] != cells[group + 7]
    # Released file names (dice_001_remove_C3, dice_002_remove_E5, tally_003_add_D4, dice_012_replace_D4) and
    # the project site's human-study metadata (tally_014_remove, "How many lines are there in cell D8?").
    published = {1: "C3", 2: "E5", 3: "D4", 12: "D4", 14: "D8"}
    assert {g: cell_name(*cells[g]) for g in published} == published


def test_dice_remove_and_replace_share_the_dot_and_counts_differ_by_one():
    specs = list(counterfactual_specs(PAPER.patterned_grids, PAPER.resolutions))
    for group in range(1, 15):
        dice = [s for s in specs if s.group == group and s.pattern == "dice"]
        assert len({s.dot_index for s in dice}) == 1
    for spec in specs:
        assert abs(spec.actual - spec.standard) == 1


def test_prompts_are_verbatim_from_the_paper():
    spec = GridSpec(
        pattern="dice",
        size=6,
        group=1,
        row=2,
        col=2,
        modification="replace",
        dot_index=1,
        shape="star",
        px=384,
    )
    q1, q2, q3 = TOPIC.questions(spec)
    assert (
        q1.prompt
        == "How many circles are there in cell C3? Answer with a number in curly brackets, e.g., {9}."
    )
    assert q2.prompt == "Count the circles in cell C3. Answer with a number in curly brackets, e.g., {9}."
    assert q3.prompt == "Does cell C3 contain 3 circles? Answer in curly brackets, e.g., {Yes} or {No}."
    assert (q1.ground_truth, q1.expected_bias, q3.ground_truth, q3.expected_bias) == ("2", "3", "No", "Yes")
    tally = GridSpec(
        pattern="tally", size=6, group=1, row=2, col=2, modification="add", dot_index=0, shape="", px=384
    )
    assert TOPIC.questions(tally)[0].prompt.startswith("How many lines are there in cell C3?")
    assert TOPIC.questions(tally)[0].ground_truth == "4"


def test_released_ids_paths_and_metadata():
    """As the release's first commit writes them (anvo25/vlms-are-biased@b6508ee,
    source/dice_tally_generator.py: ID, file name, `common_meta`) and the site shows them."""
    spec = GridSpec(
        pattern="dice",
        size=6,
        group=1,
        row=2,
        col=2,
        modification="replace",
        dot_index=0,
        shape="star",
        px=1152,
    )
    q1 = TOPIC.questions(spec)[0]
    assert TOPIC.released_id(spec, q1, False) == "dice_001_replace_notitle_px1152_prompt1"
    assert TOPIC.image_path(spec, False) == "images/dice_001_replace_C3_notitle_px1152.png"
    assert TOPIC.image_path(spec, True) == "images/dice_001_replace_C3_withtitle_px1152.png"
    assert TOPIC.row_metadata(spec, q1) == {
        "group_id": 1,
        "action": "replace",
        "grid_type": "dice",
        "grid_size": "6x6",
        "modified_cell": "C3",
        "standard_count": 3,
        "modified_count": 2,
        "target_shape_index": 0,
        "pattern_type": 7,
        "action_description": "Group 1, Action: dice replace index 0 in C3 with star",
        "pixel": 1152,
        "modify": True,
        "type": "star",
        "color": "black",
    }
    tally = dataclasses.replace(spec, pattern="tally", modification="remove", shape="")
    meta = TOPIC.row_metadata(tally, q1)
    assert (meta["target_shape_index"], meta["remove"]) == (-1, True)
    assert meta["action_description"] == "Group 1, Action: tally remove index -1 in C3"
    add = dataclasses.replace(tally, modification="add")
    meta = TOPIC.row_metadata(add, q1)
    assert (meta["target_shape_index"], meta["add"], meta["action_description"]) == (
        None,
        True,
        "Group 1, Action: tally add to C3",
    )


def test_specs_round_trip_and_reject_bad_values():
    for spec in counterfactual_specs(PAPER.patterned_grids, PAPER.resolutions):
        assert GridSpec.from_dict(json.loads(json.dumps(spec.to_dict()))) == spec
    with pytest.raises(ValueError, match="modification for tally"):
        GridSpec(
            pattern="tally",
            size=6,
            group=1,
            row=2,
            col=2,
            modification="replace",
            dot_index=0,
            shape="star",
            px=384,
        )


# ---- pixel audit --------------------------------------------------------------------------------


def find_cells(mask: np.ndarray, size: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Cell interiors (top..bottom, left..right), found between the long border lines.

    Border lines run through every cell (about 88% of the image); the next longest
    marks, tally strokes lined up down a column plus a column letter, reach about 70%.
    Between the first and last border, the long gaps are the cell interiors (the short
    ones are the spaces between neighbouring cells).
    """

    def interiors(profile: np.ndarray) -> list[tuple[int, int]]:
        border = profile > 0.8
        lines = bands(border)
        first, last = lines[0][0], lines[-1][1]
        minimum = 0.4 * len(profile) / size
        return [(a, b) for a, b in bands(~border) if a > first and b < last and b - a > minimum]

    rows, cols = interiors(mask.mean(axis=1)), interiors(mask.mean(axis=0))
    assert len(rows) == size and len(cols) == size, (len(rows), len(cols), size)
    return rows, cols


def count_in_cell(mask: np.ndarray, pattern: str) -> tuple[int, int]:
    """(marks, non-circular marks) inside one cell's interior.

    A disc fills 0.65-0.86 of its bounding box once pixelated; a square fills ~1, a
    triangle or star about half or less.
    """
    height, width = mask.shape
    inner = mask[1 : height - 1, 1 : width - 1]
    if pattern == "dice":
        found = [b for b in blobs(inner) if b.sum() >= 3]
        return len(found), sum(1 for b in found if not 0.6 <= fill_ratio(b) <= 0.9)
    return count_tally(inner), 0


def count_tally(mask: np.ndarray) -> int:
    """Tally strokes: verticals are the columns dark for over half the marks' height; each
    diagonal is what joins several verticals into one connected mark."""
    ys = np.nonzero(mask.any(axis=1))[0]
    if ys.size == 0:
        return 0
    verticals = bands(mask.sum(axis=0) > 0.5 * (ys.max() - ys.min() + 1))
    diagonals = 0
    for blob in blobs(mask):
        columns = blob.any(axis=0)
        if sum(1 for start, stop in verticals if columns[start:stop].any()) > 1:
            diagonals += 1
    return len(verticals) + diagonals


def audit(image, metadata: dict, titled: bool) -> None:
    size = int(metadata["grid_size"].split("x")[0])
    if titled:
        bar, image = crop_title(image, image.width)
        assert dark_mask(bar).sum() > 50, "the title bar has no text"
    rows, cols = find_cells(dark_mask(image, threshold=200), size)  # faint anti-aliased borders count
    # Thin tally strokes at 384 px are partly grey: count ink darker than 140 for them.
    cell_masks = {"dice": dark_mask(image), "tally": dark_mask(image, threshold=140)}
    anomaly = parse_cell(metadata["modified_cell"])
    for r, (top, bottom) in enumerate(rows):
        for c, (left, right) in enumerate(cols):
            marks, odd = count_in_cell(
                cell_masks[metadata["grid_type"]][top:bottom, left:right], metadata["grid_type"]
            )
            is_anomaly = (r, c) == anomaly
            expected = metadata["modified_count"] if is_anomaly else standard_count(c, size)
            shapes_resolved = image.width >= 768  # at 384 px a dot is ~7 px: too few to tell shapes
            if metadata["action"] == "replace" and is_anomaly:
                assert marks == expected + 1, (metadata, r, c, marks)
                assert odd == 1 or not shapes_resolved, (metadata, r, c, odd)
            else:
                assert marks == expected, (metadata, r, c, marks)
                assert odd == 0 or not shapes_resolved, (metadata, r, c, odd)


@pytest.mark.parametrize("split", ["main", "withtitle"])
def test_every_paper_image_shows_the_counts_its_rows_claim(load_split, split):
    ds = load_split(CONFIG, split)
    audited = 0
    ids = ds["image_id"]
    for index, image_id in enumerate(ids):
        if index and ids[index - 1] == image_id:
            continue
        row = ds[index]
        image = row["image"]
        assert image.mode == "RGB" and image.width == row["pixel"] == row["width"]
        metadata = json.loads(row["metadata"])
        assert int(row["ground_truth"]) == metadata["modified_count"]
        assert int(row["expected_bias"]) == metadata["standard_count"]
        audit(image, metadata, titled=row["with_title"])
        audited += 1
    assert audited == {"main": 168, "withtitle": 168}[split]


def test_a_fresh_edition_shows_the_counts_its_rows_claim():
    """Seed 3 draws its own anomaly cells, dots and shapes; every cell of every image (768 px, where
    shapes are resolved) still shows what its rows' metadata say."""
    params = dataclasses.replace(LITE, resolutions=(768,))
    cells = set()
    for job in FAMILY.jobs(CONFIG, "lite", params=params, edition=3):
        if job.role == NO_BACKGROUND:  # the anomaly cell alone: tests/test_background_removal.py audits it
            continue
        (image,) = FAMILY.draw([job])
        (_, row), *_ = FAMILY.rows(job, NO_PICTURE)
        metadata = json.loads(row["metadata"])
        assert metadata["modified_cell"] == job.spec.cell
        audit(image, metadata, titled=job.role == "withtitle")
        cells.add((job.spec.group, job.spec.cell))
    canonical = {(spec.group, spec.cell) for spec in counterfactual_specs(LITE.patterned_grids, (768,))}
    assert cells != canonical
