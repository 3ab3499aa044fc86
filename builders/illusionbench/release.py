"""Read a local copy of the IllusionBench+ release into per-image specs, refusing bad input up front.

The release (`MingZhangSJTU/IllusionBench`) is a folder holding `Image_properties.json` and
`IllusionDataset.zip`. The JSON is a list of entries `{"image_property": {"image_name",
"Category", "Difficult Level", ...}, "qa_data": [{"Question", "Correct Answer", "Question Type"},
...]}`; question types are "TF" and "select", and multiple-choice options sit inside the question
text, labelled i-iv. Images are matched to entries by file name, wherever they sit in the zip.

`read_release` checks everything before anything is built: the archive (see `archive`), the
JSON's shape, every category and difficulty, every image (its size within the pixel cap, then every
pixel decoded: `builders.core.photos`). Any problem is one `UsageError` sentence. Images without an
entry and entries without an image are not errors: they are returned, so the card and the build
note can list them.

Category and difficulty codes are read by `codes`: the defaults it assumes (stated in the card)
and the user's `category_map.json` and `difficulty_map.json` beside the JSON (or the
`category_map` and `difficulty_map` arguments). Question types are read by name ("TF",
"select", "True/False", "multiple choice") and also kept verbatim: lmms-eval's task branches on the
exact string. Answers may be strings, booleans or whole numbers (kept as text, as lmms-eval's
conversion keeps them).
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
import zipfile
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path, PurePosixPath
from typing import Any, ClassVar

from PIL import Image

from builders.core.errors import RenderError, SpecError, UsageError
from builders.core.photos import UnreadablePhoto, decoded_photo, photo_size
from builders.core.spec import SOURCE_PATH, Spec, input_root
from builders.core.user_files import read_json
from builders.illusionbench.archive import DEFAULT_LIMITS, Limits, members, read_member
from builders.illusionbench.codes import Codes, Mapped, read_codes, unknown_category, unknown_difficulty
from builders.illusionbench.columns import CATEGORIES, DIFFICULTIES, question_kind
from builders.illusionbench.options import split_options
from builders.illusionbench.questions import ILLUSION_PROMPT, SEMANTIC_PROMPT, Question

RELEASE = "MingZhangSJTU/IllusionBench"
JSON_NAME = "Image_properties.json"
ZIP_NAME = "IllusionDataset.zip"
_DESCRIPTION_KEY = re.compile(r"descri|caption", re.IGNORECASE)


@dataclasses.dataclass(frozen=True, kw_only=True)
class ReleaseImageSpec(Spec):
    """One released image: where it is, what its bytes hash to, and its annotations verbatim."""

    kind: ClassVar[str] = "illusionbench_release_image"

    archive: str  # IllusionDataset.zip, relative to the release folder
    member: str
    image_sha256: str
    image_name: str
    image_id: str
    category: str
    difficulty: str
    #: (question type "tf"/"mc", question text, answer text, "Question Type" verbatim) per question.
    qa: tuple[tuple[str, str, str, str], ...]
    description: str  # the golden description ("" when the entry has none)
    #: What the reader could not match, and where descriptions came from: set on the first image of
    #: each release config only (`Release.reported`), so the card, which reads nothing but the built
    #: folder, can list it; empty on every other image.
    images_without_annotations: tuple[str, ...] = ()
    annotations_without_images: tuple[str, ...] = ()
    skipped_members: tuple[str, ...] = ()
    description_key: str = ""
    #: Every (field, code, name, rule) the release's codes were read by (`codes.Mapped`).
    codes: tuple[tuple[str, str, str, str], ...] = ()
    release: str = input_root(SOURCE_PATH)  # the `--source release DIR` folder: never published

    def __post_init__(self) -> None:
        if self.category not in CATEGORIES or self.difficulty not in DIFFICULTIES:
            raise SpecError(f"unknown category or difficulty in {self.category!r}, {self.difficulty!r}")
        if not re.fullmatch(r"[0-9a-f]{64}", self.image_sha256):
            raise SpecError(f"image_sha256 must be 64 lower-case hex digits, got {self.image_sha256!r}")

    def questions(self) -> list[Question]:
        """The released questions verbatim (options read out of multiple-choice text), then the prompts."""
        found = [
            Question(kind, text, split_options(text)[1] if kind == "mc" else (), answer, f"q{n}", source)
            for n, (kind, text, answer, source) in enumerate(self.qa, start=1)
        ]
        if self.description:
            found += [
                Question("semantic", SEMANTIC_PROMPT, (), self.description, "semantic"),
                Question("illusion", ILLUSION_PROMPT, (), self.description, "illusion"),
            ]
        return found


@dataclasses.dataclass(frozen=True)
class Release:
    """A checked copy of the release: its matched images as specs, and what did not match."""

    folder: str
    specs: tuple[ReleaseImageSpec, ...]  # in the JSON's order
    images_without_annotations: tuple[str, ...]  # zip members no entry names
    annotations_without_images: tuple[str, ...]  # image names no zip member has
    skipped_members: tuple[str, ...]  # non-image files in the zip
    without_description: tuple[str, ...]  # matched images whose entry has no golden description
    description_key: str | None  # the JSON key the golden descriptions were read from
    codes: tuple[Mapped, ...]  # every category and difficulty code met, and what it became

    def in_category(self, category: str) -> Iterator[ReleaseImageSpec]:
        return (spec for spec in self.specs if spec.category == category)

    def counts(self) -> dict[str, dict[str, int]]:
        """Images, true/false, multiple-choice and description rows per category."""
        return category_counts(self.specs)

    def reported(self, specs: Iterable[ReleaseImageSpec]) -> Iterator[ReleaseImageSpec]:
        """`specs` (of one config), the first one carrying what this release could not match."""
        for n, spec in enumerate(specs):
            if n > 0:
                yield spec
                continue
            yield dataclasses.replace(
                spec,
                images_without_annotations=self.images_without_annotations,
                annotations_without_images=self.annotations_without_images,
                skipped_members=self.skipped_members,
                description_key=self.description_key or "",
                codes=tuple(dataclasses.astuple(mapped) for mapped in self.codes),
            )


def category_counts(specs: Iterable[ReleaseImageSpec]) -> dict[str, dict[str, int]]:
    """Images, true/false, multiple-choice and description rows per category, from the specs alone."""
    table = {category: {"images": 0, "tf": 0, "mc": 0, "descriptions": 0} for category in CATEGORIES}
    for spec in specs:
        counts = table[spec.category]
        counts["images"] += 1
        for kind, *_ in spec.qa:
            counts[kind] += 1
        counts["descriptions"] += 2 if spec.description else 0
    return table


def read_release(
    folder: Path | str,
    *,
    category_map: Mapping[str, str] | None = None,
    difficulty_map: Mapping[str, str] | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> Release:
    """Check and read a local copy of the release.

    Raises:
        UsageError: a file is missing, the archive is unsafe, the JSON is malformed, or a category,
            difficulty or image cannot be read; the message names the value and the fix.
    """
    root = Path(folder).resolve()
    annotations_path, archive_path = root / JSON_NAME, root / ZIP_NAME
    for path in (annotations_path, archive_path):
        if not path.is_file():
            raise UsageError(
                f"{str(path)!r} does not exist; pass the folder holding {JSON_NAME} and {ZIP_NAME} "
                f"from {RELEASE}"
            )
    entries = _entries(annotations_path, limits)
    codes = read_codes(root, category_map, difficulty_map)
    try:
        zf = zipfile.ZipFile(archive_path)
    except (zipfile.BadZipFile, OSError) as error:
        raise UsageError(
            f"{str(archive_path)!r} is not a readable zip archive ({error}); download it again"
        ) from None
    with zf:
        found = members(zf, archive_path, limits)
        parsed = [_entry(entry, n, codes) for n, entry in enumerate(entries)]
        seen: dict[str, int] = {}
        for n, (name, *_rest) in enumerate(parsed):
            if name in seen:
                raise UsageError(
                    f"{JSON_NAME} describes {name!r} twice (entries {seen[name]} and {n}); "
                    "keep one entry per image"
                )
            seen[name] = n
        key = _description_key(entries)
        ids = _image_ids([name for name, *_ in parsed if name in found.images])
        specs, met = [], set()
        for (name, category, difficulty, qa), entry in zip(parsed, entries, strict=True):
            met.update({category, difficulty})
            if name not in found.images:
                continue
            data = read_member(zf, found.images[name], limits)
            _check_image(data, name, limits)
            description = entry["image_property"].get(key, "") if key else ""
            specs.append(
                ReleaseImageSpec(
                    archive=ZIP_NAME,
                    release=str(root),
                    member=found.images[name],
                    image_sha256=hashlib.sha256(data).hexdigest(),
                    image_name=name,
                    image_id=ids[name],
                    category=category.name,
                    difficulty=difficulty.name,
                    qa=qa,
                    description=description.strip() if isinstance(description, str) else "",
                )
            )
    named = set(seen)
    return Release(
        folder=str(root),
        specs=tuple(specs),
        images_without_annotations=tuple(sorted(m for n, m in found.images.items() if n not in named)),
        annotations_without_images=tuple(name for name, *_ in parsed if name not in found.images),
        skipped_members=found.skipped,
        without_description=tuple(spec.image_name for spec in specs if not spec.description),
        description_key=key,
        codes=tuple(sorted(met, key=lambda m: (m.field, m.code))),
    )


def release_picture(spec: ReleaseImageSpec, limits: Limits = DEFAULT_LIMITS) -> Image.Image:
    """The released image of a spec, decoded to RGB, after checking its bytes are the ones planned."""
    archive = str(Path(spec.release) / spec.archive)
    try:
        with zipfile.ZipFile(archive) as zf:
            data = read_member(zf, spec.member, limits)
    except (OSError, KeyError, zipfile.BadZipFile, UsageError) as error:
        raise RenderError(
            f"cannot read {spec.member!r} from {archive!r} again ({error}); keep the release in place"
        ) from None
    if hashlib.sha256(data).hexdigest() != spec.image_sha256:
        raise RenderError(f"{spec.member!r} in {archive!r} changed since the build was planned; rebuild")
    return decoded_photo(data, f"image {spec.member!r} in {archive!r}", limits.pixels)


def _entries(path: Path, limits: Limits) -> list[dict[str, Any]]:
    fix = f"use the release's own {JSON_NAME}"
    entries = read_json(path, repr(str(path)), fix, max_bytes=limits.json_bytes)
    if not isinstance(entries, list):
        raise UsageError(f"{str(path)!r} must hold a list of image entries, not a {type(entries).__name__}")
    for n, entry in enumerate(entries):
        if not (
            isinstance(entry, dict)
            and isinstance(entry.get("image_property"), dict)
            and isinstance(entry.get("qa_data"), list)
        ):
            raise UsageError(
                f"entry {n} of {str(path)!r} needs an 'image_property' object and a 'qa_data' list, "
                f"got {_short(entry)}"
            )
    return entries


def _entry(
    entry: dict[str, Any], n: int, codes: Codes
) -> tuple[str, Mapped, Mapped, tuple[tuple[str, str, str, str], ...]]:
    """(image name, category, difficulty, questions) of one JSON entry."""
    props = entry["image_property"]
    name = props.get("image_name")
    if not isinstance(name, str) or not name.strip():
        raise UsageError(f"entry {n} of {JSON_NAME} has no 'image_name' string, got {_short(props)}")
    name = PurePosixPath(name.strip().replace("\\", "/")).name
    category = codes.category(props.get("Category", ""))
    if category is None:
        raise unknown_category(props.get("Category"), name, n)
    difficulty = codes.difficulty(props.get("Difficult Level", ""))
    if difficulty is None:
        raise unknown_difficulty(props.get("Difficult Level"), name, n)
    qa = []
    for k, item in enumerate(entry["qa_data"]):
        fields = item if isinstance(item, dict) else {}
        source = fields.get("Question Type", "")
        kind = question_kind(str(source))
        question, answer = fields.get("Question"), fields.get("Correct Answer")
        if isinstance(answer, (bool, int)):
            answer = str(answer)
        if kind is None or not isinstance(question, str) or not isinstance(answer, str):
            raise UsageError(
                f"question {k} of {name!r} (entry {n}) needs a 'Question' and 'Correct Answer' string and a "
                f"'Question Type' of TF or select, got {_short(item)}"
            )
        qa.append((kind, question, answer, str(source)))
    return name, category, difficulty, tuple(qa)


def _description_key(entries: list[dict[str, Any]]) -> str | None:
    """The first 'image_property' key whose name says description or caption, if any entry has one."""
    for entry in entries:
        for key in entry["image_property"]:
            if _DESCRIPTION_KEY.search(key):
                return key
    return None


def _image_ids(names: list[str]) -> dict[str, str]:
    """A readable, unique id per image name: the name with unsafe characters replaced, hashed on clashes.

    >>> _image_ids(["a b.png", "a_b.png", "c.jpg"])["c.jpg"]
    'c.jpg'
    """
    slugs = {name: re.sub(r"[^A-Za-z0-9._-]+", "_", name) for name in names}
    clashes = {slug for slug, count in Counter(slugs.values()).items() if count > 1}
    return {
        name: f"{slug}-{hashlib.sha256(name.encode()).hexdigest()[:8]}" if slug in clashes else slug
        for name, slug in slugs.items()
    }


def _check_image(data: bytes, name: str, limits: Limits) -> None:
    """Refuse an image over the pixel cap or whose pixels do not all decode, before anything is built."""
    try:
        photo_size(data, f"image {name!r} in the archive", limits.pixels)
    except UnreadablePhoto as error:
        raise UsageError(
            f"image {name!r} in the archive cannot be read ({error.reason}); download the release again"
        ) from None


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
