"""The `external` config's input: the authors' tuples (or anyone's), as CSV or JSON Lines, plus photos.

`--source tuples FILE --images DIR`. FILE has one line (a CSV row, or a JSON
object per line in a `.jsonl` file) per pair of images of a tuple:

| column | required | meaning |
|---|---|---|
| `category`, `category_pl` | yes | the category, singular and plural ("lion", "lions") |
| `exception`, `exception_pl` | yes | the exception subcategory ("lioness", "lionesses") |
| `attribute` | yes | the attribute as the concept question says it ("manes") |
| `attribute_sg` | no | as the instance question says it ("a mane"); default `attribute` |
| `predicate` | no | `have` (default), `be` ("fast") or `do` ("sleep in the day") |
| `norm_text` | no | the generic ("Lions have manes."); default from the predicate table |
| `name_reveals` | no | `true` if the name states the violation ("maneless lion"); default: `reveals.py` |
| `typical_image`, `exceptional_image` | yes | photo paths relative to DIR |

Lines with the same category, attribute and exception (case and spacing
aside) form one tuple; its image pairs are numbered in file order. A tuple's
id is made of its names, lower-cased with every run of other characters an
underscore, so names in any script keep their letters ("Löwe", "獅子"). A file
with a UTF-8 byte-order mark (what Excel's "CSV UTF-8" writes) reads as without.

Refused, each in one sentence naming the line, before a single row is built:
a missing field or unreadable photo; an exception named as its category (its
labels would contradict each other); a line repeating an earlier one (same
tuple, same photos); a photo that is a typical image of a norm and an
exceptional one of the same norm (on one line or two); and two different
tuples whose ids collide ("soft-toy alligator" and "soft toy alligator"). A
spec keeps the photo's path relative to DIR and its content hash (DIR itself is
never published), so worker processes and `verify --images DIR` read the same file.
"""

from __future__ import annotations

import csv
import dataclasses
import hashlib
import io
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from PIL import Image

from builders.core.errors import UsageError, wrong_kind
from builders.core.photos import UnreadablePhoto, decoded_photo, photo_size
from builders.core.user_files import child_path, is_file, parse_json, read_bytes, read_text
from builders.visage.predicates import PREDICATES, VisageTuple
from builders.visage.reveals import name_reveals
from builders.visage.spec import ExternalImageSpec

REQUIRED = (
    "category",
    "category_pl",
    "exception",
    "exception_pl",
    "attribute",
    "typical_image",
    "exceptional_image",
)
OPTIONAL = ("attribute_sg", "predicate", "norm_text", "name_reveals")
#: How a `name_reveals` field may be written (JSON booleans too).
BOOLEANS = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}
TEXT_FIELDS = (
    "category",
    "category_pl",
    "exception",
    "exception_pl",
    "attribute",
    "attribute_sg",
    "predicate",
)


def read_tuples(path: Path | str, images: Path | str) -> list[ExternalImageSpec]:
    """Every image of the tuples in `path` (CSV or JSONL), typical then exceptional per pair.

    Raises:
        UsageError: the file or folder is missing, a line is malformed, contradicts itself or
            another line, or a photo is unreadable.
    """
    path, images = Path(path), Path(images)
    if wrong_kind(path, folder=False):
        raise UsageError(
            f"tuples file {str(path)!r} {wrong_kind(path, folder=False)}; "
            "pass --source tuples FILE with a CSV or JSONL file"
        )
    if wrong_kind(images, folder=True):
        raise UsageError(
            f"images folder {str(images)!r} {wrong_kind(images, folder=True)}; "
            "pass --images DIR holding the photos"
        )
    specs: list[ExternalImageSpec] = []
    seen = _Seen()
    for line, record in _records(path):
        where = f"line {line} of {str(path)!r}"
        text = seen.tuple(_tuple(record, where), line, where)
        pair = [
            _image_spec(text, image_type, 0, record[column], images, where)
            for image_type, column in (("typical", "typical_image"), ("exceptional", "exceptional_image"))
        ]
        index = seen.pair(text, pair[0], pair[1], line, where)
        specs.extend(dataclasses.replace(spec, index=index) for spec in pair)
    if not specs:
        raise UsageError(f"tuples file {str(path)!r} has no tuples; add one line per image pair")
    return specs


