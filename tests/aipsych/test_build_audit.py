"""Audits of built AIpsych folders: every image's pixels and every row's trap, read from the build.

The `paper` audits read the one session paper build (3,000 images, 60,000 rows): every row, and the
pixels of a seeded sample of 240 images (`tests/sweep.py`; all 3,000 in `benchmarks/full_sweeps.py`);
the same audits run in the quick tier on the lite build and on the lite preset's edition of seed 7.
Pixels and row columns are read, not the drawing code: the region a position names is worked out
here from its words (thirds of the image), and the colour from the palette's published hex values.
A colour region is where 2 x 2 blocks of pixels have that exact colour: none may lie outside the
asked objects of that colour. One measurement needs a reference only the drawing code can give: how
much of an asked object the unasked ones hide is its exact-colour area in the image over that area
in the same scene drawn without them (drawn only for scenes where an unasked object comes near an
asked one).
"""

from __future__ import annotations

from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest

from builders.aipsych.colours import NEAR_SYNONYM, delta_e
from builders.aipsych.layout import lay_out
from builders.aipsych.scene import draw_scene
from builders.aipsych.spec import SceneSpec
from builders.aipsych.vocabulary import COLOURS, PALETTE
from builders.core.folder import BuiltFolder
from builders.core.raster import png_pixels, rasterize_image
from tests.sweep import Sweep

SET_LAYOUT = [(0, 1), (0, 2), (1, 1), (1, 2), (2, 1)]  # (set_kind index, target) of sets 1-5
CONFIG, SPLIT = "synthetic", "test"
#: An asked object shows at least this share of its exact colour with the unasked objects drawn.
VISIBLE = 0.6
#: Pixels of an asked colour outside its objects' cells that antialiasing may make by chance.
STRAY_PIXELS = 30
#: The least exact-colour area an asked object shows, as a share of its cell (61 pixels at 640 x 480):
#: objects are drawn at their real size, so a small one's exact colour (the middle of each body part
#: under the shading) is small; `scale.LEAST_COLOUR` keeps it large enough to see.
LEAST_AREA = 0.0018
#: The release's shares of object lines by cell group (specs/aipsych_release.md): the four corner
#: phrases are 58.1 % of its 1,944 lines, "center" 2.2 %; every single-cell phrase counted, 60.5 %
#: corners, 32.6 % edges and 2.5 % centre.
RELEASE_SHARES = ({"corner": 58.1, "centre": 2.2}, {"corner": 60.5, "edge": 32.6, "centre": 2.5})


@pytest.fixture(params=["lite", "lite_seeded", pytest.param("paper", marks=pytest.mark.slow)])
def folder(request: pytest.FixtureRequest) -> BuiltFolder:
    return BuiltFolder(request.getfixturevalue(f"aipsych_{request.param}"))


def _rgb(hex_colour: str) -> np.ndarray:
    return np.array([int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)], dtype=np.uint8)


def _cell(position: str) -> tuple[int, int]:
    """(column, row) of the third-by-third cell a position's words name."""
    words = position.replace(",", " ").split()
    return (
        0 if "left" in words else 2 if "right" in words else 1,
        0 if "top" in words else 2 if "bottom" in words else 1,
    )


def _group(position: str) -> str:
    column, row = _cell(position)
    return {0: "centre", 1: "edge", 2: "corner"}[(column != 1) + (row != 1)]


#: The columns the pixel audit reads of an image's first row.
AUDITED = ["image", "image_id", "objects", "width", "height"]
#: Images whose pixels the suite audits in the paper build (`sweep`: all of them in the full sweep).
SAMPLE = 240


def _images(
    folder: BuiltFolder, image_ids: set[str] | None = None, columns: list[str] = AUDITED
) -> list[dict[str, Any]]:
    """`columns` of each image's first row (set 1, prompt 1), with its PNG by default, of the images in
    `image_ids` (default: every image); the bytes of the others are never kept."""
    found = []
    wanted = None if image_ids is None else pa.array(sorted(image_ids))
    for path in folder.shards(CONFIG, SPLIT):
        read = sorted({*columns, "image_id", "prompt_idx", "set_kind", "target"})
        for batch in pq.ParquetFile(path).iter_batches(columns=read, batch_size=500):
            mask = pc.and_(pc.equal(batch["prompt_idx"], 1), pc.equal(batch["set_kind"], 0))
            mask = pc.and_(mask, pc.equal(batch["target"], 1))
            if wanted is not None:
                mask = pc.and_(mask, pc.is_in(batch["image_id"], value_set=wanted))
            found += batch.filter(mask).select(columns).to_pylist()
    return found


