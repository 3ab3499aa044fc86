"""AIpsych scenes: specs, the planner's balances, the layout's geometry, the catalogue and the figures.

The pixel audits of drawn scenes read the session's builds (`test_build_audit`); the region a
position names is worked out here from its words (thirds of the image), not taken from the layout.
"""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter
from statistics import median

import numpy as np
import pytest

from builders.aipsych.colours import NEAR_SYNONYM, delta_e
from builders.aipsych.layout import Placed, lay_out
from builders.aipsych.lighting import add_lighting
from builders.aipsych.objects import CATALOGUE, Pen
from builders.aipsych.objects.base import paint_for
from builders.aipsych.params import PRESETS
from builders.aipsych.placements import AT_WALL, PLANES
from builders.aipsych.plan import SCENES_PER_BLOCK, plan, position_deck, scene_spec
from builders.aipsych.positions import BLOCK, POSITIONS, RELEASE_COUNTS, block_quota, group_of
from builders.aipsych.scale import CELL_MARGIN, SHELF_DEPTH, depth_range, icon_ppm, legible, size_at
from builders.aipsych.scene import TONES
from builders.aipsych.settings import DEFAULT_SETTINGS, SETTINGS
from builders.aipsych.spec import SceneSpec
from builders.aipsych.vocabulary import COLOURS, PALETTE, colour_distractors, wrong_colours
from builders.core.errors import SpecError
from builders.core.hashing import rng_for
from builders.core.raster import rasterize_image
from builders.core.svg import Canvas


@functools.cache
def paper_plan() -> list[SceneSpec]:
    """The paper preset's 3,000 specs, planned once by the first test that reads them (not at
    collection: every worker collects this module)."""
    return list(plan(PRESETS["paper"]))


def _region(position: str, width: int, height: int) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the third-by-third cell a position's words name."""
    words = position.split()
    column = 0 if "left" in words else 2 if "right" in words else 1
    row = 0 if "top" in words else 2 if "bottom" in words else 1
    return (column * width / 3, row * height / 3, (column + 1) * width / 3, (row + 1) * height / 3)


def _region_row(position: str) -> int:
    words = position.split()
    return 0 if "top" in words else 2 if "bottom" in words else 1


def test_the_catalogue_has_sixty_kinds_with_multi_word_names_each_at_home_somewhere() -> None:
    assert len(CATALOGUE) >= 60
    assert sum(" " in name for name in CATALOGUE) >= 15
    assert {"fire hydrant", "office chair", "traffic light", "hot air balloon"} <= set(CATALOGUE)
    for name, figure in CATALOGUE.items():
        assert any(figure.placements(setting) for setting in DEFAULT_SETTINGS), name
        assert set(figure.colours) <= set(COLOURS) and len(figure.colours) >= 3, name


@pytest.mark.parametrize("setting", DEFAULT_SETTINGS)
def test_every_row_of_every_setting_has_objects_of_every_colour(setting: str) -> None:
    """So the planner never has to give up a colour: two kinds with different nouns in every case."""
    for row in range(3):
        for colour in COLOURS:
            fitting = {
                figure.head
                for figure in CATALOGUE.values()
                if colour in figure.colours and SETTINGS[setting].placements_of(figure, row)
            }
            assert len(fitting) >= 2, (setting, row, colour)


def test_every_figure_fits_its_design_box_with_a_margin() -> None:
    """Drawn alone at its design size, a figure leaves its box's edge rows and columns empty."""
    for name, figure in CATALOGUE.items():
        canvas = Canvas(figure.width, figure.height, background="#ffffff")
        add_lighting(canvas)
        figure.draw(Pen(canvas.group(), paint_for("red", "left")))
        pixels = np.asarray(rasterize_image(canvas, int(figure.width), int(figure.height)))
        ink = (pixels < 250).any(axis=2)
        assert not (ink[0].any() or ink[-1].any() or ink[:, 0].any() or ink[:, -1].any()), name
        exact = (pixels == [220, 20, 30]).all(axis=2).mean()
        assert exact > 0.04, (name, exact)  # the body keeps a region of its exact colour


def test_unasked_tones_are_other_shades_of_their_colour_never_the_palette_fill() -> None:
    for colour, tone in TONES.items():
        assert tone != PALETTE[colour] and 2 < delta_e(tone, PALETTE[colour]) < NEAR_SYNONYM, colour


