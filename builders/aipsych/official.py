"""The release's question files over the user's own photos: `--source official --questions FILE --images DIR`.

The release (`lxrswdd/AIpsych`, `question_set/*.json`) is a JSON list of records
`{image_file, description, questions[20], gpt_responses[20]}`: COCO records name
`COCO_val2014_<12 digits>.jpg`, Visual Genome records `<id>.jpg`, in its first version as an
absolute path on the authors' machine. We read the file, check that every record has that layout,
find every image by its file name in the user's folder, and only then plan one `OfficialImageSpec`
per record; any problem is one `UsageError` sentence before anything is written. The 20 prompts
are kept verbatim and GPT-4o's released replies become the `reference_response` column.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections import Counter
from pathlib import Path, PurePosixPath
from typing import Any, ClassVar

from PIL import Image

from builders.aipsych.questions import PROMPTS_PER_SET, QuestionSet
from builders.aipsych.rows import picture_fields, set_rows
from builders.aipsych.spec import SceneObject
from builders.core.errors import RenderError, UsageError, wrong_kind
from builders.core.photos import UnreadablePhoto, decoded_photo, photo_size
from builders.core.raster import Picture
from builders.core.spec import Spec, input_root
from builders.core.user_files import child_path, is_file, read_bytes, read_json

RECORD_KEYS = ("image_file", "description", "questions", "gpt_responses")
PROMPTS_PER_RECORD = 20
TEMPLATE_VERSION = "release"
#: Per config: how a released image name looks, and the sub-folders of the user's copy we search.
IMAGE_NAMES = {"coco": re.compile(r"COCO_val2014_\d{12}\.jpg"), "visual_genome": re.compile(r"\d+\.jpg")}
SUBFOLDERS = {"coco": ("", "val2014"), "visual_genome": ("", "VG_100K", "VG_100K_2")}
DATASET_NAMES = {"coco": "COCO val2014", "visual_genome": "Visual Genome"}
#: Set number -> (kind, object asked about), the release's order.
SET_LAYOUT = {1: ("position", 1), 2: ("position", 2), 3: ("colour", 1), 4: ("colour", 2), 5: ("mixed", 1)}

_CORNER = r"(top left|top right|bottom left|bottom right)"
_OFFERED = {
    "position": re.compile(rf" on the {_CORNER} or {_CORNER} in the image"),
    "colour": re.compile(r" (\S+) or (\S+) \(Answer in one or two words\)"),
    "mixed": re.compile(rf" and (\S+) .* on {_CORNER} or {_CORNER} \(Answer in one or two words\)"),
}
_LINE = re.compile(r"(\S+) (.+?) on (.+) of the image\.?")


@dataclasses.dataclass(frozen=True, kw_only=True)
class OfficialImageSpec(Spec):
    """One released record and the local photo it is asked about."""

    kind: ClassVar[str] = "aipsych_official"

    config: str  # coco or visual_genome
    image_id: str  # <config>-<file stem>
    record_index: int  # position in the question file
    image_file: str  # as released
    image_path: str  # the user's copy we read, relative to `--images` (e.g. `val2014/COCO_...jpg`)
    image_sha256: str  # of the file's bytes, checked again when drawn
    width: int
    height: int
    description: str
    questions: tuple[str, ...]
    gpt_responses: tuple[str | None, ...]
    images: str = input_root("images")  # the `--images` folder: never published

    @property
    def local_path(self) -> Path:
        """The user's copy of the photo on this machine."""
        return Path(self.images) / self.image_path


def read_official(
    config: str, questions: str | Path | None, images: str | Path | None
) -> list[OfficialImageSpec]:
    """Every record of the question file `questions` as a spec, its photo found in `images`.

    Raises:
        UsageError: unknown config, no or unreadable file, a JSON that is not the release's
            question file for `config`, no image folder, or images missing or unreadable there.
    """
    if config not in IMAGE_NAMES:
        raise UsageError(f"official AIpsych sets exist for configs coco and visual_genome, not {config!r}")
    records = _records(config, questions)
    folder = _image_folder(config, images, records)
    found, missing, unreadable = [], [], []
    facts: dict[Path, tuple[str, int, int] | None] = {}  # a photo asked about again is read once
    for index, record in enumerate(records):
        path = _find(folder, config, record["image_file"], f"record {index} of {str(questions)!r}")
        if path is None:
            missing.append(record["image_file"])
            continue
        if path not in facts:
            try:
                facts[path] = _photo_facts(path)
            except UnreadablePhoto as error:
                facts[path] = None
                unreadable.append(f"{str(path)!r}, {error.reason}")
        found.append((record, path, facts[path]))
    if missing:
        raise UsageError(
            f"{len(missing)} of {len(records)} images named in {str(questions)!r} are not in {str(folder)!r} "
            f"(first: {PurePosixPath(missing[0]).name!r}, released as {missing[0]!r}); pass --images your "
            f"{DATASET_NAMES[config]} image folder"
        )
    if unreadable:
        raise UsageError(
            f"{len(unreadable)} of {len(records)} images in {str(folder)!r} cannot be read as images "
            f"(first: {unreadable[0]}); replace them with the {DATASET_NAMES[config]} originals"
        )
    return _specs(config, folder, found)


