"""AIpsych's drawn scenes, audited from their rows' `layout` and pixels (`audits`).

The quick tier checks every row's `layout` of the lite builds (canonical and seed 7) against the
row's own columns; the slow tier runs the audits on the session's paper build (every row's layout, a
seeded sample of 300 images' pixels) and on the first `SEEDED_SCENES` scenes of the paper editions of
seeds 1 and 2 (every image). `benchmarks/aipsych_scenes.py` runs them on three whole editions.
"""

from __future__ import annotations

import statistics
from collections import Counter
from pathlib import Path

import pytest

from builders.aipsych.layout import VISIBLE
from builders.core.folder import BuiltFolder
from tests.aipsych.audits import (
    CONFIG,
    SPLIT,
    occlusion,
    sample,
    scene_rows,
    size_parity,
    stray_pixels,
)
from tests.aipsych.conftest import SEEDED_SCENES

#: The least share of asked objects partly hidden by clutter (the issue's floor; the release's photos
#: are cluttered).
OCCLUDED = 0.15
#: Images of the paper build whose pixels the suite reads.
PIXEL_SAMPLE = 300


def _cell(position: str, width: int, height: int) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the third-by-third cell a position's words name."""
    words = position.replace(",", " ").split()
    column = 0 if "left" in words else 2 if "right" in words else 1
    row = 0 if "top" in words else 2 if "bottom" in words else 1
    return column * width / 3, row * height / 3, (column + 1) * width / 3, (row + 1) * height / 3


@pytest.fixture(params=["lite", "lite_seeded", pytest.param("paper", marks=pytest.mark.slow)])
def folder(request: pytest.FixtureRequest) -> BuiltFolder:
    return BuiltFolder(request.getfixturevalue(f"aipsych_{request.param}"))


def test_every_row_lists_every_drawn_object_its_role_box_and_visible_share(folder: BuiltFolder) -> None:
    """The row's target is `asked`, the other described object `described`, the rest `clutter` (the
    row's `clutter`, in any order); an asked or described object's box lies in the cell its phrase
    names and it has the row's colour for it."""
    columns = ["image_id", "layout", "objects", "clutter", "target", "width", "height"]
    for row in folder.rows(CONFIG, SPLIT, columns):
        layout, objects = row["layout"], row["objects"]
        roles = Counter(entry["role"] for entry in layout)
        assert roles == {"asked": 1, "described": 1, "clutter": len(row["clutter"])}, row["image_id"]
        assert sorted(e["kind"] for e in layout if e["role"] == "clutter") == sorted(row["clutter"])
        for role, index in (("asked", row["target"] - 1), ("described", 2 - row["target"])):
            (entry,) = [e for e in layout if e["role"] == role]
            obj = objects[index]
            assert (entry["kind"], entry["colour"]) == (obj["name"], obj["colour"]), row["image_id"]
            x0, y0, x1, y1 = _cell(obj["position"], row["width"], row["height"])
            bx0, by0, bx1, by1 = entry["bbox"]
            assert x0 <= bx0 < bx1 <= x1 and y0 <= by0 < by1 <= y1, (row["image_id"], entry, obj)
        for entry in layout:
            bx0, by0, bx1, by1 = entry["bbox"]
            assert 0 <= bx0 < bx1 <= row["width"] and 0 <= by0 < by1 <= row["height"], row["image_id"]
            assert 0 < entry["visible_fraction"] <= 1


def test_no_pixel_of_an_asked_colour_lies_outside_its_objects_in_the_lite_builds(folder: BuiltFolder) -> None:
    if len(folder.manifest.images) > SEEDED_SCENES:
        pytest.skip("the paper build's pixels are sampled below")
    rows = scene_rows(folder, ["image"])
    assert {row["image_id"]: stray_pixels(row) for row in rows} == {row["image_id"]: 0 for row in rows}


@pytest.mark.slow
def test_one_size_law_for_asked_and_unasked_objects_of_a_kind(aipsych_paper: Path) -> None:
    """Per kind drawn 40 times or more in each role, the median height of its asked objects' boxes is
    within 0.9-1.1 of its unasked ones' (the issue's bar, met in every edition by the plan's coupling)."""
    parity = size_parity(scene_rows(BuiltFolder(aipsych_paper)))
    assert len(parity) >= 40, [p.kind for p in parity]
    assert [p for p in parity if not p.within] == []


@pytest.mark.slow
def test_a_share_of_asked_objects_is_partly_hidden_none_below_the_minimum(aipsych_paper: Path) -> None:
    found = occlusion(scene_rows(BuiltFolder(aipsych_paper)))
    assert found.asked == 6000 and found.share >= OCCLUDED and found.lowest >= VISIBLE, found


@pytest.mark.slow
def test_no_asked_colour_strays_outside_its_objects_in_a_paper_sample(aipsych_paper: Path) -> None:
    folder = BuiltFolder(aipsych_paper)
    audited = sample(sorted(folder.manifest.images), PIXEL_SAMPLE, "aipsych stray pixels")
    rows = scene_rows(folder, ["image"], audited)
    assert len(rows) == PIXEL_SAMPLE
    assert [(row["image_id"], stray_pixels(row)) for row in rows if stray_pixels(row)] == []


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_fresh_paper_editions_keep_the_size_law_occlusion_and_exact_colours(
    aipsych_paper_seeded: dict[int, Path], seed: int
) -> None:
    """On a sample of an edition, too few drawings per kind to compare one kind's medians: the kinds'
    ratios (of those drawn 5 times or more in each role) are centred on 1 instead."""
    rows = scene_rows(BuiltFolder(aipsych_paper_seeded[seed]), ["image"])
    assert len(rows) == SEEDED_SCENES
    ratios = [p.ratio for p in size_parity(rows, least=5)]
    assert len(ratios) >= 20 and 0.9 <= statistics.median(ratios) <= 1.1, statistics.median(ratios)
    found = occlusion(rows)
    assert found.share >= OCCLUDED and found.lowest >= VISIBLE, found
    assert [(row["image_id"], stray_pixels(row)) for row in rows if stray_pixels(row)] == []
