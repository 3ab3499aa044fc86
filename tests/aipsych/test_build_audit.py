"""Audits of built AIpsych folders: every image's pixels and every row's trap, read from the build.

The `paper` audits read the one session paper build (3,000 images, 60,000 rows); the same audits
run on the lite build in the quick tier. Only pixels and row columns are read: the region a
position names is worked out here from its words (thirds of the image), not taken from the drawing
code, and the colour from the palette's published hex values.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest
from PIL import Image, ImageChops

from builders.aipsych.objects import OBJECT_NAMES
from builders.aipsych.scene import BACKGROUND
from builders.aipsych.vocabulary import COLOURS, PALETTE, POSITIONS
from builders.core.folder import BuiltFolder

SET_LAYOUT = [(0, 1), (0, 2), (1, 1), (1, 2), (2, 1)]  # (set_kind index, target) of sets 1-5
CONFIG, SPLIT = "synthetic", "test"


@pytest.fixture(params=["lite", pytest.param("paper", marks=pytest.mark.slow)])
def folder(request: pytest.FixtureRequest) -> BuiltFolder:
    return BuiltFolder(request.getfixturevalue(f"aipsych_{request.param}"))


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def _region(position: str, width: int, height: int) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1) of the third-by-third cell a position's words name."""
    words = position.split()
    column = 0 if "left" in words else 2 if "right" in words else 1
    row = 0 if "top" in words else 2 if "bottom" in words else 1
    return (column * width // 3, row * height // 3, (column + 1) * width // 3, (row + 1) * height // 3)


def _images(folder: BuiltFolder) -> Iterator[dict[str, Any]]:
    """One row per image (set 1, prompt 1) with its PNG: each image's bytes are decoded once."""
    columns = ["image", "image_id", "objects", "width", "height", "prompt_idx", "set_kind", "target"]
    for path in folder.shards(CONFIG, SPLIT):
        for batch in pq.ParquetFile(path).iter_batches(columns=columns, batch_size=500):
            mask = pc.and_(pc.equal(batch["prompt_idx"], 1), pc.equal(batch["set_kind"], 0))
            yield from batch.filter(pc.and_(mask, pc.equal(batch["target"], 1))).to_pylist()


def _audit_pixels(row: dict[str, Any], background: Image.Image) -> None:
    with Image.open(io.BytesIO(row["image"]["bytes"])) as decoded:
        image = decoded.convert("RGB")
    width, height = image.size
    assert (width, height) == (row["width"], row["height"]) == background.size
    ink = ImageChops.difference(image, background)  # black wherever the background shows
    boxes = []
    for obj in row["objects"]:
        name, colour, position = obj["name"], obj["colour"], obj["position"]
        x0, y0, x1, y1 = region = _region(position, width, height)
        box = ink.crop(region).getbbox()
        assert box is not None, f"{row['image_id']}: {name} is missing from the {position} region"
        left, top, right, bottom = box
        # The object keeps clear of its region's edges, so it does not spill into a neighbour.
        assert left >= 2 and top >= 2 and right <= x1 - x0 - 2 and bottom <= y1 - y0 - 2, row["image_id"]
        boxes.append((x0 + left, y0 + top, x0 + right, y0 + bottom))
        counts = {rgb: n for n, rgb in image.crop(region).getcolors((x1 - x0) * (y1 - y0))}
        drawn = (x1 - x0) * (y1 - y0) - counts.pop(_rgb(BACKGROUND), 0)
        assert drawn > 0.02 * (x1 - x0) * (y1 - y0), f"{row['image_id']}: {name} is too small"
        dominant = max(counts, key=counts.__getitem__)
        assert dominant == _rgb(PALETTE[colour]), (
            f"{row['image_id']}: the {colour} {name} is mostly {dominant}"
        )
        assert counts[dominant] >= 0.4 * drawn, row["image_id"]
        ink.paste((0, 0, 0), region)
    assert ink.getbbox() is None, f"{row['image_id']}: something is drawn outside the two named regions"
    (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = boxes
    assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0, f"{row['image_id']}: the objects overlap"


def test_each_object_sits_in_its_named_region_in_its_colour_and_nothing_else_is_drawn(
    folder: BuiltFolder,
) -> None:
    background = Image.new("RGB", (640, 480), _rgb(BACKGROUND))
    rows = list(_images(folder))
    # Pillow decodes without holding the GIL: two threads audit about twice as fast on two cores.
    with ThreadPoolExecutor(2) as pool:
        list(pool.map(lambda row: _audit_pixels(row, background), rows))
    assert len(rows) == len(folder.manifest.images)
    pairs = {(obj["name"], obj["colour"]) for row in rows for obj in row["objects"]}
    places = {(slot, obj["position"]) for row in rows for slot, obj in enumerate(row["objects"])}
    if len(rows) >= len(OBJECT_NAMES) * len(COLOURS):  # the paper build draws every object in every colour
        assert pairs == {(name, colour) for name in OBJECT_NAMES for colour in COLOURS}
    assert places == {(slot, position) for slot in (0, 1) for position in POSITIONS}


def _line(obj: dict[str, str]) -> str:
    return f"{obj['colour']} {obj['name']} on {obj['position']} of the image."


def test_every_row_carries_its_scene_and_no_trap_offers_the_truth(folder: BuiltFolder) -> None:
    rows = folder.read_rows(CONFIG, SPLIT)
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
        sets = image_rows[::4]
        assert [(row["set_kind"], row["target"]) for row in sets] == SET_LAYOUT
        for row in image_rows:
            truth = objects[row["target"] - 1]
            assert (row["true_colour"], row["true_position"]) == (truth["colour"], truth["position"])
            assert row["true_position"] not in row["offered_positions"]
            assert row["true_colour"] not in row["offered_colours"]
            assert set(row["offered_colours"]) <= set(COLOURS) and set(row["offered_positions"]) <= set(
                POSITIONS
            )
            assert all(value in row["prompt"] for value in row["offered_positions"] + row["offered_colours"])
            assert truth["name"] in row["prompt"] and row["objects"] == objects
        assert [len(set(row["offered_colours"])) for row in sets] == [0, 0, 2, 2, 1]
        assert [len(set(row["offered_positions"])) for row in sets] == [2, 2, 0, 0, 2]
        assert sets[4]["offered_positions"] == sets[0]["offered_positions"]
        assert sets[4]["offered_colours"] == sets[2]["offered_colours"][:1]