class _Seen:
    """What earlier lines declared: tuples by id, photo pairs, and which photos show or break a norm."""

    def __init__(self) -> None:
        self.tuples: dict[str, tuple[VisageTuple, int]] = {}
        self.pairs: dict[tuple[str, str, str], int] = {}
        self.photos: dict[tuple[str, str], tuple[str, int]] = {}  # (norm id, sha256) -> (image type, line)
        self.counts: dict[str, int] = {}

    def tuple(self, text: VisageTuple, line: int, where: str) -> VisageTuple:
        """The tuple of this line, refusing an id that an earlier, different tuple already has."""
        earlier = self.tuples.get(text.tuple_id)
        if earlier is None:
            self.tuples[text.tuple_id] = (text, line)
            return text
        known, first = earlier
        if _identity(known) != _identity(text):
            raise UsageError(
                f"{where} names tuple ({text.category!r}, {text.attribute!r}, {text.exception!r}), whose id "
                f"{text.tuple_id!r} is also the id of line {first}'s tuple ({known.category!r}, "
                f"{known.attribute!r}, {known.exception!r}); name them apart or make them one tuple"
            )
        if known != text:
            raise UsageError(
                f"{where} repeats tuple {text.tuple_id!r} with a different norm text or surface form; "
                "make every line of a tuple agree"
            )
        return text

    def pair(
        self,
        text: VisageTuple,
        typical: ExternalImageSpec,
        exceptional: ExternalImageSpec,
        line: int,
        where: str,
    ) -> int:
        """The index of this image pair in its tuple, refusing repeats and photos on both sides of a norm."""
        key = (text.tuple_id, typical.sha256, exceptional.sha256)
        if key in self.pairs:
            raise UsageError(
                f"{where} repeats line {self.pairs[key]} (the same tuple and the same two photos); remove it"
            )
        if typical.sha256 == exceptional.sha256:
            raise UsageError(
                f"{where} gives the same photo as its typical and its exceptional image; "
                "a typical image shows the norm and an exceptional one breaks it, so give two photos"
            )
        for spec in (typical, exceptional):
            kind, first = self.photos.setdefault((text.norm_id, spec.sha256), (spec.image_type, line))
            if kind != spec.image_type:
                raise UsageError(
                    f"{where} uses the photo {Path(spec.path).name!r} as the {spec.image_type} image "
                    f"of norm {text.norm_id!r}, which line {first} uses as its {kind} image; "
                    "a photo cannot both show a norm and break it"
                )
        self.pairs[key] = line
        index = self.counts.get(text.tuple_id, 0)
        self.counts[text.tuple_id] = index + 1
        return index


def _identity(text: VisageTuple) -> tuple[str, str, str]:
    """What makes lines one tuple: category, attribute and exception, case and spacing aside."""
    return (_folded(text.category), _folded(text.attribute), _folded(text.exception))