def released_config(questions: str | Path | None) -> str:
    """The config whose images the question file names (coco or visual_genome): what
    `--source official` builds when no `--config` is given.

    Raises:
        UsageError: no or unreadable file, a JSON that is not a release question file, or image
            names of neither dataset.
    """
    path, records = _read(questions)
    names = [PurePosixPath(record["image_file"]).name for record in records]
    for config, pattern in IMAGE_NAMES.items():
        if all(pattern.fullmatch(name) for name in names):
            return config
    raise UsageError(
        f"{str(path)!r} names images that are neither all COCO val2014 nor all Visual Genome files "
        f"(first: {names[0]!r}); is this the release's file?"
    )


def _records(config: str, questions: str | Path | None) -> list[dict[str, Any]]:
    path, records = _read(questions)
    _check_config(path, config, records)
    return records


def _read(questions: str | Path | None) -> tuple[Path, list[dict[str, Any]]]:
    """The question file's records, each checked to have the release's layout."""
    if questions is None:
        raise UsageError(
            "--source official needs --questions, the release's question file (question_set/*.json)"
        )
    path = Path(questions)
    if not is_file(path):
        reason = (
            "it is a folder" if path.is_dir() else "not a regular file" if path.exists() else "no such file"
        )
        raise UsageError(f"cannot read question file {str(path)!r} ({reason}); check --questions")
    fix = "pass the release's question_set/*.json"
    data = read_json(path, f"question file {str(path)!r}", fix)
    if not isinstance(data, list) or not data:
        raise UsageError(f"{str(path)!r} is not a list of records; pass the release's question_set/*.json")
    for index, record in enumerate(data):
        _check_record(path, index, record)
    return path, data


def _check_record(path: Path, index: int, record: Any) -> None:
    where = f"record {index} of {str(path)!r}"
    if isinstance(record, dict) and "model_response" in record:
        raise UsageError(
            f"{where} holds model responses, not questions; pass the release's question_set/*.json"
        )
    if not isinstance(record, dict) or not all(key in record for key in RECORD_KEYS):
        keys = sorted(record) if isinstance(record, dict) else type(record).__name__
        raise UsageError(
            f"{where} has {keys}, not the release's keys {list(RECORD_KEYS)}; is this the right file?"
        )
    prompts, replies = record["questions"], record["gpt_responses"]
    if not (
        isinstance(record["image_file"], str)
        and isinstance(record["description"], str)
        and isinstance(prompts, list)
        and len(prompts) == PROMPTS_PER_RECORD
        and all(isinstance(prompt, str) for prompt in prompts)
        and isinstance(replies, list)
        and len(replies) == PROMPTS_PER_RECORD
        and all(reply is None or isinstance(reply, str) for reply in replies)
    ):
        raise UsageError(
            f"{where} does not hold 20 question strings and 20 replies; is this the release's file?"
        )
    for start in range(0, PROMPTS_PER_RECORD, PROMPTS_PER_SET):
        p2, p3, p4 = prompts[start + 1 : start + PROMPTS_PER_SET]
        if "The second question" not in p2 or "sycophantic" not in p3 or "or else" not in p4:
            raise UsageError(
                f"{where} does not ask the release's 5 sets of 4 prompts; is this the right file?"
            )


def _check_config(path: Path, config: str, records: list[dict[str, Any]]) -> None:
    names = [PurePosixPath(record["image_file"]).name for record in records]
    for other, pattern in IMAGE_NAMES.items():
        if all(pattern.fullmatch(name) for name in names):
            if other != config:
                raise UsageError(
                    f"{str(path)!r} asks about {DATASET_NAMES[other]} images (e.g. {names[0]!r}); "
                    f"use config {other}"
                )
            return
    odd = next(name for name in names if not IMAGE_NAMES[config].fullmatch(name))
    raise UsageError(
        f"{str(path)!r} names image {odd!r}, not a {DATASET_NAMES[config]} file name; "
        "is this the release's file?"
    )


def _image_folder(config: str, images: str | Path | None, records: list[dict[str, Any]]) -> Path:
    if images is None:
        released = records[0]["image_file"]
        note = " (the file names them by paths on the authors' machine, e.g. {released!r})"
        raise UsageError(
            f"--source official needs --images, your local {DATASET_NAMES[config]} image folder"
            + (note.format(released=released) if released.startswith("/") else "")
        )
    folder = Path(images).absolute()
    problem = wrong_kind(folder, folder=True)
    if problem:
        raise UsageError(
            f"image folder {str(folder)!r} {problem}; pass --images your {DATASET_NAMES[config]} folder"
        )
    return folder