def test_no_colour_trap_offers_a_near_synonym() -> None:
    assert wrong_colours("silver") == [c for c in COLOURS if c not in ("white", "gray", "silver")]
    assert "purple" not in wrong_colours("blue") and "silver" not in wrong_colours("white")
    for colour in COLOURS:
        for seed in range(30):
            for offered in colour_distractors(colour, rng_for("test", colour, seed)):
                assert delta_e(PALETTE[offered], PALETTE[colour]) >= NEAR_SYNONYM


def test_specs_round_trip_and_reject_what_cannot_be_drawn() -> None:
    spec = scene_spec(7)
    assert SceneSpec.from_dict(spec.to_dict()) == spec and spec.image_id == "synthetic-00007"
    road = [
        ("road", depth_range(CATALOGUE[name], SETTINGS["street"], "road", row, 640, 480, 0.45))
        for name, row in (("car", 2), ("bus", 1), ("truck", 1))
    ]
    street = dataclasses.replace(  # at its widest zoom, a car fits a bottom cell: the near lane
        spec,
        setting="street",
        zoom=0.45,
        objects=(("car", "red", "bottom left"), ("bus", "blue", "right")),
        clutter=(("truck", "gray", 1),),
        depths=tuple((placement, low) for placement, (low, _) in road),
    )
    (_, (_, nearest)), *_ = road
    bad = [
        {"objects": street.objects[:1]},
        {"objects": (("car", "beige", "bottom left"), street.objects[1])},
        {"objects": (("car", "red", "somewhere"), street.objects[1])},
        {"objects": (("car", "red", "top left"), street.objects[1])},  # a car cannot fly
        {"objects": (("car", "red", "bottom left"), ("car", "blue", "right"))},
        {"objects": (("car", "red", "bottom left"), ("bus", "blue", "left bottom"))},  # the same cell
        {"objects": (("banana", "red", "bottom left"), street.objects[1])},  # no red bananas, no street
        {"objects": (("bus", "red", "bottom left"), ("car", "blue", "right"))},  # a near bus overflows
        {"zoom": 1.0},  # closer, the car in the bottom cell overflows it
        {"zoom": 0.0},
        {"clutter": (("truck", "red", 1), ("bus", "gray", 1))},  # a second bus
        {"clutter": (("kettle", "red", 2),)},  # kettles are not in the street
        {"clutter": (("truck", "red", 5),)},
        {"clutter": (("truck", "red", 0),)},  # a truck is not in the sky
        {"setting": "moon"},
        {"light": "above"},
        {"depths": street.depths[:2]},  # the truck has none
        {"depths": (("pavement", nearest), *street.depths[1:])},  # a car drives on the road
        {"depths": (("road", 1.01 * nearest), *street.depths[1:])},  # nearer, the car overflows its cell
    ]
    for change in bad:
        with pytest.raises(SpecError):
            dataclasses.replace(street, **change)
    with pytest.raises(SpecError, match="too small"):
        dataclasses.replace(street, width=200, height=150)


def test_a_hand_edited_spec_of_the_wrong_shape_is_a_spec_error() -> None:
    """What a manifest holds is loaded by `from_dict`: an object, an unasked object or a depth of the
    wrong length, or pixels per metre that are not a number, is a `SpecError` (`verify` names it), not a
    crash."""
    data = scene_spec(7).to_dict()
    (placement, _), *others = data["depths"]
    broken = [
        {"objects": [["car", "red"], *data["objects"][1:]]},
        {"clutter": [["truck"]]},
        {"depths": [["road"]] * len(data["depths"])},
        {"depths": [[placement, 1.0, 2.0], *others]},
        {"depths": [[placement, "near"], *others]},
    ]
    for change in broken:
        with pytest.raises(SpecError, match="cannot build spec kind 'aipsych_scene'"):
            SceneSpec.from_dict({**data, **change})


def test_lite_is_the_start_of_paper_and_every_scene_is_a_function_of_its_index() -> None:
    assert len(paper_plan()) == PRESETS["paper"].scenes == 3000
    assert list(plan(PRESETS["lite"])) == paper_plan()[:24]
    assert len({spec.image_id for spec in paper_plan()}) == 3000
    assert scene_spec(1234) == paper_plan()[1234]