def _folded(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def _records(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    fix = "save it as UTF-8 CSV or JSONL"
    content = read_text(path, f"tuples file {str(path)!r}", fix)
    if path.suffix.lower() in (".jsonl", ".json"):
        for number, text in enumerate(content.splitlines(), start=1):
            if not text.strip():
                continue
            record = parse_json(text, f"line {number} of {str(path)!r}", "fix it")
            if not isinstance(record, dict):
                raise UsageError(
                    f"line {number} of {str(path)!r} is not a JSON object; write one object per line"
                )
            yield number, record
        return
    reader = csv.DictReader(io.StringIO(content))
    try:
        missing = [column for column in REQUIRED if column not in (reader.fieldnames or [])]
        if missing:
            raise UsageError(
                f"tuples file {str(path)!r} has no column(s) {missing}; its header must name {list(REQUIRED)}"
            )
        for record in reader:
            if None in record:
                raise UsageError(
                    f"line {reader.line_num} of {str(path)!r} has more fields than the header; fix it"
                )
            yield reader.line_num, record
    except csv.Error as error:  # a field over the csv module's limit (line_num still counts the line before)
        raise UsageError(
            f"line {reader.line_num + 1} of {str(path)!r} cannot be read as CSV ({error}); fix it"
        ) from None


def _tuple(record: dict[str, Any], where: str) -> VisageTuple:
    for column in (*REQUIRED, *OPTIONAL):
        value = record.get(column)
        if column in REQUIRED and (not isinstance(value, str) or not value.strip()):
            raise UsageError(f"{where} has no {column!r} (got {value!r}); fill it in")
        if column in OPTIONAL and value is not None and not isinstance(value, str | bool):
            raise UsageError(f"{where} has a non-text {column!r} ({value!r}); write it as a string")
    predicate = (record.get("predicate") or "have").strip()
    if predicate not in PREDICATES:
        raise UsageError(f"{where} has predicate {predicate!r}; use one of {', '.join(PREDICATES)}")
    category, attribute, exception = (record[c].strip() for c in ("category", "attribute", "exception"))
    category_pl, exception_pl = record["category_pl"].strip(), record["exception_pl"].strip()
    if _folded(exception) == _folded(category) or _folded(exception_pl) == _folded(category_pl):
        raise UsageError(
            f"{where} names the exception {exception!r} as its category {category!r}, so its labels would "
            "contradict each other; name the subcategory that breaks the norm (e.g. 'lioness' for 'lion')"
        )
    return VisageTuple.from_norm(
        tuple_id=f"{_slug(category)}-{_slug(attribute)}-{_slug(exception)}",
        norm_id=f"{_slug(category)}-{_slug(attribute)}",
        category=(category, category_pl),
        exception=(exception, exception_pl),
        predicate=predicate,
        attribute=attribute,
        attribute_sg=_text(record.get("attribute_sg")) or None,
        norm_text=_text(record.get("norm_text")) or None,
        name_reveals=_reveals(record.get("name_reveals"), exception, attribute, where),
    )


def _text(value: str | bool | None) -> str:
    return value.strip() if isinstance(value, str) else ""


def _reveals(value: str | bool | None, exception: str, attribute: str, where: str) -> bool:
    """The line's `name_reveals`, or the rule's answer when it leaves it out."""
    if isinstance(value, bool):
        return value
    if not _text(value):
        return name_reveals(exception, attribute)
    written = _text(value).casefold()
    if written not in BOOLEANS:
        raise UsageError(f"{where} has name_reveals {value!r}; write true or false (or leave it empty)")
    return BOOLEANS[written]


def _slug(text: str) -> str:
    """The name in an id: lower-cased letters and digits of any script, other runs an underscore.

    >>> _slug("Soft-toy Alligator"), _slug("Löwe"), _slug("獅子")
    ('soft_toy_alligator', 'löwe', '獅子')
    >>> _slug("🦁")  # nothing but symbols: a hash of the name keeps ids apart
    'u2954f8d7'
    """
    slug = re.sub(r"[\W_]+", "_", unicodedata.normalize("NFKC", text).casefold()).strip("_")
    return slug or "u" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def _image_spec(
    text: VisageTuple, image_type: str, index: int, relative: str, images: Path, where: str
) -> ExternalImageSpec:
    relative = relative.strip()
    photo = child_path(images.resolve(), relative, where)
    if not is_file(photo):
        raise UsageError(
            f"{where} names image {relative!r}, which is not in {str(images)!r}; add it or fix the path"
        )
    data = read_bytes(photo, f"image {relative!r} (named on {where})")
    try:
        width, height = photo_size(data, f"image {relative!r} (named on {where})")
    except UnreadablePhoto as error:
        raise UsageError(
            f"{where} names image {relative!r}, which is not a readable image ({error.reason}); replace it"
        ) from None
    return ExternalImageSpec(
        tuple_id=text.tuple_id,
        norm_id=text.norm_id,
        category=text.category,
        category_pl=text.category_pl,
        exception=text.exception,
        exception_pl=text.exception_pl,
        predicate=text.predicate,
        attribute=text.attribute,
        attribute_sg=text.attribute_sg,
        norm_text=text.norm_text,
        name_reveals=text.name_reveals,
        image_type=image_type,
        index=index,
        path=photo.relative_to(images.resolve()).as_posix(),
        sha256=hashlib.sha256(data).hexdigest(),
        images=str(images.resolve()),
        width=width,
        height=height,
    )


def load_photo(spec: ExternalImageSpec) -> Image.Image:
    """The spec's photo as RGB, after checking it is still the file that was planned."""
    local = Path(spec.images) / spec.path
    data = read_bytes(local, f"image {str(local)!r}", "restore it or rebuild")
    if hashlib.sha256(data).hexdigest() != spec.sha256:
        raise UsageError(f"image {str(local)!r} changed since it was read; rebuild")
    return decoded_photo(data, f"image {str(local)!r}")