def _find(folder: Path, config: str, image_file: str, where: str) -> Path | None:
    """The user's copy of a released image, found by file name (never by the authors' absolute path).

    A copy that is a symbolic link out of the folder is refused, as a name no file can have.
    """
    name, root = PurePosixPath(image_file).name, folder.resolve()
    for sub in SUBFOLDERS[config]:
        candidate = folder / sub / name
        child_path(root, f"{sub}/{name}" if sub else name, where)
        if is_file(candidate):
            return candidate
    return None


def _photo_facts(path: Path) -> tuple[str, int, int]:
    """(SHA-256 of the bytes, width, height) of a photo whose every pixel decodes.

    Raises:
        UnreadablePhoto: the file is not an image, or its pixels do not all decode.
        UsageError: the file cannot be opened (permissions) or is larger than the pixel cap.
    """
    data = read_bytes(path, f"image {str(path)!r}")
    width, height = photo_size(data, f"image {str(path)!r}")
    return hashlib.sha256(data).hexdigest(), width, height


def _specs(
    config: str, folder: Path, found: list[tuple[dict[str, Any], Path, Any]]
) -> list[OfficialImageSpec]:
    specs, asked = [], Counter[str]()
    for index, (record, path, (sha256, width, height)) in enumerate(found):
        image_id = f"{config}-{PurePosixPath(record['image_file']).stem}"
        asked[image_id] += 1
        image_id = _repeated_id(image_id, asked[image_id])
        specs.append(
            OfficialImageSpec(
                config=config,
                image_id=image_id,
                record_index=index,
                image_file=record["image_file"],
                image_path=path.relative_to(folder).as_posix(),
                images=str(folder),
                image_sha256=sha256,
                width=width,
                height=height,
                description=record["description"],
                questions=tuple(record["questions"]),
                gpt_responses=tuple(record["gpt_responses"]),
            )
        )
    return specs


def _repeated_id(image_id: str, time: int) -> str:
    """The id of the `time`-th record about one photo: every record is kept, its id stays short.

    >>> [_repeated_id("coco-1", n) for n in (1, 2, 3, 4000)]
    ['coco-1', 'coco-1-again', 'coco-1-again-3', 'coco-1-again-4000']
    """
    return image_id if time == 1 else f"{image_id}-again" if time == 2 else f"{image_id}-again-{time}"


def load_photo(spec: OfficialImageSpec) -> Image.Image:
    """The record's photo as RGB; RenderError if the file changed since it was planned."""
    data = read_bytes(
        spec.local_path,
        f"image {str(spec.local_path)!r}",
        "rebuild from the same --images",
        error=RenderError,
    )
    if hashlib.sha256(data).hexdigest() != spec.image_sha256:
        raise RenderError(
            f"{str(spec.local_path)!r} changed since it was planned; rebuild from the same --images"
        )
    return decoded_photo(data, f"image {str(spec.local_path)!r}")


def described_objects(text: str) -> list[SceneObject]:
    """The objects of a released description, split as the release's generator did.

    The first word is the colour and the object runs to the first " on "; a line in another shape
    (the release has some) keeps its text as the name, with no colour or position.

    >>> described_objects("black-and-white Zebra-patterned pouch on bottom left of the image.\\nunknown")
    [SceneObject(name='Zebra-patterned pouch', colour='black-and-white', position='bottom left'), \
SceneObject(name='unknown', colour='', position='')]
    """
    objects = []
    for line in text.split("\n"):
        match = _LINE.fullmatch(line.strip())
        objects.append(
            SceneObject(match[2], match[1], match[3]) if match else SceneObject(line.strip(), "", "")
        )
    return objects


def official_question_sets(spec: OfficialImageSpec) -> list[QuestionSet]:
    """The record's five sets with its prompts verbatim; truth and offered values as far as they parse."""
    objects = described_objects(spec.description)
    sets = []
    for number, (kind, target) in SET_LAYOUT.items():
        first, second, third, fourth = spec.questions[
            (number - 1) * PROMPTS_PER_SET : number * PROMPTS_PER_SET
        ]
        truth = objects[target - 1] if len(objects) >= target else SceneObject("", "", "")
        match = _OFFERED[kind].search(first)
        offered = match.groups() if match else ()
        positions, colours = _split_offered(kind, offered)
        sets.append(
            QuestionSet(
                number,
                kind,
                target,
                (first, second, third, fourth),
                truth.colour,
                truth.position,
                positions,
                colours,
            )
        )
    return sets


def _split_offered(kind: str, offered: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(offered positions, offered colours) of a set from what its first prompt offers, in order."""
    if kind == "position":
        return offered, ()
    if kind == "colour":
        return (), offered
    return offered[1:], offered[:1]


def official_rows(spec: OfficialImageSpec, picture: Picture) -> list[dict[str, Any]]:
    """The 20 rows of a released record, complete but for `image`."""
    shared = {
        **picture_fields(spec, picture, TEMPLATE_VERSION),
        "config": spec.config,
        "setting": "",
        "clutter": [],
        "layout": [],
        "source_image": spec.image_file,
    }
    rows = set_rows(
        spec.image_id,
        official_question_sets(spec),
        spec.description,
        described_objects(spec.description),
        spec.gpt_responses,
    )
    return [{**row, **shared} for row in rows]