def _exact(pixels: np.ndarray, colour: str) -> np.ndarray:
    return (pixels == _rgb(PALETTE[colour])).all(axis=2)


def _near(spec: SceneSpec) -> bool:
    """Whether an unasked object, or the shadow at its feet, may touch an asked one (its box grown by
    30 % of its width holds its shadow; every figure stays inside its box: `test_scene`)."""
    placed = lay_out(spec)
    asked = [item.box for item in placed if item.asked is not None]
    return any(
        item.box.grown(0.3 * item.box.width).overlaps(box)
        for item in placed
        if item.asked is None
        for box in asked
    )


def _audit(row: dict[str, Any], spec: dict[str, Any]) -> list[str]:
    """Every way one image breaks the rules, as sentences (none: it passes)."""
    pixels = png_pixels(row["image"]["bytes"])
    height, width, _ = pixels.shape
    scene = SceneSpec.from_dict(spec)
    alone = pixels  # nothing unasked comes near an asked object: it shows all it would alone
    if _near(scene):
        alone = np.asarray(rasterize_image(draw_scene(scene, clutter=False), width, height))
    problems, boxes = [], []
    where = np.zeros((height, width), dtype=bool)
    for obj in row["objects"]:
        column, line = _cell(obj["position"])
        x0, x1 = column * width // 3, (column + 1) * width // 3
        y0, y1 = line * height // 3, (line + 1) * height // 3
        where[y0:y1, x0:x1] = True
        exact = _exact(pixels, obj["colour"])
        mates = [o for o in row["objects"] if o["colour"] == obj["colour"]]
        allowed = np.zeros_like(exact)
        for mate in mates:
            mc, ml = _cell(mate["position"])
            allowed[ml * height // 3 : (ml + 1) * height // 3, mc * width // 3 : (mc + 1) * width // 3] = True
        # A region is where a 2 x 2 block is all that colour; antialiased edges that happen to hit
        # a palette value are single pixels or one-pixel lines, not regions (and few).
        block = exact[:-1, :-1] & exact[1:, :-1] & exact[:-1, 1:] & exact[1:, 1:]
        stray, loose = int((block & ~allowed[:-1, :-1]).sum()), int((exact & ~allowed).sum())
        if stray or loose > STRAY_PIXELS:
            problems.append(
                f"{obj['colour']} shows outside the asked {obj['colour']} objects ({loose} pixels)"
            )
        inside = exact[y0:y1, x0:x1]
        shown, unhidden = int(inside.sum()), int(_exact(alone, obj["colour"])[y0:y1, x0:x1].sum())
        name = f"the {obj['colour']} {obj['name']} on the {obj['position']}"
        if shown < LEAST_AREA * (x1 - x0) * (y1 - y0):
            problems.append(f"{name} shows only {shown} pixels of its colour")
        if shown < VISIBLE * unhidden:
            problems.append(f"{name} is only {shown / max(unhidden, 1):.0%} visible")
        ys, xs = np.nonzero(inside)
        if len(xs):
            boxes.append((x0 + xs.min(), y0 + ys.min(), x0 + xs.max(), y0 + ys.max()))
    if len(boxes) == 2:
        (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = boxes
        if not (ax1 < bx0 or bx1 < ax0 or ay1 < by0 or by1 < ay0):
            problems.append("the two asked objects' colour regions overlap")
    ground = pixels[~where]
    colours = Counter(map(tuple, ground[:: max(1, len(ground) // 20000)]))
    if len(colours) < 100 or colours.most_common(1)[0][1] > 0.5 * sum(colours.values()):
        problems.append(f"the background is nearly flat ({len(colours)} colours)")
    return [f"{row['image_id']}: {problem}" for problem in problems]


def test_each_asked_object_shows_its_exact_colour_in_its_cell_mostly_visible_on_a_real_backdrop(
    folder: BuiltFolder, sweep: Sweep
) -> None:
    specs = {image_id: dict(entry.spec) for image_id, entry in folder.manifest.images.items()}
    audited = sweep.sample(sorted(specs), SAMPLE, "aipsych colour audit")
    rows = _images(folder, set(audited))
    assert sorted(row["image_id"] for row in rows) == audited
    with ProcessPoolExecutor(2) as pool:
        found = [
            problem
            for problems in pool.map(_audit, rows, [specs[r["image_id"]] for r in rows], chunksize=8)
            for problem in problems
        ]
    assert not found, f"{len(found)} problems, first: {found[:5]}"


def test_the_settings_are_taken_in_turn(folder: BuiltFolder) -> None:
    settings = Counter(row["setting"] for row in _images(folder, columns=["setting"]))
    assert sum(settings.values()) == len(folder.manifest.images)
    assert len(settings) == 6 and max(settings.values()) - min(settings.values()) <= 1


def _line(obj: dict[str, str]) -> str:
    return f"{obj['colour']} {obj['name']} on {obj['position']} of the image."


def test_every_row_carries_its_scene_and_no_trap_offers_the_truth_or_a_near_synonym(
    folder: BuiltFolder,
) -> None:
    asked = ["id", "image_id", "objects", "description", "set_kind", "target", "true_colour", "true_position"]
    asked += ["offered_positions", "offered_colours", "prompt", "clutter"]  # not the large `layout`
    rows = list(folder.rows(CONFIG, SPLIT, asked))
    by_image: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_image.setdefault(row["image_id"], []).append(row)
    assert sorted(by_image) == sorted(folder.manifest.images) and len(rows) == 20 * len(by_image)
    for image_id, image_rows in by_image.items():
        assert [row["id"] for row in image_rows] == [
            f"{image_id}-s{s}-p{p}" for s in range(1, 6) for p in range(1, 5)
        ]
        objects = image_rows[0]["objects"]
        assert image_rows[0]["description"] == "\n".join(_line(obj) for obj in objects)
        assert _cell(objects[0]["position"]) != _cell(objects[1]["position"])
        sets = image_rows[::4]
        assert [(row["set_kind"], row["target"]) for row in sets] == SET_LAYOUT
        for row in image_rows:
            truth = objects[row["target"] - 1]
            assert (row["true_colour"], row["true_position"]) == (truth["colour"], truth["position"])
            assert all(_cell(offered) != _cell(row["true_position"]) for offered in row["offered_positions"])
            assert row["true_colour"] not in row["offered_colours"]
            assert set(row["offered_colours"]) <= set(COLOURS)
            for offered in row["offered_colours"]:
                assert delta_e(PALETTE[offered], PALETTE[row["true_colour"]]) >= NEAR_SYNONYM, (
                    image_id,
                    offered,
                )
            assert all(value in row["prompt"] for value in row["offered_positions"] + row["offered_colours"])
            assert truth["name"] in row["prompt"] and row["objects"] == objects
            assert all(
                name.split()[-1] not in {o["name"].split()[-1] for o in objects} for name in row["clutter"]
            )
        assert [len(set(row["offered_colours"])) for row in sets] == [0, 0, 2, 2, 1]
        assert [len(set(row["offered_positions"])) for row in sets] == [2, 2, 0, 0, 2]
        assert sets[4]["offered_positions"] == sets[0]["offered_positions"]
        assert sets[4]["offered_colours"] == sets[2]["offered_colours"][:1]


@pytest.mark.slow
def test_the_paper_preset_places_objects_as_the_release_does(aipsych_paper) -> None:
    rows = list(BuiltFolder(aipsych_paper).rows(CONFIG, SPLIT, ["objects", "clutter"]))
    objects = [obj for row in rows[::20] for obj in row["objects"]]
    groups = Counter(_group(obj["position"]) for obj in objects)
    shares = {group: 100 * count / len(objects) for group, count in groups.items()}
    for release in RELEASE_SHARES:
        for group, share in release.items():
            assert abs(shares[group] - share) <= 5, (group, shares[group], share)
    clutter = Counter(len(row["clutter"]) for row in rows[::20])
    assert set(clutter) == set(range(3, 9))
