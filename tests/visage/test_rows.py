"""Rows against the schema: written to Parquet the way the pipeline writes them, read back by `datasets`."""

from __future__ import annotations

from pathlib import Path

import pytest
from datasets import ClassLabel, load_dataset

from builders import __version__
from builders.core.raster import rasterize
from builders.core.shards import SplitWriter
from builders.visage import FEATURES, SPLITS, image_job, rows, scene, specs


@pytest.fixture(scope="module")
def lite_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The lite preset's rows, drawn at the spec size, in `drawn/<split>-*.parquet`."""
    root = tmp_path_factory.mktemp("visage-lite")
    writers = {split: SplitWriter(root, "drawn", split, FEATURES) for split in SPLITS}
    for spec in specs("drawn", "lite"):
        job = image_job("drawn", spec)
        drawn = scene(spec)
        picture = rasterize(drawn.canvas, drawn.width, drawn.height)
        for split, row in rows(spec, picture):
            writers[split].add({"image": {"bytes": picture.png, "path": f"{job.image_id}.png"}, **row})
    for writer in writers.values():
        writer.close()
    return root


def _load(folder: Path, split: str, cache: Path):
    files = str(folder / "drawn" / f"{split}-*.parquet")
    return load_dataset(
        "parquet", data_files={split: files}, split=split, features=FEATURES, cache_dir=str(cache)
    )


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
        "prompt",
        "label",
        "width",
        "height",
        "spec_hash",
        "pixel_sha256",
        "builder_version",
    ]
    assert set(listed) <= set(FEATURES)
    assert FEATURES["condition"] == ClassLabel(names=["1a", "1b", "1c", "1d", "2a", "2b", "2c"])
    assert FEATURES["label"] == ClassLabel(names=["no", "yes"])
    assert SPLITS == ("test", "recognition")


def test_lite_rows_read_back_typed(lite_folder: Path, tmp_path: Path) -> None:
    test = _load(lite_folder, "test", tmp_path)
    recognition = _load(lite_folder, "recognition", tmp_path)
    images = 8 * 4
    assert len(recognition) == images and len(test) == 8 * 2 * 7
    assert len(set(test["id"]) | set(recognition["id"])) == len(test) + len(recognition)
    row = test[0]
    assert row["image"].size == (512, 512) and row["builder_version"] == __version__
    assert test.features["condition"].int2str(row["condition"]) == "1a"
    names = test.features["label"].names
    for found in test:
        code = test.features["condition"].int2str(found["condition"])
        assert names[found["label"]] == ("yes" if code in ("1a", "1b", "2a") else "no")
    first = recognition[0]
    assert first["condition"] is None and first["label"] is None and first["congruent"] is None
    assert first["prompt"] == "What is this object?" and first["answers"][0] == first["category"]


def test_an_images_rows_share_its_pixels(lite_folder: Path, tmp_path: Path) -> None:
    test = _load(lite_folder, "test", tmp_path)
    by_image: dict[str, set[str]] = {}
    for row in test.remove_columns("image"):
        by_image.setdefault(row["image_id"], set()).add(row["pixel_sha256"])
    assert all(len(hashes) == 1 for hashes in by_image.values())
    assert len({next(iter(h)) for h in by_image.values()}) == len(by_image)
