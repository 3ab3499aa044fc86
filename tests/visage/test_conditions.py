"""The seven conditions: the paper's labels for every tuple, and the exact prompts (snapshots)."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest
from datasets import ClassLabel

from builders.core.raster import Picture
from builders.visage.concepts import TUPLES
from builders.visage.conditions import CONDITIONS, RECOGNITION_PROMPT, conditions_for
from builders.visage.params import PRESETS
from builders.visage.predicates import PREDICATE_VERSION, VisageTuple
from builders.visage.rows import rows
from builders.visage.schema import SCHEMA
from builders.visage.spec import drawn_specs
from eval.data import load_rows

#: Paper Fig. 2 / specs §4.3, typed in: (query, name, image, congruent, correct answer).
PAPER_TABLE = {
    "1a": ("concept", "category", "typical", True, "yes"),
    "1b": ("concept", "category", "exceptional", False, "yes"),
    "1c": ("concept", "exception", "exceptional", True, "no"),
    "1d": ("concept", "exception", "typical", False, "no"),
    "2a": ("instance", "category", "typical", True, "yes"),
    "2b": ("instance", "category", "exceptional", False, "no"),
    "2c": ("instance", "exception", "exceptional", True, "no"),
}
PICTURE = Picture(png=b"", width=512, height=512, pixel_sha256="0" * 64)


def test_the_condition_table_is_the_papers() -> None:
    found = {c.code: (c.query_type, c.name_type, c.image_type, c.congruent, c.label) for c in CONDITIONS}
    assert found == PAPER_TABLE
    assert [c.code for c in conditions_for("typical")] == ["1a", "1d", "2a"]
    assert [c.code for c in conditions_for("exceptional")] == ["1b", "1c", "2b", "2c"]


def test_every_tuple_pair_is_asked_all_seven_conditions_with_the_papers_labels(visage_paper: Path) -> None:
    """Over the paper build's `test` split as shipped (class labels read back as names)."""
    by_pair: dict[tuple[str, str], dict[str, dict]] = defaultdict(dict)
    for encoded in load_rows(visage_paper, "drawn", "test"):
        row = {
            column: SCHEMA.features[column].int2str(value)
            if isinstance(SCHEMA.features[column], ClassLabel)
            else value
            for column, value in encoded.items()
        }
        pair = (row["tuple_id"], row["image_id"][-1])  # the i-th typical and exceptional images
        assert row["condition"] not in by_pair[pair]
        by_pair[pair][row["condition"]] = row
    assert {tuple_id for tuple_id, _ in by_pair} == set(TUPLES) and len(by_pair) == 4 * len(TUPLES)
    for (tuple_id, index), found in by_pair.items():
        assert sorted(found) == sorted(PAPER_TABLE), (tuple_id, index)
        for code, row in found.items():
            query, name, image, congruent, label = PAPER_TABLE[code]
            assert (row["query_type"], row["name_type"], row["image_type"]) == (query, name, image)
            assert (row["congruent"], row["label"], row["answers"]) == (congruent, label, [label])
            named = row["category"] if name == "category" else row["exception"]
            named_pl = row["category_pl"] if name == "category" else row["exception_pl"]
            assert (named_pl if query == "concept" else f"this {named}") in row["prompt"], row["id"]
            assert row["name_reveals"] is TUPLES[tuple_id].name_reveals, row["id"]
            assert row["image_id"] == f"{tuple_id}-{image[0]}{index}"


def test_the_prompts_of_a_have_norm_are_the_papers_templates() -> None:
    spec = next(
        s
        for s in drawn_specs(PRESETS["lite"])
        if s.tuple_id == "lion-mane-lioness" and s.image_type == "exceptional"
    )
    prompts = {row["condition"]: row["prompt"] for split, row in rows(spec, PICTURE) if split == "test"}
    assert prompts == {
        "1b": "Answer yes or no. Do lions have manes?",
        "1c": "Answer yes or no. Do lionesses have manes?",
        "2b": "Answer yes or no. Does this lion have a mane?",
        "2c": "Answer yes or no. Does this lioness have a mane?",
    }


@pytest.mark.parametrize(
    ("tuple_id", "expected"),
    [
        (
            "stop_sign-octagonal-japanese_stop_sign",
            {
                "1a": "Answer yes or no. Are stop signs octagonal?",
                "1d": "Answer yes or no. Are Japanese stop signs octagonal?",
                "2a": "Answer yes or no. Is this stop sign octagonal?",
            },
        ),
        (
            "snowman-three_snowballs-japanese_snowman",
            {
                "1a": "Answer yes or no. Are snowmen made of three snowballs?",
                "1d": "Answer yes or no. Are Japanese snowmen made of three snowballs?",
                "2a": "Answer yes or no. Is this snowman made of three snowballs?",
            },
        ),
        (
            "die-dots-blank_die",
            {
                "1a": "Answer yes or no. Do dice have dots?",
                "1d": "Answer yes or no. Do blank dice have dots?",
                "2a": "Answer yes or no. Does this die have dots?",
            },
        ),
        (
            "pencil-eraser-carpenters_pencil",
            {
                "1a": "Answer yes or no. Do pencils have erasers?",
                "1d": "Answer yes or no. Do carpenter's pencils have erasers?",
                "2a": "Answer yes or no. Does this pencil have an eraser?",
            },
        ),
    ],
)
def test_prompt_snapshots(tuple_id: str, expected: dict[str, str]) -> None:
    spec = next(
        s for s in drawn_specs(PRESETS["paper"]) if s.tuple_id == tuple_id and s.image_type == "typical"
    )
    prompts = {row["condition"]: row["prompt"] for split, row in rows(spec, PICTURE) if split == "test"}
    assert prompts == expected


def test_norm_texts_come_from_the_predicate_table() -> None:
    assert TUPLES["guitar-six_strings-bass_guitar"].norm_text == "Guitars have six strings."
    assert TUPLES["banana-yellow-green_banana"].norm_text == "Bananas are yellow."
    assert (
        TUPLES["snowman-three_snowballs-japanese_snowman"].norm_text == "Snowmen are made of three snowballs."
    )
    assert PREDICATE_VERSION == "visage-predicates-1"


def test_a_do_norm_asks_with_its_verb() -> None:
    owl = VisageTuple.from_norm(
        tuple_id="owl-sleep-insomniac_owl",
        norm_id="owl-sleep",
        category=("owl", "owls"),
        exception=("insomniac owl", "insomniac owls"),
        predicate="do",
        attribute="sleep in the day",
    )
    assert owl.norm_text == "Owls sleep in the day."
    assert [c.prompt(owl) for c in CONDITIONS if c.code in ("1c", "2a")] == [
        "Answer yes or no. Do insomniac owls sleep in the day?",
        "Answer yes or no. Does this owl sleep in the day?",
    ]


def test_each_image_has_one_recognition_row_naming_what_it_shows() -> None:
    for spec in drawn_specs(PRESETS["lite"]):
        found = [row for split, row in rows(spec, PICTURE) if split == "recognition"]
        assert len(found) == 1
        row = found[0]
        assert row["prompt"] == RECOGNITION_PROMPT == "What is this object?"
        assert row["condition"] is None and row["label"] is None
        named = row["category"] if spec.image_type == "typical" else row["exception"]
        assert row["answers"][0] == named
