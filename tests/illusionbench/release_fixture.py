"""Tiny copies of the IllusionBench+ release in its exact layout, and hostile variants of its zip.

A copy is a folder with `Image_properties.json` (a list of `{"image_property": {...}, "qa_data":
[...]}` entries) and `IllusionDataset.zip` (images under `IllusionDataset/`, plus the macOS and
desktop clutter real zips carry). The images are small solid PNGs and JPEGs drawn here.
"""

from __future__ import annotations

import io
import json
import stat
import zipfile
from pathlib import Path
from typing import Any

from PIL import Image

FOLDER = "IllusionDataset"


def picture(color: tuple[int, int, int], size: tuple[int, int] = (40, 30), fmt: str = "PNG") -> bytes:
    image = Image.new("RGB", size, color)
    for x in range(size[0]):
        image.putpixel((x, size[1] // 2), (0, 0, 0))
    buffer = io.BytesIO()
    image.save(buffer, format=fmt)
    return buffer.getvalue()


def tf(statement: str, answer: str) -> dict[str, str]:
    return {"Question": statement, "Correct Answer": answer, "Question Type": "TF"}


def mc(question: str, answer: str) -> dict[str, str]:
    return {"Question": question, "Correct Answer": answer, "Question Type": "select"}


def entry(
    name: str, category: str, level: Any, qa: list[dict[str, str]], description: str | None = None
) -> dict:
    props: dict[str, Any] = {"image_name": name, "Category": category, "Difficult Level": level}
    if description is not None:
        props["Golden Description"] = description
    return {"image_property": props, "qa_data": qa}


DESCRIPTION = "In this picture, {}. There is {} visual illusion in the image."
ENTRIES = [
    entry("classic_01.png", "A", "Easy", [
        tf("The two lines are the same length.", "True"),
        tf("The upper line is longer.", "False"),
        mc("Which line is longer? i. The upper line ii. The lower line iii. Neither iv. Both", "iii"),
        mc("What causes it?\n(i) The fins\n(ii) The colour\n(iii) The width\n(iv) The light", "Option i"),
        mc("What is this figure called? i. Ponzo ii. Müller-Lyer iii. Zöllner iv. Hering", "ii"),
    ], DESCRIPTION.format("two lines with fins", "a")),
    entry("real_01.jpg", "B", "Hard", [
        tf("The tower is leaning.", "False"),
        tf("The photo shows a street.", "True"),
        tf("The road goes uphill.", "False"),
        mc("Which way does the road go? i. Uphill ii. Downhill iii. Flat iv. It curves", "ii"),
        mc("What causes the illusion? i. Perspective ii. Colour iii. Motion iv. Noise", "i"),
        mc("Where was this taken? i. A beach ii. A city street iii. A forest iv. A desert", "ii"),
    ], DESCRIPTION.format("a street going downhill", "a")),
    entry("trap_01.png", "C", 3, [
        tf("The two arcs are the same size.", "False"),
        tf("The lower arc is larger.", "True"),
        mc("Which arc is larger? i. Upper ii. Lower iii. Same iv. Neither is an arc", "ii"),
        mc("What is this? i. An edited Jastrow figure ii. A photo iii. A map iv. A plate", "i"),
        mc("How many arcs are there? i. One ii. Two iii. Three iv. Four", "ii"),
    ], DESCRIPTION.format("two arcs, the lower one larger", "a")),
    entry("plate_01.png", "Ishihara", "Neutral", [
        tf("The number is 7.", "True"),
        tf("There is a visual illusion in the image.", "False"),
        mc("What number is shown? i. 1 ii. 7 iii. 4 iv. 9", "ii"),
        mc("What is this? i. A dot plate ii. A photo iii. A map iv. A tile", "i"),
        mc("What colour is the number? i. Green ii. Blue iii. Red iv. Black", "iii"),
    ], DESCRIPTION.format("a dot plate showing 7", "no")),
    entry("plain_01.jpg", "No Illusion", 1, [
        tf("There is a dog.", "True"),
        tf("There is a visual illusion in the image.", "False"),
        mc("What animal is shown? i. Cat ii. Dog iii. Bird iv. Fish", "ii"),
        mc("Where is the dog? i. Grass ii. Snow iii. Sand iv. Water", "i"),
        mc("How many dogs? i. One ii. Two iii. Three iv. Four", "i"),
    ]),  # no golden description
    entry("missing_01.png", "B", "Easy", [tf("Anything.", "True")], DESCRIPTION.format("a photo", "a")),
]  # fmt: skip

IMAGES = {
    "classic_01.png": picture((250, 250, 250)),
    "real_01.jpg": picture((120, 140, 160), (48, 36), "JPEG"),
    "trap_01.png": picture((230, 160, 40)),
    "plate_01.png": picture((110, 170, 80)),
    "plain_01.jpg": picture((200, 180, 150), (36, 48), "JPEG"),
    "unannotated_01.png": picture((10, 20, 30)),
}

CLUTTER = {
    f"__MACOSX/{FOLDER}/._classic_01.png": b"\x00\x05\x16\x07mac resource fork",
    f"{FOLDER}/.DS_Store": b"Bud1",
    f"{FOLDER}/readme.txt": b"images of IllusionBench+",
}


def write_release(
    root: Path,
    *,
    entries: Any = None,
    images: dict[str, bytes] | None = None,
    extra: dict[str, bytes] | None = None,
    hostile: list[zipfile.ZipInfo] | None = None,
) -> Path:
    """Write a copy under `root`: the JSON, the zip (images under IllusionDataset/, the clutter, `extra`
    members by exact name, and `hostile` members as given) and return `root`."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "Image_properties.json").write_text(
        json.dumps(ENTRIES if entries is None else entries, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    with zipfile.ZipFile(root / "IllusionDataset.zip", "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(zipfile.ZipInfo(f"{FOLDER}/"), b"")
        for name, data in (IMAGES if images is None else images).items():
            zf.writestr(f"{FOLDER}/{name}", data)
        for name, data in {**CLUTTER, **(extra or {})}.items():
            zf.writestr(name, data)
        for info in hostile or []:
            zf.writestr(info, b"\x00" * info.file_size if info.file_size else b"payload")
    return root


def member(name: str, *, size: int = 0, symlink: bool = False) -> zipfile.ZipInfo:
    """A hostile member: a raw name (absolute, climbing), a symlink, or `size` bytes of zeros deflated."""
    info = zipfile.ZipInfo(name)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.file_size = size
    if symlink:
        info.external_attr = (stat.S_IFLNK | 0o777) << 16
    return info
