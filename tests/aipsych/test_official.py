"""Reading the release's question files over local photos: the happy path and every refusal.

The fixtures are small files in the release's exact layout (`tests.aipsych.release`) with tiny
generated photos; `test_family` builds them through the command line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from builders.aipsych.official import (
    OfficialImageSpec,
    load_photo,
    official_rows,
    read_official,
    released_config,
)
from builders.core.errors import RenderError, UsageError
from builders.core.raster import encode_png
from tests.aipsych.release import AUTHORS, COCO, SCENES, coco_release, photo, record, write_json


@pytest.fixture
def coco(tmp_path: Path) -> tuple[Path, Path]:
    return coco_release(tmp_path)


def test_coco_records_become_specs_and_rows_with_their_prompts_verbatim(coco: tuple[Path, Path]) -> None:
    questions, images = coco
    specs = read_official("coco", questions, images)
    records = json.loads(questions.read_text())
    assert released_config(questions) == "coco"
    assert OfficialImageSpec.from_dict(specs[0].to_dict()) == specs[0]
    assert specs[0].gpt_responses[1] is None
    assert [spec.image_id for spec in specs] == [
        "coco-COCO_val2014_000000000428",
        "coco-COCO_val2014_000000000474",
    ]
    assert (specs[0].width, specs[0].height) == (48, 32)
    assert specs[0].image_path == f"val2014/{COCO[0]}"  # relative: the folder itself is never published
    assert specs[0].local_path == (images / "val2014" / COCO[0]).absolute()
    assert str(images) not in json.dumps(specs[0].to_dict())
    picture = load_photo(specs[0])
    assert picture.size == (48, 32) and picture.getpixel((24, 16))[0] > 200
    rows = official_rows(specs[1], encode_png(load_photo(specs[1])))
    assert [row["prompt"] for row in rows] == records[1]["questions"]
    assert [row["reference_response"] for row in rows] == records[1]["gpt_responses"]
    assert rows[0]["description"] == records[1]["description"] and rows[0]["source_image"] == COCO[1]
    assert rows[0]["objects"][0] == {"name": "baseball glove", "colour": "maroon", "position": "bottom left"}
    assert (
        rows[0]["offered_positions"] == ["top right", "bottom right"]
        and rows[0]["true_position"] == "bottom left"
    )
    assert rows[12]["true_colour"] == "white" and len(rows[12]["offered_colours"]) == 2
    assert rows[16]["offered_colours"] == rows[8]["offered_colours"][:1]
    assert rows[16]["offered_positions"] == ["top right", "bottom right"]
    assert [row["set_id"] for row in rows[::4]] == [
        f"coco-COCO_val2014_000000000474-s{n}" for n in range(1, 6)
    ]
    assert {row["config"] for row in rows} == {"coco"} and rows[0]["template_version"] == "release"


def test_visual_genome_paths_of_the_authors_machine_are_found_by_name(tmp_path: Path) -> None:
    names = ("1685.jpg", "1895.jpg")
    records = [record(f"{AUTHORS}/{name}", SCENES[i], i) for i, name in enumerate(names)]
    questions = write_json(tmp_path / "VisualGenome1k_v1.json", records)
    photo(tmp_path / "vg" / "VG_100K" / names[0], "green")
    photo(tmp_path / "vg" / "VG_100K_2" / names[1], "green")
    specs = read_official("visual_genome", questions, tmp_path / "vg")
    assert [spec.image_id for spec in specs] == ["visual_genome-1685", "visual_genome-1895"]
    assert specs[1].image_path == f"VG_100K_2/{names[1]}"
    with pytest.raises(UsageError, match=r"needs --images.*authors' machine, e\.g\. '/scratch/"):
        read_official("visual_genome", questions, None)
    assert released_config(questions) == "visual_genome"


def test_missing_and_unreadable_images_are_refused_before_anything_is_written(
    coco: tuple[Path, Path], tmp_path: Path
) -> None:
    questions, images = coco
    before = sorted(tmp_path.rglob("*"))
    (images / "val2014" / COCO[1]).unlink()
    with pytest.raises(
        UsageError, match=r"^1 of 2 images named in .* are not in .*first: 'COCO_val2014_000000000474\.jpg'"
    ):
        read_official("coco", questions, images)
    (images / "val2014" / COCO[1]).write_bytes(b"not a jpeg")
    with pytest.raises(UsageError, match=r"^1 of 2 images in .* cannot be read as images"):
        read_official("coco", questions, images)
    assert sorted(tmp_path.rglob("*")) == before
    with pytest.raises(UsageError, match=r"image folder .* does not exist"):
        read_official("coco", questions, tmp_path / "nowhere")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"image_file": "x"}, "not a list of records"),
        ([], "not a list of records"),
        ([{"img_id": COCO[0], "question": [], "model_response": []}], "holds model responses, not questions"),
        ([{"image": COCO[0], "qa": []}], "not the release's keys"),
        ("QUESTIONS_19", "does not hold 20 question strings and 20 replies"),
        ("SHUFFLED", "does not ask the release's 5 sets of 4 prompts"),
        ("VG_NAMES", "asks about Visual Genome images .* use config visual_genome"),
        ("ODD_NAME", "names image 'photo.png', not a COCO val2014 file name"),
    ],
)
def test_a_foreign_json_gets_one_sentence(tmp_path: Path, data: Any, message: str) -> None:
    released = record(COCO[0], SCENES[0], 0)
    if data == "QUESTIONS_19":
        data = [{**released, "questions": released["questions"][:19]}]
    elif data == "SHUFFLED":
        data = [{**released, "questions": released["questions"][1:] + released["questions"][:1]}]
    elif data == "VG_NAMES":
        data = [{**released, "image_file": "1685.jpg"}]
    elif data == "ODD_NAME":
        data = [{**released, "image_file": "photo.png"}]
    with pytest.raises(UsageError, match=message):
        read_official("coco", write_json(tmp_path / "q.json", data), tmp_path)


def test_unreadable_question_files_and_unknown_configs_are_refused(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="cannot read question file"):
        read_official("coco", tmp_path / "missing.json", tmp_path)
    (tmp_path / "bad.json").write_text("[{", encoding="utf-8")
    with pytest.raises(UsageError, match="is not valid JSON"):
        read_official("coco", tmp_path / "bad.json", tmp_path)
    with pytest.raises(UsageError, match="needs --questions"):
        read_official("coco", None, tmp_path)
    with pytest.raises(UsageError, match="not 'synthetic'"):
        read_official("synthetic", tmp_path / "bad.json", tmp_path)


def test_a_photo_changed_after_planning_is_not_drawn(coco: tuple[Path, Path]) -> None:
    questions, images = coco
    spec = read_official("coco", questions, images)[0]
    photo(images / "val2014" / COCO[0], "yellow")
    with pytest.raises(RenderError, match="changed since it was planned"):
        load_photo(spec)
