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
| `typical_image`, `exceptional_image` | yes | photo paths relative to DIR |

Lines with the same category, attribute and exception form one tuple; its
image pairs are numbered in file order. Everything is checked (every field,
every photo opened) before a single row is built, and the first problem is
reported in one sentence naming the line. A spec keeps the photo's absolute
path and content hash, so worker processes and `verify` read the same file.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from PIL import Image, UnidentifiedImageError

from builders.core.errors import UsageError
from builders.visage.predicates import PREDICATES, VisageTuple
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
OPTIONAL = ("attribute_sg", "predicate", "norm_text")
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
        UsageError: the file or folder is missing, a line is malformed or a photo is unreadable.
    """
    path, images = Path(path), Path(images)
    if not path.is_file():
        raise UsageError(
            f"tuples file {str(path)!r} does not exist; pass --source tuples FILE with a CSV or JSONL file"
        )
    if not images.is_dir():
        raise UsageError(
            f"images folder {str(images)!r} does not exist; pass --images DIR holding the photos"
        )
    specs: list[ExternalImageSpec] = []
    seen: dict[str, VisageTuple] = {}
    counts: dict[str, int] = {}
    for line, record in _records(path):
        where = f"line {line} of {str(path)!r}"
        text = _tuple(record, where)
        earlier = seen.setdefault(text.tuple_id, text)
        if earlier != text:
            raise UsageError(
                f"{where} repeats tuple {text.tuple_id!r} with a different norm text or surface form; "
                "make every line of a tuple agree"
            )
        index = counts.get(text.tuple_id, 0)
        counts[text.tuple_id] = index + 1
        for image_type, column in (("typical", "typical_image"), ("exceptional", "exceptional_image")):
            specs.append(_image_spec(text, image_type, index, record[column], images, where))
    if not specs:
        raise UsageError(f"tuples file {str(path)!r} has no tuples; add one line per image pair")
    return specs


def _records(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    try:
        content = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise UsageError(
            f"tuples file {str(path)!r} is not UTF-8 text; save it as UTF-8 CSV or JSONL"
        ) from None
    if path.suffix.lower() in (".jsonl", ".json"):
        for number, text in enumerate(content.splitlines(), start=1):
            if not text.strip():
                continue
            try:
                record = json.loads(text)
            except json.JSONDecodeError as error:
                raise UsageError(
                    f"line {number} of {str(path)!r} is not valid JSON ({error.msg}); fix it"
                ) from None
            if not isinstance(record, dict):
                raise UsageError(
                    f"line {number} of {str(path)!r} is not a JSON object; write one object per line"
                )
            yield number, record
        return
    reader = csv.DictReader(io.StringIO(content))
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


def _tuple(record: dict[str, Any], where: str) -> VisageTuple:
    for column in (*REQUIRED, *OPTIONAL):
        value = record.get(column)
        if column in REQUIRED and (not isinstance(value, str) or not value.strip()):
            raise UsageError(f"{where} has no {column!r} (got {value!r}); fill it in")
        if column in OPTIONAL and value is not None and not isinstance(value, str):
            raise UsageError(f"{where} has a non-text {column!r} ({value!r}); write it as a string")
    predicate = (record.get("predicate") or "have").strip()
    if predicate not in PREDICATES:
        raise UsageError(f"{where} has predicate {predicate!r}; use one of {', '.join(PREDICATES)}")
    category, attribute, exception = (record[c].strip() for c in ("category", "attribute", "exception"))
    return VisageTuple.from_norm(
        tuple_id=f"{_slug(category)}-{_slug(attribute)}-{_slug(exception)}",
        norm_id=f"{_slug(category)}-{_slug(attribute)}",
        category=(category, record["category_pl"].strip()),
        exception=(exception, record["exception_pl"].strip()),
        predicate=predicate,
        attribute=attribute,
        attribute_sg=(record.get("attribute_sg") or "").strip() or None,
        norm_text=(record.get("norm_text") or "").strip() or None,
    )


def _slug(text: str) -> str:
    """
    >>> _slug("Soft-toy Alligator")
    'soft_toy_alligator'
    """
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_") or "x"


def _image_spec(
    text: VisageTuple, image_type: str, index: int, relative: str, images: Path, where: str
) -> ExternalImageSpec:
    relative = relative.strip()
    photo = (images / relative).resolve()
    if Path(relative).is_absolute() or images.resolve() not in photo.parents:
        raise UsageError(f"{where} names image {relative!r} outside the images folder; give a path inside it")
    if not photo.is_file():
        raise UsageError(
            f"{where} names image {relative!r}, which is not in {str(images)!r}; add it or fix the path"
        )
    data = photo.read_bytes()
    try:
        with Image.open(io.BytesIO(data)) as opened:
            opened.load()
            width, height = opened.size
    except (UnidentifiedImageError, OSError):
        raise UsageError(
            f"{where} names image {relative!r}, which is not a readable image; replace it"
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
        image_type=image_type,
        index=index,
        path=str(photo),
        sha256=hashlib.sha256(data).hexdigest(),
        width=width,
        height=height,
    )


def load_photo(spec: ExternalImageSpec) -> Image.Image:
    """The spec's photo as RGB, after checking it is still the file that was planned."""
    try:
        data = Path(spec.path).read_bytes()
    except OSError:
        raise UsageError(f"image {spec.path!r} is gone; restore it or rebuild") from None
    if hashlib.sha256(data).hexdigest() != spec.sha256:
        raise UsageError(f"image {spec.path!r} changed since it was read; rebuild")
    with Image.open(io.BytesIO(data)) as opened:
        return opened.convert("RGB")
