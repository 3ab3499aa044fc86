"""AIpsych scenes: specs, the planner's balance, the layout's geometry and the figures' margins.

The pixel audits of drawn scenes read the session's builds (`test_build_audit`); the region a
position names is worked out here from its words (thirds of the image), not taken from the layout.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from builders.aipsych.layout import object_boxes
from builders.aipsych.objects import CATALOGUE, OBJECT_NAMES
from builders.aipsych.scene import BACKGROUND
from builders.aipsych.spec import PRESETS, SceneSpec, plan, scene_spec
from builders.aipsych.vocabulary import COLOURS, PALETTE, POSITIONS
from builders.core.errors import SpecError, UsageError
from builders.core.raster import rasterize_image


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def _region(position: str, width: int, height: int) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1) of the third-by-third cell a position's words name."""
    words = position.split()
    column = 0 if "left" in words else 2 if "right" in words else 1
    row = 0 if "top" in words else 2 if "bottom" in words else 1
    return (column * width // 3, row * height // 3, (column + 1) * width // 3, (row + 1) * height // 3)


def test_every_paper_scene_places_its_objects_inside_their_cells_apart() -> None:
    """The planned geometry of all 3,000 paper scenes (`test_build_audit` checks their pixels)."""
    for spec in plan("paper"):
        boxes = object_boxes(spec)
        for (_, _, position), box in zip(spec.objects, boxes, strict=True):
            x0, y0, x1, y1 = _region(position, spec.width, spec.height)
            assert x0 + 8 <= box.x and box.right <= x1 - 8 and y0 + 8 <= box.y and box.bottom <= y1 - 8
            assert box.width >= 0.5 * (x1 - x0) or box.height >= 0.5 * (y1 - y0)
        assert not boxes[0].overlaps(boxes[1])


def test_the_background_is_far_from_every_palette_colour() -> None:
    background = np.array(_rgb(BACKGROUND))
    for name, hex_colour in PALETTE.items():
        assert np.abs(np.array(_rgb(hex_colour)) - background).sum() >= 60, name


def test_every_figure_fits_its_design_box_with_a_margin() -> None:
    """Drawn alone at its design size, a figure leaves its box's edge rows and columns empty."""
    from builders.aipsych.objects import Paint, Pen
    from builders.core.svg import Canvas

    for name, figure in CATALOGUE.items():
        canvas = Canvas(figure.width, figure.height, background="#ffffff")
        figure.draw(Pen(canvas.group(), Paint(PALETTE["red"])))
        pixels = np.asarray(rasterize_image(canvas, int(figure.width), int(figure.height)))
        ink = (pixels < 250).any(axis=2)
        assert not (ink[0].any() or ink[-1].any() or ink[:, 0].any() or ink[:, -1].any()), name


def test_specs_round_trip_and_reject_what_cannot_be_drawn() -> None:
    spec = scene_spec(7)
    assert SceneSpec.from_dict(spec.to_dict()) == spec
    assert spec.image_id == "synthetic-00007"
    good = spec.objects
    bad = [
        (good[0],),
        ((good[0][0], "beige", good[0][2]), good[1]),
        ((good[0][0], good[0][1], "middle"), good[1]),
        ((good[1][0], good[0][1], good[0][2]), good[1]),
        ((good[0][0], good[0][1], good[1][2]), good[1]),
    ]
    for objects in bad:
        with pytest.raises(SpecError):
            SceneSpec(seed_key="x", objects=objects)
    with pytest.raises(SpecError, match="too small"):
        SceneSpec(seed_key="x", objects=good, width=64, height=48)


def test_presets_plan_balanced_scenes_and_lite_is_the_start_of_paper() -> None:
    paper = list(plan("paper"))
    assert len(paper) == PRESETS["paper"] == 3000
    assert list(plan("lite")) == paper[: PRESETS["lite"]]
    assert len({spec.image_id for spec in paper}) == 3000
    for slot in (0, 1):
        assert {spec.objects[slot][0] for spec in paper[:24]} == set(OBJECT_NAMES)
        for field, vocabulary in ((0, OBJECT_NAMES), (1, COLOURS), (2, POSITIONS)):
            counts = Counter(spec.objects[slot][field] for spec in paper)
            assert set(counts) == set(vocabulary)
            assert max(counts.values()) - min(counts.values()) <= 1
    assert paper == list(plan("paper"))
    with pytest.raises(UsageError, match="unknown preset 'full'"):
        list(plan("full"))
