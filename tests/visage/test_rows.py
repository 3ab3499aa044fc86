"""Rows against the schema: the session's lite build read back by `datasets`, typed as declared."""

from __future__ import annotations

from pathlib import Path

from datasets import ClassLabel, Value, load_dataset

from builders import __version__
from builders.visage.schema import SCHEMA, SPLITS


def test_the_schema_names_every_column_the_issue_lists() -> None:
    listed = [
        "image",
        "id",
        "image_id",
        "tuple_id",
        "condition",
        "query_type",
        "name_type",
        "image_type",
        "congruent",
        "category",
        "category_pl",
        "exception",
        "exception_pl",
        "attribute",
        "norm_text",
        "name_reveals",
        "prompt",
        "label",
        "width",
        "height",
        "spec_hash",
        "pixel_sha256",
        "builder_version",
    ]
    assert set(listed) <= set(SCHEMA.features)
    assert SCHEMA.features["condition"] == ClassLabel(names=["1a", "1b", "1c", "1d", "2a", "2b", "2c"])
    assert SCHEMA.features["label"] == ClassLabel(names=["no", "yes"])
    assert SCHEMA.features["name_reveals"] == Value("bool")
    assert SPLITS == ("test", "recognition")


def test_lite_rows_read_back_typed(visage_lite: Path, hf_cache: Path) -> None:
    test = load_dataset(str(visage_lite), "drawn", split="test", cache_dir=str(hf_cache))
    recognition = load_dataset(str(visage_lite), "drawn", split="recognition", cache_dir=str(hf_cache))
    assert len(recognition) == 8 * 4 and len(test) == 8 * 2 * 7
    row = test[0]
    assert row["image"].size == (512, 512) and row["builder_version"] == __version__
    assert test.features["condition"].int2str(row["condition"]) == "1a"
    names = test.features["label"].names
    for found in test.remove_columns("image"):
        code = test.features["condition"].int2str(found["condition"])
        assert names[found["label"]] == ("yes" if code in ("1a", "1b", "2a") else "no")
        assert found["id"] == f"{found['image_id']}-{code}"
    first = recognition[0]
    assert first["condition"] is None and first["label"] is None and first["congruent"] is None
    assert first["prompt"] == "What is this object?" and first["answers"][0] == first["category"]


def test_an_images_rows_share_its_pixels(visage_lite: Path, hf_cache: Path) -> None:
    test = load_dataset(str(visage_lite), "drawn", split="test", cache_dir=str(hf_cache))
    by_image: dict[str, set[str]] = {}
    for row in test.remove_columns("image"):
        by_image.setdefault(row["image_id"], set()).add(row["pixel_sha256"])
    assert all(len(hashes) == 1 for hashes in by_image.values())
    assert len({next(iter(h)) for h in by_image.values()}) == len(by_image)