def test_positions_follow_the_release_exactly_in_every_block_and_pair_distinct_cells() -> None:
    quota = block_quota()
    assert sum(quota.values()) == BLOCK and set(quota) == set(POSITIONS) == set(RELEASE_COUNTS)
    for group in ("corner", "edge", "centre"):
        members = [phrase for phrase in POSITIONS if group_of(phrase) == group]
        share = sum(quota[phrase] for phrase in members) / BLOCK
        assert share == {"corner": 0.61, "edge": 0.365, "centre": 0.025}[group]
        total = sum(RELEASE_COUNTS[phrase] for phrase in members)
        for phrase in members:  # within its group, as often as in the release (to one slot in 1,000)
            assert abs(quota[phrase] - share * BLOCK * RELEASE_COUNTS[phrase] / total) < 1
    for edition in (None, 5):
        deck = position_deck(0, edition)
        assert Counter(deck) == Counter(quota)
        assert all(_region(deck[i], 3, 3) != _region(deck[i + 1], 3, 3) for i in range(0, BLOCK, 2))
    blocks = [paper_plan()[i : i + SCENES_PER_BLOCK] for i in range(0, 3000, SCENES_PER_BLOCK)]
    for block in blocks:
        assert Counter(obj[2] for spec in block for obj in spec.objects) == Counter(quota)


def test_colours_cycle_through_the_palette_and_settings_are_taken_in_turn() -> None:
    slots = [colour for spec in paper_plan() for _, colour, _ in spec.objects]
    for start in range(0, len(slots), len(COLOURS)):
        assert sorted(slots[start : start + len(COLOURS)]) == sorted(COLOURS)
    settings = [spec.setting for spec in paper_plan()]
    for start in range(0, 3000, 6):
        assert sorted(settings[start : start + 6]) == sorted(DEFAULT_SETTINGS)
    clutter = Counter(len(spec.clutter) for spec in paper_plan())
    assert set(clutter) == set(range(3, 9))
    assert len({name for spec in paper_plan() for name, _, _ in spec.objects}) == len(CATALOGUE)


def _law_holds(item: Placed, spec: SceneSpec) -> bool:
    """Whether `item` is as large as its kind's real size at its depth: pixels per metre from where its
    feet stand on a plane, from the back wall for a shelf or the wall, from the air band in the air."""
    setting, figure = SETTINGS[spec.setting], CATALOGUE[item.name]
    ppm = max(item.box.width, item.box.height) / figure.metres
    camera = setting.camera
    if camera is None:
        return abs(ppm - icon_ppm(figure, spec.height)) < 1e-6
    if item.placement in PLANES:
        return abs(ppm - camera.ppm(item.box.bottom, spec.height, spec.zoom)) < 1e-6 * ppm
    if item.placement in AT_WALL:
        wall = camera.wall_ppm(spec.height, spec.zoom)
        return wall - 1e-6 <= ppm <= wall / SHELF_DEPTH + 1e-6
    far, near = camera.air_ppm(spec.height, spec.zoom)
    return far - 1e-6 <= ppm <= near + 1e-6


def test_every_object_follows_the_size_law_and_asked_ones_stand_legible_in_their_cells() -> None:
    """Asked or not, every object's size is its real size at its depth; an asked one is inside the
    cell its phrase names (its margin clear) and legible; the two asked objects never overlap."""
    for spec in paper_plan():
        placed = lay_out(spec)
        assert all(_law_holds(item, spec) for item in placed), spec.image_id
        asked = sorted((item for item in placed if item.asked is not None), key=lambda item: item.asked or 0)
        for (_, _, position), item in zip(spec.objects, asked, strict=True):
            x0, y0, x1, y1 = _region(position, spec.width, spec.height)
            box, margin = item.box, CELL_MARGIN * (y1 - y0)
            assert x0 < box.x and box.right < x1 and y0 + margin <= box.y + 1e-6, (spec.image_id, position)
            assert box.bottom <= y1 - margin + 1e-6, (spec.image_id, position)
            assert legible(
                CATALOGUE[item.name], max(box.width, box.height) / CATALOGUE[item.name].metres, spec.height
            )
        assert not asked[0].box.overlaps(asked[1].box)


