"""Release parity: our paper build's twelve released columns carry the release's values where it shows them.

Evidence, read (never copied) from public sources:

- SITE: the project site's human-study metadata, vlmsarebiased/vlmsarebiased.github.io
  `static/images/human_evaluation/metadata.json` and `metadata copy.json` at 372c9e9 (released row IDs,
  image files, prompts without the answer instruction, answers); its `modifed/` image files.
- V0: the release's first commit, anvo25/vlms-are-biased@b6508ee `source/*.py`, whose generators write
  the released ID formats and `metadata` keys.
- EXAMPLES: anvo25/vlms-are-biased@9d1afd9 `examples/task*/` (released file names).
- CARD: the dataset card's split sizes (main 2,784, identification 1,392, withtitle 2,784).

Topic tests pin the rest per topic (tests/test_<topic>.py, `test_released_*`).
"""

from __future__ import annotations

import importlib.util
import json
import re
from collections import Counter, defaultdict
from pathlib import Path

import pytest

CONFIG = "all"
SPLITS = ("main", "identification", "withtitle", "original")

#: SITE rows: ID -> (image file, sub_topic, prompt start, ground truth, expected bias).
SITE_ROWS = {
    "xiangqi_grid_01_row_remove_row_before_river_notitle_px1152_Q1": (
        "xiangqi_grid_01_row_remove_row_before_river_notitle_px1152.png", "Xiangqi Grid",
        "How many horizontal lines are there on this board?", "9", "10",
    ),
    "chess_grid_01_row_remove_first_row_notitle_px1152_Q1": (
        "chess_grid_01_row_remove_first_row_notitle_px1152.png", "Chess Grid",
        "How many rows are there on this board?", "7", "8",
    ),
    "chess_pieces_001_remove_notitle_px1152_prompt1": (
        "chess_pieces_001_remove_whiteknight_at_g1_notitle_px1152.png", "Chess Pieces",
        "How many chess pieces are there on this board?", "31", "32",
    ),
    "xiangqi_pieces_003_remove_notitle_px1152_prompt1": (
        "xiangqi_pieces_003_remove_red_soldier_at_e7_notitle_px1152.png", "Xiangqi Pieces",
        "How many xiangqi pieces are there on this board?", "31", "32",
    ),
    "MullerLyer_013_Q1_notitle_px1152": (
        "MullerLyer_013_str30_diff0p3_notitle_px1152.png", "Müller-Lyer illusion",
        "Are the two horizontal lines equal in length?", "No", "Yes",
    ),
    "Ponzo_013_Q1_notitle_px1152": (
        "Ponzo_013_str15_diff0p15_notitle_px1152.png", "Ponzo illusion",
        "Are the two horizontal lines equal in length?", "No", "Yes",
    ),
    # `metadata copy.json` (its image, prompt and answers agree; `metadata.json` pairs this ID with
    # dice_001's image), and the tally row only it lists (its image file: `tally_014_remove_D8_...`).
    "dice_012_replace_notitle_px1152_prompt1": (
        "dice_012_replace_D4_notitle_px1152.png", "Dice Pattern",
        "How many circles are there in cell D4?", "3", "4",
    ),
    "tally_014_remove_notitle_px1152_prompt1": (
        "tally_014_remove_D8_notitle_px1152.png", "Tally Pattern",
        "How many lines are there in cell D8?", "3", "4",
    ),
    "dice_001_replace_notitle_px1152_prompt1": (
        "dice_001_replace_C3_notitle_px1152.png", "Dice Pattern",
        "How many circles are there in cell C3?", "2", "3",
    ),
    "car_067_notitle_Q1_px1152": (
        "audi-white-hatchback_1152.png", "Car Logos",
        "How many overlapping circles are there in the logo of this car?", "5", "4",
    ),
    # The site's study prompt omits the stripes' colour ("How many visible stripes ..."); the released
    # rows name it (see tests/test_logos.py), so only the start of the prompt is compared.
    "shoe_018_notitle_Q1_px1152": (
        "adidas-black-soccer-3_1152.png", "Shoe Logos", "How many visible ", "4", "3",
    ),
    "flag_stars_021_notitle_Q1_px1152": (
        "Flag of the United States-stars=49_1152.png", "Flags 2D Stars",
        "How many stars are there in this flag?", "49", "50",
    ),
    "Flag_of_the_United_States_stripes_14_1152": (
        "Flag of the United States-stripes=14_1152.png", "Flags 2D Stripes",
        "How many stripes are there in this flag?", "14", "13",
    ),
    # The site's study prompt reads "How many legs do this animal have?"; the release's README "does".
    "animal_067_stork_notitle_Q1_px1152": (
        "stork_2_1_1152.png", "Animal Add Legs", "How many legs does this animal have?", "3", "2",
    ),
    "animal_086_cheetah_notitle_Q1_px1152": (
        "cheetah_0_2_1152.png", "Animal Add Legs", "How many legs does this animal have?", "5", "4",
    ),
}  # fmt: skip

