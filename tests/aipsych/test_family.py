"""The `aipsych` family through the command line: default builds, the official source, its refusals.

The default build draws `synthetic` only (`coco` and `visual_genome` are the release's questions
over the user's photos). The official source is built from a tiny release-shaped fixture
(`tests.aipsych.release`, the session's `aipsych_release`) and read back with `datasets`; every
refusal is one sentence on stderr, exit code 2, and nothing written.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from datasets import load_dataset
from PIL import Image

from builders.cli import main as builders_cli
from builders.core.folder import BuiltFolder
from builders.core.raster import pixel_sha256
from tests.aipsych.release import AUTHORS, COCO, SCENES, coco_release, photo, record, write_json


def test_the_default_build_draws_synthetic_only(aipsych_lite: Path) -> None:
    folder = BuiltFolder(aipsych_lite)
    configs = folder.manifest.configs
    assert list(configs) == ["synthetic"] and not folder.manifest.unions
    assert configs["synthetic"].splits["test"].num_rows == 480 and configs["synthetic"].preset == "lite"
    card = (aipsych_lite / "README.md").read_text(encoding="utf-8")
    assert "| `synthetic` | 24 | 480 | drawn scenes, preset `lite` |" in card and "| `coco` |" not in card
    assert "- Presets: lite" in card


def _build(*args: str) -> int:
    return builders_cli(["build", "aipsych", "--no-progress", "--workers", "1", *args])


def test_the_release_builds_beside_synthetic_through_the_command_line_and_verifies(
    aipsych_release: tuple[Path, Path, Path], aipsych_lite: Path, hf_cache: Path, tmp_path: Path
) -> None:
    folder, questions, images = aipsych_release
    rows = load_dataset(str(folder), "coco", split="test", cache_dir=str(hf_cache))
    records = json.loads(questions.read_text(encoding="utf-8"))
    assert rows["prompt"] == [prompt for released in records for prompt in released["questions"]]
    replies = [reply for released in records for reply in released["gpt_responses"]]
    assert rows["reference_response"] == replies
    assert rows[20]["description"] == records[1]["description"] and rows[20]["source_image"] == COCO[1]
    assert rows[20]["objects"][0] == {"name": "baseball glove", "colour": "maroon", "position": "bottom left"}
    with Image.open(images / "val2014" / COCO[0]) as original:
        assert pixel_sha256(rows[0]["image"].convert("RGB")) == pixel_sha256(original.convert("RGB"))
    manifest = BuiltFolder(folder).manifest
    assert list(manifest.configs) == ["coco", "synthetic"]  # the file's config; synthetic kept as built
    assert manifest.configs["synthetic"] == BuiltFolder(aipsych_lite).manifest.configs["synthetic"]
    assert manifest.configs["coco"].source.option("images") == "--images DIR"  # never the folder's path
    coco = sorted(image_id for image_id, image in manifest.images.items() if image.config == "coco")
    assert coco == ["coco-COCO_val2014_000000000428", "coco-COCO_val2014_000000000474"]
    card = (folder / "README.md").read_text(encoding="utf-8")
    assert "| `coco` | 2 | 40 | the release's COCO val2014 questions over local photos |" in card
    assert "| `synthetic` | 24 | 480 | drawn scenes, preset `lite` |" in card
    assert "cocodataset.org/#termsofuse" in card and "config_name: coco" in card
    again = ["--images", str(images), "--questions", str(questions)]
    assert builders_cli(["verify", str(folder), "--workers", "1", *again]) == 0  # re-reads every photo
    gallery = tmp_path / "gallery"
    assert builders_cli(["gallery", str(folder), "--out", str(gallery), "--no-progress"]) == 0
    page = (gallery / "coco" / "test.html").read_text(encoding="utf-8")
    assert "GPT-4o&#x27;s released reply" in page and "reply 19" in page


def _missing_image(tmp: Path) -> list[str]:
    questions, images = coco_release(tmp)
    (images / "val2014" / COCO[1]).unlink()
    return ["--config", "coco", "--questions", str(questions), "--images", str(images)]


def _unreadable_image(tmp: Path) -> list[str]:
    questions, images = coco_release(tmp)
    (images / "val2014" / COCO[1]).write_bytes(b"not a jpeg")
    return ["--config", "coco", "--questions", str(questions), "--images", str(images)]


def _foreign_json(tmp: Path) -> list[str]:
    questions = write_json(tmp / "answers.json", [{"img_id": COCO[0], "question": [], "model_response": []}])
    return ["--config", "coco", "--questions", str(questions), "--images", str(tmp)]


def _authors_paths(tmp: Path) -> list[str]:
    """The first Visual Genome file names images by absolute paths; a folder without them is refused."""
    questions = write_json(tmp / "VisualGenome1k_v1.json", [record(f"{AUTHORS}/1685.jpg", SCENES[0], 0)])
    photo(tmp / "vg" / "VG_100K" / "2000.jpg", "green")
    return ["--config", "visual_genome", "--questions", str(questions), "--images", str(tmp / "vg")]


def _authors_paths_without_images(tmp: Path) -> list[str]:
    questions = write_json(tmp / "VisualGenome1k_v1.json", [record(f"{AUTHORS}/1685.jpg", SCENES[0], 0)])
    return ["--config", "visual_genome", "--questions", str(questions)]


def _other_config(tmp: Path) -> list[str]:
    questions, images = coco_release(tmp)
    return ["--config", "visual_genome", "--questions", str(questions), "--images", str(images)]


def _synthetic(tmp: Path) -> list[str]:
    questions, images = coco_release(tmp)
    return ["--config", "synthetic", "--questions", str(questions), "--images", str(images)]


def _neither_dataset(tmp: Path) -> list[str]:
    """Without --config the file's image names choose the config; these name neither dataset."""
    questions = write_json(tmp / "q.json", [record("photo.jpg", SCENES[0], 0)])
    return ["--questions", str(questions), "--images", str(tmp)]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (_missing_image, "1 of 2 images named in .* are not in .*first: 'COCO_val2014_000000000474.jpg'"),
        (_unreadable_image, "1 of 2 images in .* cannot be read as images .*; replace them with the COCO"),
        (_foreign_json, "record 0 of .* holds model responses, not questions"),
        (
            _authors_paths,
            "not in .*released as '/scratch/someone/.*/1685.jpg'.*your Visual Genome image folder",
        ),
        (_authors_paths_without_images, "needs --images.*paths on the authors' machine, e.g. '/scratch/"),
        (_other_config, "asks about COCO val2014 images .*; use config coco"),
        (_synthetic, "config 'synthetic' is drawn by code .*--config coco or --config visual_genome"),
        (_neither_dataset, "names images that are neither all COCO val2014 nor all Visual Genome files"),
    ],
)
def test_the_official_source_refuses_bad_input_in_one_sentence_writing_nothing(
    make, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = make(tmp_path / "release")
    out = tmp_path / "out"
    assert _build("--source", "official", *args, "--out", str(out)) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("error: ")
    assert len(captured.err.strip().splitlines()) == 1
    assert re.search(message, captured.err), captured.err
    assert not out.exists()


def test_other_sources_are_refused_for_the_official_configs(tmp_path: Path, capsys) -> None:
    questions, images = coco_release(tmp_path)
    source = ["--source", "official", str(questions), "--questions", str(questions), "--images", str(images)]
    assert _build("--config", "coco", *source, "--out", str(tmp_path / "out")) == 2
    assert "cannot use --source 'official'; this family's sources: embedded" in capsys.readouterr().err
    upstream = ["--source", "upstream", str(images)]
    assert _build("--config", "coco", *upstream, "--out", str(tmp_path / "out")) == 2
    assert (
        "family 'aipsych' reads no --source 'upstream'; this family's sources: embedded"
        in capsys.readouterr().err
    )
    assert _build("--config", "coco", "--out", str(tmp_path / "out")) == 2
    assert capsys.readouterr().err == (
        "error: config 'coco' is the release's questions over your COCO val2014 photos; "
        "build it with --source official --questions FILE --images DIR\n"
    )
    assert not (tmp_path / "out").exists()