def test_supports_a_photo_would_show() -> None:
    """Vehicles stand on the road, street furniture on the pavement, tableware on the counter or the
    table, flying things in the sky band; every asked scene of a row of each setting is one of them."""
    road, pavement = SETTINGS["street"].supports["road"], SETTINGS["street"].supports["pavement"]
    for spec in paper_plan():
        for item in lay_out(spec):
            feet = item.box.bottom / spec.height
            if item.name in ("car", "bus", "truck"):
                assert item.placement == "road" and road[0][0] - 1e-6 <= feet <= road[0][1] + 1e-6
            if item.name in (
                "bench",
                "fire hydrant",
                "mailbox",
                "parking meter",
                "traffic light",
                "trash can",
            ):
                assert item.placement in ("pavement", "ground")
                if spec.setting == "street":
                    assert any(top - 1e-6 <= feet <= bottom + 1e-6 for top, bottom in pavement), spec.image_id
            if item.placement == "air":
                (top, bottom), *_ = SETTINGS[spec.setting].supports["air"]
                assert (
                    top * spec.height - 1e-6 <= item.box.y and item.box.bottom <= bottom * spec.height + 1e-6
                )
    assert CATALOGUE["tie"].placements("living_room") == ("wall",) and not CATALOGUE["tie"].placements(
        "table_top"
    )


def test_kinds_are_drawn_alike_whether_asked_or_not() -> None:
    """An unasked object's kind, row and zoom are drawn as an asked object's are (`odds`), so over the
    paper plan each kind is unasked in each row as often, relative to how often it is asked there."""
    asked: Counter[tuple[str, str, int]] = Counter()
    unasked: Counter[tuple[str, str, int]] = Counter()
    for spec in paper_plan():
        for name, _, position in spec.objects:
            asked[(spec.setting, name, _region_row(position))] += 1
        for name, _, row in spec.clutter:
            unasked[(spec.setting, name, row)] += 1
    for setting in DEFAULT_SETTINGS:
        ratio = sum(n for k, n in unasked.items() if k[0] == setting) / sum(
            n for k, n in asked.items() if k[0] == setting
        )
        for key, count in asked.items():
            if key[0] == setting and count >= 60:  # a count's spread by chance is about its square root
                assert abs(unasked[key] / ratio - count) < 4 * count**0.5, (key, count, unasked[key] / ratio)


def test_unasked_objects_are_the_blocks_asked_objects_again_and_a_kind_as_large_in_either_role() -> None:
    """Within a block, nearly every unasked object is of a kind and row asked about in a scene of the
    same setting and zoom; per kind drawn 40 times or more in each role over the paper plan, the median
    height of its asked objects (its real size at the spec's depth, as the layout draws it) is within
    10 % of its unasked ones'."""
    heights: dict[str, tuple[list[float], list[float]]] = {}
    copies = unasked = 0
    for start in range(0, len(paper_plan()), SCENES_PER_BLOCK):
        block = paper_plan()[start : start + SCENES_PER_BLOCK]
        asked = {
            (s.setting, s.zoom, name, _region_row(position)) for s in block for name, _, position in s.objects
        }
        for spec in block:
            copies += sum((spec.setting, spec.zoom, name, row) in asked for name, _, row in spec.clutter)
            unasked += len(spec.clutter)
            names = [name for name, *_ in (*spec.objects, *spec.clutter)]
            for index, (name, (_, ppm)) in enumerate(zip(names, spec.depths, strict=True)):
                heights.setdefault(name, ([], []))[index >= 2].append(size_at(CATALOGUE[name], ppm)[1])
    assert copies >= 0.95 * unasked, (copies, unasked)
    ratios = {
        name: median(asked_heights) / median(unasked_heights)
        for name, (asked_heights, unasked_heights) in heights.items()
        if len(asked_heights) >= 40 and len(unasked_heights) >= 40
    }
    assert len(ratios) >= 40 and all(0.9 <= ratio <= 1.1 for ratio in ratios.values()), ratios


def test_clutter_zero_draws_the_asked_objects_alone_and_plain_is_a_flat_ground() -> None:
    bare = dataclasses.replace(PRESETS["lite"], clutter=0.0, settings=("plain",))
    for spec in plan(bare):
        assert spec.clutter == () and spec.setting == "plain"
        assert [item.asked for item in lay_out(spec)].count(None) == 0
    for spec in plan(dataclasses.replace(PRESETS["lite"], clutter=1.5)):
        assert 5 <= len(spec.clutter) <= 12 if spec.setting != "sky" else 3 <= len(spec.clutter) <= 4
