"""The `external` config's reader: the documented CSV and JSONL formats, and one sentence per bad input."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from builders.core.errors import UsageError
from builders.core.raster import encode_png
from builders.core.scene import render_scene
from builders.core.source import Source
from builders.visage.external import read_tuples
from builders.visage.family import FAMILY
from builders.visage.spec import ExternalImageSpec

HEADER = ["category", "category_pl", "exception", "exception_pl", "attribute", "attribute_sg", "predicate",
          "norm_text", "typical_image", "exceptional_image"]  # fmt: skip
LION = ["lion", "lions", "lioness", "lionesses", "manes", "a mane", "have", "Lions have manes."]
CHEETAH = ["cheetah", "cheetahs", "cheetah cub", "cheetah cubs", "fast", "", "be", ""]


@pytest.fixture
def images(tmp_path: Path) -> Path:
    """Four tiny photos (solid colours of different sizes) and one file that is not an image."""
    folder = tmp_path / "photos"
    (folder / "lion").mkdir(parents=True)
    for name, colour, size in (
        ("lion/typical_0.png", (200, 160, 60), (24, 16)),
        ("lion/lioness_0.png", (190, 150, 70), (20, 20)),
        ("lion/typical_1.png", (210, 170, 50), (16, 24)),
        ("lion/lioness_1.png", (180, 140, 80), (18, 12)),
    ):
        Image.new("RGB", size, colour).save(folder / name)
    Image.fromarray(np.zeros((8, 8, 3), dtype=np.uint8)).save(folder / "cub.jpg")
    (folder / "broken.png").write_bytes(b"not a png")
    return folder


def _csv(path: Path, lines: list[list[str]], header: list[str] = HEADER) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(lines)
    return path


GOOD = [
    [*LION, "lion/typical_0.png", "lion/lioness_0.png"],
    [*LION, "lion/typical_1.png", "lion/lioness_1.png"],
    [*CHEETAH, "lion/typical_0.png", "cub.jpg"],
]


def test_a_csv_of_tuples_becomes_typical_and_exceptional_specs(tmp_path: Path, images: Path) -> None:
    found = read_tuples(_csv(tmp_path / "tuples.csv", GOOD), images)
    assert [s.image_id for s in found] == [
        "external-lion-manes-lioness-t0",
        "external-lion-manes-lioness-e0",
        "external-lion-manes-lioness-t1",
        "external-lion-manes-lioness-e1",
        "external-cheetah-fast-cheetah_cub-t0",
        "external-cheetah-fast-cheetah_cub-e0",
    ]
    # Absolute paths: worker processes and `verify` open the photo from the spec alone.
    assert (found[1].width, found[1].height) == (20, 20)
    assert found[1].path == "lion/lioness_0.png"  # relative: --images itself is never published
    assert found[1].images == str(images.resolve())
    cheetah = found[-1].tuple_text
    assert (cheetah.norm_text, cheetah.attribute_sg) == ("Cheetahs are fast.", "fast")


def test_jsonl_gives_the_same_specs_as_csv(tmp_path: Path, images: Path) -> None:
    lines = [json.dumps(dict(zip(HEADER, line, strict=True))) for line in GOOD]
    jsonl = tmp_path / "tuples.jsonl"
    jsonl.write_text("\n".join(lines) + "\n\n", encoding="utf-8")
    assert read_tuples(jsonl, images) == read_tuples(_csv(tmp_path / "tuples.csv", GOOD), images)


def test_external_rows_are_built_like_drawn_ones(tmp_path: Path, images: Path) -> None:
    source = Source("tuples", str(_csv(tmp_path / "tuples.csv", GOOD)), (("images", str(images)),))
    jobs = list(FAMILY.jobs("external", "paper", source))
    exceptional = jobs[1]
    assert (exceptional.role, exceptional.image_id) == ("exceptional", "external-lion-manes-lioness-e0")
    photo = FAMILY.scene(exceptional)
    assert photo.canvas.size == (photo.width, photo.height) == (20, 20)
    found = FAMILY.rows(exceptional, encode_png(render_scene(photo)))
    prompts = {row["condition"]: row["prompt"] for split, row in found if split == "test"}
    assert prompts["2c"] == "Answer yes or no. Does this lioness have a mane?"
    assert [row["answers"] for split, row in found if split == "recognition"] == [["lioness", "lionesses"]]
    assert ExternalImageSpec.from_dict(exceptional.spec.to_dict()) == exceptional.spec


def test_the_tuples_source_needs_its_file_and_folder_and_nothing_else(tmp_path: Path, images: Path) -> None:
    tuples = str(_csv(tmp_path / "tuples.csv", GOOD))
    refused = {
        Source("tuples", tuples): "--source tuples needs the tuples file and the photos' folder",
        Source("tuples", None, (("images", str(images)),)): "needs the tuples file and the photos' folder",
        Source("tuples", tuples, (("images", str(images)), ("questions", tuples))): "reads no --questions",
    }
    for source, message in refused.items():
        with pytest.raises(UsageError, match=message):
            list(FAMILY.jobs("external", "paper", source))
    # `drawn` is drawn by code; the tuples only fill `external`.
    with pytest.raises(UsageError, match="config 'drawn' of family 'visage' cannot use --source 'tuples'"):
        list(FAMILY.jobs("drawn", "paper", Source("tuples", tuples, (("images", str(images)),))))
    # A default build draws `drawn` only; `external` needs the tuples.
    assert FAMILY.configs_for(Source()) == ("drawn",) and FAMILY.configs_for(Source("tuples")) == (
        "external",
    )
    with pytest.raises(
        UsageError, match="config 'external' of family 'visage' cannot use --source 'embedded'"
    ):
        list(FAMILY.jobs("external", "paper"))


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (
            [[*LION[:2], "", *LION[3:], "lion/typical_0.png", "lion/lioness_0.png"]],
            "line 2 of .* has no 'exception'",
        ),
        (
            [[*LION[:6], "has", LION[7], "lion/typical_0.png", "lion/lioness_0.png"]],
            "predicate 'has'; use one of",
        ),
        (
            [[*LION, "lion/typical_0.png", "lion/missing.png"]],
            "names image 'lion/missing.png', which is not in",
        ),
        ([[*LION, "lion/typical_0.png", "broken.png"]], "'broken.png', which is not a readable image"),
        ([[*LION, "../outside.png", "lion/lioness_0.png"]], "outside the images folder"),
        (
            [GOOD[0], [*LION[:7], "Lions are maned.", "lion/typical_1.png", "lion/lioness_1.png"]],
            "line 3 of .* repeats tuple 'lion-manes-lioness' with a different norm text",
        ),
        ([], "has no tuples"),
    ],
)
def test_a_bad_line_is_one_sentence_naming_it(tmp_path: Path, images: Path, lines, message: str) -> None:
    with pytest.raises(UsageError, match=message) as error:
        read_tuples(_csv(tmp_path / "tuples.csv", lines), images)
    assert str(error.value).count(". ") == 0 and "\n" not in str(error.value)


def test_bad_files_are_one_sentence(tmp_path: Path, images: Path) -> None:
    with pytest.raises(UsageError, match=r"tuples file .* does not exist"):
        read_tuples(tmp_path / "none.csv", images)
    with pytest.raises(UsageError, match=r"images folder .* does not exist"):
        read_tuples(_csv(tmp_path / "tuples.csv", GOOD), tmp_path / "nowhere")
    with pytest.raises(UsageError, match=r"has no column\(s\) \['typical_image'\]"):
        read_tuples(
            _csv(tmp_path / "short.csv", [], header=[h for h in HEADER if h != "typical_image"]), images
        )
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"category": "lion"\n', encoding="utf-8")
    with pytest.raises(UsageError, match=r"line 1 of .* is not valid JSON"):
        read_tuples(broken, images)
    latin = tmp_path / "latin.csv"
    latin.write_bytes("category\ncaf\xe9\n".encode("latin-1"))
    with pytest.raises(UsageError, match="is not UTF-8 text"):
        read_tuples(latin, images)


def test_a_photo_changed_after_planning_is_refused(tmp_path: Path, images: Path) -> None:
    source = Source("tuples", str(_csv(tmp_path / "tuples.csv", GOOD)), (("images", str(images)),))
    planned = list(FAMILY.jobs("external", "paper", source))
    Image.new("RGB", (20, 20), (0, 0, 0)).save(images / "lion" / "lioness_0.png")
    with pytest.raises(UsageError, match="changed since it was read; rebuild"):
        FAMILY.scene(planned[1])


def test_name_reveals_comes_from_its_column_or_the_rule(tmp_path: Path, images: Path) -> None:
    header = [*HEADER, "name_reveals"]
    maneless = ["lion", "lions", "maneless lion", "maneless lions", "manes", "a mane", "have", ""]
    lines = [
        [*LION, "lion/typical_0.png", "lion/lioness_0.png", ""],  # rule: "lioness" states nothing
        [*maneless, "lion/typical_1.png", "lion/lioness_1.png", ""],  # rule: "maneless" does
        [*CHEETAH, "lion/typical_0.png", "cub.jpg", "TRUE"],  # the column decides
    ]
    found = {
        spec.tuple_id: spec.name_reveals
        for spec in read_tuples(_csv(tmp_path / "t.csv", lines, header), images)
    }
    assert found == {
        "lion-manes-lioness": False,
        "lion-manes-maneless_lion": True,
        "cheetah-fast-cheetah_cub": True,
    }
    lines[2][-1] = "maybe"
    with pytest.raises(UsageError, match=r"line 4 of .* has name_reveals 'maybe'; write true or false"):
        read_tuples(_csv(tmp_path / "bad.csv", lines, header), images)
    record = {
        **dict(zip(HEADER, [*LION, "lion/typical_0.png", "lion/lioness_0.png"], strict=True)),
        "name_reveals": True,
    }
    jsonl = tmp_path / "t.jsonl"
    jsonl.write_text(json.dumps(record) + "\n", encoding="utf-8")
    assert read_tuples(jsonl, images)[0].name_reveals is True
