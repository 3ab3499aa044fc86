"""Names a build accepts stay usable (issue 29): ids of repeated records stay short, and the review
gallery shows every image a build accepted, whatever its name.

- An AIpsych question file may ask about one photo many times: every record is kept, under an id
  that grows by a number, not by a word per repeat (the first repeat keeps its `-again` id).
- IllusionBench+ release images named `(1).png` or `_x.png` build; the gallery names their files
  safely instead of refusing them, and no id can write outside its folder.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from builders.aipsych.official import read_official
from builders.cli import main as builders_cli
from builders.core.folder import BuiltFolder
from builders.core.gallery import write_gallery
from builders.families import get_family
from tests.aipsych.release import COCO, SCENES, photo, record, write_json
from tests.illusionbench.release_fixture import ENTRIES, picture, write_release
from tests.test_gallery import toy_folder

#: The command lines install their own SIGINT and SIGTERM handlers; pytest gets its own back.
pytestmark = pytest.mark.usefixtures("restore_signals")


def test_one_photo_asked_about_4000_times_gets_short_ids_fast(tmp_path: Path) -> None:
    records = [record(COCO[n % 2], SCENES[n % 2], n % 2) for n in range(4000)]
    questions = write_json(tmp_path / "repeats.json", records)
    for name, colour in zip(COCO, ("red", "blue"), strict=True):
        photo(tmp_path / "coco" / name, colour)
    started = time.perf_counter()
    specs = read_official("coco", questions, tmp_path / "coco")
    seconds = time.perf_counter() - started
    ids = [spec.image_id for spec in specs]
    assert len(set(ids)) == 4000 and max(map(len, ids)) <= len("coco-COCO_val2014_000000000428-again-2000")
    stem = "coco-COCO_val2014_000000000428"
    assert ids[:6:2] == [stem, f"{stem}-again", f"{stem}-again-3"]  # one repeat: the id it always had
    assert ids[-2] == f"{stem}-again-2000"
    assert seconds < 10, f"planning 4000 records took {seconds:.1f} s"


def test_ids_of_a_file_without_repeats_are_unchanged(tmp_path: Path) -> None:
    questions = write_json(tmp_path / "q.json", [record(name, SCENES[i], i) for i, name in enumerate(COCO)])
    for name in COCO:
        photo(tmp_path / "coco" / name, "red")
    assert [spec.image_id for spec in read_official("coco", questions, tmp_path / "coco")] == [
        f"coco-{Path(name).stem}" for name in COCO
    ]


def _renamed(entry: dict, name: str) -> dict:
    return {**entry, "image_property": {**entry["image_property"], "image_name": name}}


def test_the_gallery_shows_release_images_whatever_their_names(tmp_path: Path) -> None:
    names = ["(1).png", "_x.png", "plain.png"]
    release = write_release(
        tmp_path / "release",
        entries=[_renamed(ENTRIES[0], name) for name in names],
        images={name: picture((40 * n, 90, 200)) for n, name in enumerate(names)},
    )
    argv = ["build", "illusionbench", "--source", "release", str(release), "--config", "classic"]
    assert builders_cli([*argv, "--out", str(tmp_path / "out"), "--workers", "1", "--no-progress"]) == 0
    folder = tmp_path / "out" / "illusionbench-plus"
    assert builders_cli(["gallery", str(folder), "--out", str(tmp_path / "gallery"), "--no-progress"]) == 0
    stored = sorted(p.name for p in (tmp_path / "gallery" / "images" / "classic").iterdir())
    assert (
        len(stored) == 3
        and "plain.png.png" in stored
        and all("~" in n for n in stored if n != "plain.png.png")
    )
    page = (tmp_path / "gallery" / "classic" / "test.html").read_text(encoding="utf-8")
    assert all(f'src="../images/classic/{name}"' in page for name in stored)


def test_an_id_cannot_write_outside_the_gallery(tmp_path: Path) -> None:
    folder = toy_folder(tmp_path, [{"image_id": "../../escape"}, {"image_id": "a" * 300}])
    family = get_family("vlmbias")
    shown = write_gallery(
        BuiltFolder(folder), family.gallery_view, family.features, tmp_path / "out", progress=False
    )
    assert shown.images == 2
    written = sorted(
        p.relative_to(tmp_path / "out").as_posix() for p in (tmp_path / "out" / "images").rglob("*.png")
    )
    assert [name.split("/")[:2] for name in written] == [["images", "things"]] * 2
    assert all(len(Path(name).name) < 120 for name in written)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "toy"]
