"""Small files in the layout of the AIpsych release, for the official-source tests.

A question file is a JSON list of `{image_file, description, questions[20], gpt_responses[20]}`
(the release's `question_set/*.json`); its prompts are made by our own question code, which the
release's wording tests pin. Photos are tiny JPEGs of one colour.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

from PIL import Image

from builders.aipsych.questions import description, question_sets
from builders.aipsych.spec import SceneObject
from builders.cli import main

SCENES = (
    (SceneObject("person", "brown", "center"), SceneObject("cake", "blue", "bottom right")),
    (SceneObject("baseball glove", "maroon", "bottom left"), SceneObject("bottle", "white", "top right")),
)
COCO = ("COCO_val2014_000000000428.jpg", "COCO_val2014_000000000474.jpg")
#: How the release's first Visual Genome file names its images: paths on the authors' machine.
AUTHORS = "/scratch/someone/datasets/Visual_Genome/VG_100K_1000"


def record(image_file: str, objects: tuple[SceneObject, SceneObject], seed: int) -> dict[str, Any]:
    """One released record about `objects`; its GPT-4o replies are numbered, one of them null."""
    prompts = [p for s in question_sets(objects, random.Random(seed)) for p in s.prompts]
    replies: list[str | None] = [f"reply {n}" for n in range(20)]
    replies[1] = None  # the release has a few nulls
    return {
        "image_file": image_file,
        "description": description(objects),
        "questions": prompts,
        "gpt_responses": replies,
    }


def photo(path: Path, colour: str, size: tuple[int, int] = (48, 32)) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, colour).save(path, format="JPEG")


def write_json(path: Path, data: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def coco_release(folder: Path) -> tuple[Path, Path]:
    """(question file, image folder) of two COCO records, the photos in `val2014/` as COCO ships them."""
    questions = write_json(
        folder / "COCO2k_v1.json", [record(name, SCENES[i], i) for i, name in enumerate(COCO)]
    )
    for name, colour in zip(COCO, ("red", "blue"), strict=True):
        photo(folder / "coco" / "val2014" / name, colour)
    return questions, folder / "coco"


def built_with_release(lite: Path, base: Path) -> tuple[Path, Path, Path]:
    """(folder, question file, image folder): the release fixture built through the command line,
    with no `--config`, into a copy of the lite build `lite` (so `coco` sits beside `synthetic`)."""
    shutil.copytree(lite, base / "out" / lite.name)
    questions, images = coco_release(base / "release")
    official = ["--source", "official", "--questions", str(questions), "--images", str(images)]
    command = ["build", "aipsych", *official, "--out", str(base / "out"), "--workers", "1", "--no-progress"]
    assert main(command) == 0
    return base / "out" / lite.name, questions, images