#: Released sub-topics per topic: SITE rows, V0's `topic` values, the paper's task list (19 in all).
SUB_TOPICS = {
    "Animals": {"Animal Add Legs"},
    "Logos": {"Shoe Logos", "Car Logos"},
    "Flags": {"Flags 2D Stars", "Flags 2D Stripes"},
    "Chess Pieces": {"Chess Pieces", "Xiangqi Pieces"},
    "Game Boards": {"Chess Grid", "Xiangqi Grid", "Sudoku Grid", "Go Grid"},
    "Optical Illusion": {
        "Ebbinghaus illusion", "Müller-Lyer illusion", "Ponzo illusion", "Vertical-Horizontal illusion",
        "Zöllner illusion", "Poggendorff illusion",
    },
    "Patterned Grid": {"Dice Pattern", "Tally Pattern"},
}  # fmt: skip

#: Released ID of a `main` row, per topic (V0's generators, SITE, EXAMPLES).
ID_FORMATS = {
    "Animals": r"animal_(\d{3}|0010)_[a-z]+_notitle_Q[12]_px\d+",
    "Logos": r"(shoe|car)_\d{3}_notitle_Q[12]_px\d+",
    "Flags": r"flag_stars_\d{3}_notitle_Q[12]_px\d+|Flag_of_[A-Za-z_]+_stripes_\d+_\d+(_1)?",
    "Chess Pieces": r"(chess|xiangqi)_pieces_\d{3}_(remove|replace)_notitle_px\d+_prompt[12]",
    "Game Boards": r"(chess|xiangqi|sudoku)_grid_\d{2}_(row|col)_[a-z_]+_notitle_px\d+_Q[12]"
    r"|go_grid_0[1-4]_(remove|add)_(row|col)_px\d+_Q[12]",
    "Optical Illusion": r"[A-Za-z]+_\d{3}_Q[12]_notitle_px\d+",
    "Patterned Grid": r"(dice|tally)_\d{3}_(remove|replace|add)_notitle_px\d+_prompt[12]",
}

#: `metadata` keys as V0's generators write them: topic -> (keys every row has, alternatives of which
#: exactly one set is present).
METADATA_KEYS = {
    "Chess Pieces": (  # source/chess_pieces.py, source/xiangqi_pieces.py: `common_meta`
        {"group_id", "action", "modified_square", "piece_removed", "piece_added", "pixel"},
        [set()],
    ),
    "Patterned Grid": (  # source/dice_tally_generator.py: `common_meta` plus the change's own flags
        {
            "group_id", "action", "grid_type", "grid_size", "modified_cell", "standard_count",
            "modified_count", "target_shape_index", "pattern_type", "action_description", "pixel",
        },
        [{"remove"}, {"modify", "type", "color"}, {"add"}],
    ),
    "Game Boards": (  # source/xiangqi_grid_generator.py, go_grid_generator.py, sudoku_grid_generator.py
        {"action", "dimension_modified", "original_dimensions", "new_dimensions", "pixel"},
        [
            {"insert_index"}, {"remove_index"},
            {"insert_index", "position", "visual_cue", "show_coordinates"},
            {"remove_index", "position", "visual_cue", "show_coordinates"},
        ],
    ),
    "Optical Illusion": (  # source/optical_illusion_generator.py: the row's `metadata`
        {"illusion_type", "is_diff_zero", "prompt_type", "pixel", "diff"},
        [{"strength"}, {"size_min"}],
    ),
}  # fmt: skip


