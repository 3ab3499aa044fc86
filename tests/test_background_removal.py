"""Background-removed images (`remove_background_q1q2`, `remove_background_q3`): what they keep and leave out.

Each image is checked on its pixels beside its `main` twin with the topic's own counter (legs,
emblem elements, stars and stripes, pieces, rows and lines, the illusions' measures, marks in a
cell): the subject shows the same count and modified element, and what the topic calls its
background is gone. The quick tier draws a few lite images here; the slow tier checks the paper
build's splits (sizes, ids, pairing, metadata) and a sample of its images.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from PIL import Image
from scipy import ndimage

from builders.core.family import ImageJob
from builders.core.raster import Picture
from builders.vlmbias.chess_pieces.spec import PieceSpec
from builders.vlmbias.family import FAMILY
from builders.vlmbias.parameters import PRESETS, VlmBiasParameters
from tests import test_chess_pieces as pieces
from tests import test_flags as flags
from tests import test_game_boards as boards
from tests import test_logos as logos
from tests import test_optical_illusions as illusions
from tests import test_patterned_grids as grids
from tests.pixels import dark_mask
from tests.test_animals import count_legs

NO_PICTURE = Picture(png=b"", width=0, height=0, pixel_sha256="")
LITE = PRESETS["lite"]
WHITE = (255, 255, 255)
SPLITS = ("remove_background_q1q2", "remove_background_q3")
#: Counterfactual images of the paper preset, per topic (each has one background-removed twin).
PAPER_IMAGES = {
    "animals": 273,
    "logos": 207,
    "flags": 120,
    "chess_pieces": 144,
    "game_boards": 84,
    "optical_illusions": 396,
    "patterned_grids": 168,
}


def plain_id(bare_id: str) -> str:
    """The `main` image a background-removed image pairs with, by name."""
    return bare_id.replace("_nobackground_", "_notitle_", 1)


def page_share(rgb: np.ndarray, colour: tuple[int, int, int]) -> float:
    """The share of pixels within 8 levels of `colour` in every channel."""
    return float((np.abs(rgb.astype(np.int16) - np.array(colour, np.int16)) <= 8).all(axis=-1).mean())


def colour_of(text: str) -> tuple[int, int, int]:
    return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)


# --------------------------------------------------------------------------- the checks, per topic
# Each takes the background-removed row (its metadata names what it left out), the `main` image and
# the background-removed one, and returns the count both show.


def check_animals(row: dict[str, Any], main: np.ndarray, bare: np.ndarray) -> int:
    legs = count_legs(bare)
    assert legs == count_legs(main), "the legs differ"
    assert (bare[0] == bare[-1]).all(), "the sky is still there: the top row is not the ground colour"
    return legs


def check_logos(row: dict[str, Any], main: np.ndarray, bare: np.ndarray) -> int:
    meta = json.loads(row["metadata"])
    if meta["item"] == "shoe":
        half = bare.shape[1] // 2
        left, right = (
            logos.count_islands(bare[:, :half], meta["colour"]),
            logos.count_islands(bare[:, half:], meta["colour"]),
        )
        assert [left, right] == logos.count_shoe_emblems(main, meta["colour"]), "the emblems differ"
        assert page_share(bare, logos.UPPER[meta["colour"]]) > 0.95, "the shoes or the court are still there"
        assert left == right
        return left
    # Read the emblem where `main` has its badge: it has not moved.
    badge = logos.window(logos.distance(main[::3, ::3], logos.BADGE) < 40, 3, 2)
    count = logos.count_car_emblem(bare[badge], meta["emblem"])
    assert count == logos.count_car_emblem(main, meta["emblem"]), "the emblems differ"
    assert page_share(bare, logos.BADGE) > 0.95, "the car or the road is still there"
    return count


def check_flags(row: dict[str, Any], main: np.ndarray, bare: np.ndarray) -> int:
    meta = json.loads(row["metadata"])
    flag = meta["flag"]
    if meta["element"] == "stars":
        stars = flags.count_stars(bare, flag, crescent=False)
        assert stars == flags.count_stars(main, flag), "the stars differ"
        drawn = flags.colour_mask(bare, flags.STAR_FACTS[flag][0]).mean()
        assert page_share(bare, (128, 128, 128)) > 0.95 - drawn, "more than the stars is left"
        return stars
    stripes = flags.count_stripes(bare, flag)
    assert stripes == flags.count_stripes(main, flag), "the stripes differ"
    # Nothing lies over the stripes any more: the hoist edge shows them all too.
    assert flags.count_stripes(bare[:, ::-1], flag) == stripes, "the canton or an emblem is still there"
    return stripes


_BARE_REFERENCES: dict[tuple[str, int], Any] = {}


def read_without_board(game: str, image: Image.Image) -> dict[str, np.ndarray]:
    """The pieces of a picture without its board. The chess reader takes white as the white pieces'
    ink, so the white page around the pieces (the white reaching the picture's edge) is painted one
    board colour first."""
    if game == "xiangqi":
        return pieces.read(game, image)
    rgb = np.asarray(image).copy()
    labels, _ = ndimage.label(rgb.min(axis=-1) >= 250)
    edge = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    rgb[np.isin(labels, edge[edge > 0])] = pieces.CHESS_LIGHT
    return pieces.read(game, Image.fromarray(rgb), (pieces.CHESS_LIGHT, pieces.CHESS_LIGHT))


def bare_references(game: str, px: int) -> Any:
    """Reference pieces read from the starting position drawn without its board."""
    if (game, px) not in _BARE_REFERENCES:
        start = PieceSpec(game=game, target=0, action="none", square="", added="", px=px)
        job = ImageJob(config="chess_pieces", image_id="start", spec=start, role="nobackground")
        (image,) = FAMILY.draw([job])
        _BARE_REFERENCES[(game, px)] = pieces.references_from(
            game, read_without_board(game, image), pieces.START[game]
        )
    return _BARE_REFERENCES[(game, px)]


def check_chess_pieces(row: dict[str, Any], main: np.ndarray, bare: np.ndarray) -> int:
    game, px = pieces.SUB_TOPICS[row["sub_topic"]], row["pixel"]
    read = read_without_board(game, Image.fromarray(bare))
    position = pieces.recognise(game, read, bare_references(game, px))
    expected = pieces.expected_position(game, json.loads(row["metadata"]))
    assert position == expected, "the pieces differ from the metadata's position"
    if game == "chess":
        assert page_share(bare, WHITE) > 0.6, "the board is still there"
    else:
        assert not pieces.near(bare, pieces.XIANGQI_BOARD, 20)[:, :4].any(), "the board is still there"
    return len(position)


def check_game_boards(row: dict[str, Any], main: np.ndarray, bare: np.ndarray) -> int:
    board = boards.SUB_TOPICS[row["sub_topic"]]
    rows_cols = boards.COUNTERS[board](bare)
    assert rows_cols == boards.COUNTERS[board](main), "the rows or columns differ"
    if board == "chess":
        assert np.array_equal(bare, main), "a chess board holds nothing to remove"
    elif board == "xiangqi":
        assert boards.red_pieces(bare) == [] and boards.red_pieces(main), "the palace pieces are still there"
    elif board == "sudoku":
        assert boards.sudoku_digits(bare) == 0 < boards.sudoku_digits(main), "the givens are still there"
    else:
        white = boards.blob_count(bare.min(axis=-1) > 235)
        assert white == 0 < boards.blob_count(main.min(axis=-1) > 235), "the stones are still there"
    axis = json.loads(row["metadata"])["dimension_modified"]
    return rows_cols[0 if axis == "row" else 1]


def check_optical_illusions(row: dict[str, Any], main: np.ndarray, bare: np.ndarray) -> int:
    name = json.loads(row["metadata"])["illusion_type"]
    count, value = illusions.measure(name, bare)
    assert (count, value) == pytest.approx(illusions.measure(name, main)), "the targets differ"
    if name == "VerticalHorizontal":
        assert np.array_equal(bare, main), "the inverted T has no inducers to remove"
    else:  # the black inducers and the grey bar are dark in every channel; red and its edges are not
        dark = [int((image.max(axis=-1) < 160).sum()) for image in (bare, main)]
        assert dark[0] == 0 < dark[1], "inducers are still there"
    return count


def check_patterned_grids(row: dict[str, Any], main: np.ndarray, bare: np.ndarray) -> int:
    meta = json.loads(row["metadata"])
    size, pattern = int(meta["grid_size"].split("x")[0]), meta["grid_type"]
    rows, cols = grids.find_cells(dark_mask(bare, threshold=200), size)
    marks = {"dice": dark_mask(bare), "tally": dark_mask(bare, threshold=140)}[pattern]
    anomaly = grids.parse_cell(meta["modified_cell"])
    found = {}
    for r, (top, bottom) in enumerate(rows):
        for c, (left, right) in enumerate(cols):
            found[(r, c)] = grids.count_in_cell(marks[top:bottom, left:right], pattern)[0]
    counted = found.pop(anomaly)
    assert set(found.values()) == {0}, "other cells still hold marks"
    expected = meta["modified_count"] + (meta["action"] == "replace")  # a replacing shape is a mark too
    assert counted == expected, "the anomaly cell's marks differ"
    return meta["modified_count"]


CHECKS: dict[str, Callable[[dict[str, Any], np.ndarray, np.ndarray], int]] = {
    "animals": check_animals,
    "logos": check_logos,
    "flags": check_flags,
    "chess_pieces": check_chess_pieces,
    "game_boards": check_game_boards,
    "optical_illusions": check_optical_illusions,
    "patterned_grids": check_patterned_grids,
}


def check_counts(row: dict[str, Any], main: np.ndarray, bare: np.ndarray) -> None:
    """The topic's check, and the count it found against the row's truth where the truth is a count of
    the whole picture (chess replacements count one type; illusions and grids answer otherwise)."""
    counted = CHECKS[row["config"]](row, main, bare)
    meta = json.loads(row["metadata"])
    if row["config"] in ("animals", "logos", "flags", "game_boards") or meta.get("action") == "Remove":
        assert counted == int(row["ground_truth"]), f"{row['ID']}: pixels show {counted}"


# --------------------------------------------------------------------------- quick tier: drawn here


def drawn_pairs(
    config: str, step: int, edition: int | None = None, params: VlmBiasParameters = LITE
) -> list[tuple[dict[str, Any], np.ndarray, np.ndarray]]:
    """Every `step`-th counterfactual of `config` (lite, or `params`, in `edition`): its
    background-removed Q1 row and both images."""
    jobs = list(FAMILY.jobs(config, "lite", params=params, edition=edition))
    bare = [job for job in jobs if job.role == "nobackground"][::step]
    plain = {job.image_id: job for job in jobs if job.role == "counterfactual"}
    found = []
    for job in bare:
        main = plain[plain_id(job.image_id)]
        assert main.spec == job.spec
        main_image, bare_image = FAMILY.draw([main, job])
        (split, row), *_ = FAMILY.rows(job, NO_PICTURE)
        assert split == "remove_background_q1q2"
        found.append((row, np.asarray(main_image), np.asarray(bare_image)))
    return found


#: Every how many lite counterfactuals one is drawn and checked here (about four per topic).
STEPS = {
    "animals": 29,
    "logos": 17,
    "flags": 11,
    "chess_pieces": 13,
    "game_boards": 7,
    "optical_illusions": 7,
    "patterned_grids": 3,
}


@pytest.mark.parametrize("config", sorted(CHECKS))
def test_a_background_removed_image_keeps_its_subject_and_count(config: str) -> None:
    checked = drawn_pairs(config, STEPS[config])
    assert len(checked) >= 4
    for row, main, bare in checked:
        assert main.shape == bare.shape, row["ID"]
        check_counts(row, main, bare)


@pytest.mark.parametrize("config", ["animals", "logos", "chess_pieces", "patterned_grids"])
def test_a_fresh_edition_removes_the_background_of_its_own_draw(config: str) -> None:
    """Seed 3 moves animals, shoes and cars, and draws its own chess targets and grid cells; each
    background-removed image shows its edition's subject, as its rows' metadata describe it."""
    checked = drawn_pairs(config, STEPS[config], edition=3)
    assert checked and all(json.loads(row["metadata"])["background_removed"] for row, _, _ in checked)
    for row, main, bare in checked:
        check_counts(row, main, bare)


def test_parameters_plan_a_background_removed_twin_for_every_counterfactual() -> None:
    """`--params` changes what is drawn, not the rule: a twin per counterfactual, at the asked size."""
    params = dataclasses.replace(LITE, resolutions=(320, 512))
    for config in ("flags", "game_boards"):
        jobs = list(FAMILY.jobs(config, "lite", params=params))
        roles = Counter(job.role for job in jobs)
        assert roles["nobackground"] == roles["counterfactual"] > 0
        assert {job.spec.px for job in jobs if job.role == "nobackground"} == {320, 512}
    for row, main, bare in drawn_pairs("game_boards", 9, params=params):
        assert bare.shape == main.shape and bare.shape[1] in (320, 512)
        check_counts(row, main, bare)


def released_form(bare_id: str, plain: str) -> bool:
    """Whether a background-removed row's `ID` (or `image_path`) is its `main` twin's with `nobackground`
    in place of `notitle`, or before the resolution where the release writes no `notitle`."""
    return (
        bare_id.replace("_nobackground_", "_notitle_") == plain
        or bare_id.replace("_nobackground", "") == plain
    )


@pytest.mark.parametrize("config", sorted(CHECKS))
def test_rows_pair_with_main_by_name_and_name_what_was_left_out(config: str) -> None:
    jobs = list(FAMILY.jobs(config, "lite"))
    main = {job.image_id: job for job in jobs if job.role == "counterfactual"}
    bare = [job for job in jobs if job.role == "nobackground"]
    assert len(bare) == len(main) and {plain_id(job.image_id) for job in bare} == set(main)
    splits = {"main": "remove_background_q1q2", "identification": "remove_background_q3"}
    topic = FAMILY.topics[config]
    for job in bare[:: max(1, len(bare) // 5)]:
        twins = {row["type_of_question"]: (split, row) for split, row in FAMILY.rows(job, NO_PICTURE)}
        plain_rows = FAMILY.rows(main[plain_id(job.image_id)], NO_PICTURE)
        assert sorted(twins) == sorted(row["type_of_question"] for _, row in plain_rows) == ["Q1", "Q2", "Q3"]
        for split, row in plain_rows:
            twin_split, twin = twins[row["type_of_question"]]
            assert twin_split == splits[split], row["ID"]
            assert twin["ID"] == twin["id"] and released_form(twin["ID"], row["ID"]), twin["ID"]
            assert released_form(twin["image_path"], row["image_path"]), twin["image_path"]
            assert twin["image_id"] == job.image_id and not twin["with_title"]
            assert (twin["prompt"], twin["answer_type"]) == (row["prompt"], row["answer_type"])
            meta = json.loads(twin["metadata"])
            assert meta.pop("background_removed") == topic.background(job.spec) != ""
            assert meta == json.loads(row["metadata"])
            changed = (
                config == "optical_illusions"
                and row["type_of_question"] == "Q3"
                and meta["illusion_type"] != "VerticalHorizontal"
            )
            answers = (twin["ground_truth"], twin["expected_bias"])
            assert answers == (("No", "Yes") if changed else (row["ground_truth"], row["expected_bias"]))


def test_illusion_questions_without_inducers() -> None:
    """Without its inducers a picture is no example of the illusion: Q3 is No for every such image, the
    equal ones too (their `main` Q3 is Yes); Q1 and Q2 are about the unchanged targets and keep theirs."""
    seen = set()
    for job in FAMILY.jobs("optical_illusions", "lite"):
        if job.role != "nobackground":
            continue
        rows = {row["type_of_question"]: row for _, row in FAMILY.rows(job, NO_PICTURE)}
        equal = job.spec.difference == 0
        name = job.spec.illusion
        truth = "Yes" if equal else "No"
        assert rows["Q1"]["ground_truth"] == rows["Q2"]["ground_truth"] == truth
        q3 = truth if name == "VerticalHorizontal" else "No"
        assert rows["Q3"]["ground_truth"] == q3, job.image_id
        seen.add((name == "VerticalHorizontal", equal))
    assert seen == {(True, True), (True, False), (False, True), (False, False)}


# --------------------------------------------------------------------------- slow tier: the paper build


def test_paper_splits_have_the_releases_sizes_and_pair_with_main(paper_build, load_split, hf_cache) -> None:
    """2,784 and 1,392 rows as released, one per (counterfactual image, question); each image pairs with
    a `main` image by name, every `main` image has one; the default config loads them offline."""
    from datasets import load_dataset

    for split, per_image in zip(SPLITS, (2, 1), strict=True):
        rows = load_dataset(str(paper_build), split=split, cache_dir=str(hf_cache)).remove_columns("image")
        assert rows.num_rows == {"remove_background_q1q2": 2784, "remove_background_q3": 1392}[split]
        for config, images in PAPER_IMAGES.items():
            bare = load_split(config, split).remove_columns("image")
            main = load_split(config, "main" if per_image == 2 else "identification").remove_columns("image")
            assert bare.num_rows == per_image * images, (config, split)
            assert sorted(map(plain_id, set(bare["image_id"]))) == sorted(set(main["image_id"])), config
            assert len(set(bare["ID"])) == bare.num_rows and not set(bare["ID"]) & set(main["ID"])
            assert all("background_removed" in json.loads(meta) for meta in bare["metadata"])
    card = (paper_build / "README.md").read_text(encoding="utf-8")
    assert "path: animals/remove_background_q3-*.parquet" in card and "split: remove_background_q1q2" in card


#: Every how many paper counterfactuals one is checked on its pixels (about eight per topic, every size).
PAPER_STEPS = {
    "animals": 34,
    "logos": 26,
    "flags": 16,
    "chess_pieces": 19,
    "game_boards": 11,
    "optical_illusions": 49,
    "patterned_grids": 22,
}


@pytest.mark.parametrize("config", sorted(CHECKS))
def test_paper_images_keep_their_subject_and_count(load_split, config: str) -> None:
    bare, main = load_split(config, "remove_background_q1q2"), load_split(config, "main")
    plain = {image_id: index for index, image_id in enumerate(main["image_id"])}
    ids = bare["image_id"]
    firsts = [index for index, image_id in enumerate(ids) if not index or ids[index - 1] != image_id]
    sample = firsts[:: PAPER_STEPS[config]]
    assert {bare[index]["pixel"] for index in sample} == {384, 768, 1152}
    for index in sample:
        row = bare[index]
        image, twin = np.asarray(row["image"]), np.asarray(main[plain[plain_id(row["image_id"])]]["image"])
        assert image.shape == twin.shape and row["width"] == twin.shape[1], row["ID"]
        check_counts(row, twin, image)