@pytest.fixture(scope="module")
def text_rows(load_split) -> dict[str, list[dict]]:
    """Every row of the default config's splits, without images."""
    return {split: list(load_split(CONFIG, split).remove_columns("image")) for split in SPLITS}


def test_released_rows_of_the_site_join_with_ours(text_rows) -> None:
    rows = {row["ID"]: row for split in ("main", "identification") for row in text_rows[split]}
    for released_id, (file, sub_topic, prompt, truth, bias) in SITE_ROWS.items():
        row = rows[released_id]
        assert row["image_path"] == f"images/{file}", released_id
        assert row["sub_topic"] == sub_topic and row["prompt"].startswith(prompt), released_id
        assert (row["ground_truth"], row["expected_bias"], row["pixel"]) == (truth, bias, 1152), released_id


def test_split_sizes_ids_and_sub_topics_are_the_releases(text_rows) -> None:
    """CARD's split sizes; one ID per row, in its topic's released format; the 19 released sub-topics."""
    assert {split: len(text_rows[split]) for split in SPLITS[:3]} == {
        "main": 2784,
        "identification": 1392,
        "withtitle": 2784,
    }
    for split in SPLITS:
        assert len({row["ID"] for row in text_rows[split]}) == len(text_rows[split]), split
    found = defaultdict(set)
    for row in text_rows["main"]:
        found[row["topic"]].add(row["sub_topic"])
        assert re.fullmatch(ID_FORMATS[row["topic"]], row["ID"]), row["ID"]
        assert not row["with_title"] and row["type_of_question"] in ("Q1", "Q2")
    assert dict(found) == SUB_TOPICS
    titled = {row["ID"] for row in text_rows["withtitle"]}
    assert all("withtitle" in released_id for released_id in titled)


def test_metadata_keys_are_the_release_generators(text_rows) -> None:
    for split in ("main", "identification", "withtitle"):
        for row in text_rows[split]:
            if row["topic"] not in METADATA_KEYS:
                continue
            keys, alternatives = METADATA_KEYS[row["topic"]]
            meta = json.loads(row["metadata"])
            assert set(meta) - keys in alternatives, (row["ID"], sorted(meta))
            assert meta["pixel"] == row["pixel"]
            if row["topic"] == "Optical Illusion":
                assert meta["prompt_type"] == row["type_of_question"]


def test_the_original_split_is_the_releases_kind(text_rows) -> None:
    """About the release's 462 rows, its sub-topics, no patterned grids (the paper excluded them from the
    sanity check), and every answer one that lmms-eval's exact-match scorer grades right when given."""
    original = text_rows["original"]
    assert len(original) == 477
    assert Counter(row["topic"] for row in original) == {
        "Animals": 273,
        "Flags": 120,
        "Logos": 30,
        "Game Boards": 24,
        "Optical Illusion": 18,
        "Chess Pieces": 12,
    }
    for row in original:
        assert row["sub_topic"] in SUB_TOPICS[row["topic"]] and row["expected_bias"] is None
    lmms_eval = pytest.importorskip("lmms_eval", reason="lmms-eval is the `eval` extra")
    path = Path(lmms_eval.__file__).parent / "tasks" / "vlms_are_biased" / "utils.py"
    spec = importlib.util.spec_from_file_location("vlms_are_biased_utils", path)
    builtin = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(builtin)
    for row in original:
        scored = builtin.vlms_are_biased_process_results(row, [f"{{{row['ground_truth']}}}"])
        assert scored["accuracy"] == 1.0, row["ID"]
