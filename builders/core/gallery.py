"""`gallery`: static HTML pages for the manual review of a built folder, one page per config and split.

The papers check their images by hand; this makes that step a matter of opening
`index.html`. Each page shows one card per image (rows of one image share
`image_id`) with its questions, ground truth, expected bias and metadata, and a
few select boxes filter the cards. Everything is read from the folder's
manifest and Parquet shards; which columns the cards, tables and filters show
comes from the `GalleryView` the caller passes (the family's), and class labels,
stored as integers, are shown by their names (from the family's features). The
pages need no network (no external URL at all), escape every value, and are
byte-identical for the same folder. They are written into a hidden sibling
folder and moved into place only when complete.
"""

from __future__ import annotations

import dataclasses
import hashlib
import html
import io
import json
import shutil
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pyarrow as pa
import pyarrow.parquet as pq
from datasets import ClassLabel, Value
from PIL import Image, UnidentifiedImageError
from tqdm import tqdm

from builders.core.atomic import staged
from builders.core.build import prepare_output, refuse_inside_dataset
from builders.core.errors import UsageError, VerifyError
from builders.core.folder import BuiltFolder, read_shard
from builders.core.gallery_view import GalleryView, QuestionColumn
from builders.core.manifest import SAFE_NAME, Manifest

#: Pages may load only their own folder's files: no external URL can slip in, even through the data.
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "base-uri 'none'; form-action 'none'"
)

#: Marks pages written by this module, so an earlier gallery may be replaced but nothing else.
GENERATOR = "see-or-recall gallery"

ASSETS = Path(__file__).with_name("gallery_assets")
ASSET_FILES = ("gallery.css", "gallery.js")

#: Image formats every browser shows, by Pillow's name, with the file extension written.
IMAGE_EXTENSIONS = {"PNG": ".png", "JPEG": ".jpg", "GIF": ".gif", "WEBP": ".webp"}


@dataclasses.dataclass(frozen=True)
class GalleryReport:
    """Where the gallery went and what it shows."""

    out: Path
    pages: int
    images: int
    rows: int


@dataclasses.dataclass(frozen=True)
class SplitSource:
    """One (config, split) of the folder: its shards and row count, as the manifest lists them."""

    config: str
    split: str
    files: tuple[str, ...]
    num_rows: int


@dataclasses.dataclass(frozen=True)
class StoredImage:
    """An image file written into the gallery, relative to the gallery root."""

    path: str
    width: int
    height: int
    digest: str


@dataclasses.dataclass(frozen=True)
class Shown:
    """How a folder's rows are shown: its family's view, and the features that name class labels."""

    view: GalleryView
    features: Mapping[str, Any]

    def text(self, column: str, value: Any, where: str) -> str:
        """A cell as shown and filtered on; a class label by its name."""
        feature = self.features.get(column)
        if isinstance(feature, ClassLabel) and isinstance(value, int) and not isinstance(value, bool):
            try:
                return feature.int2str(value)
            except ValueError:
                raise VerifyError(
                    f"{where} has a row with {column} {value}, which is not one of its "
                    f"{feature.num_classes} classes; rebuild the folder"
                ) from None
        return _text(value)

    def sort_key(self, column: str, value: str) -> tuple[bool, float, str]:
        return _sort_key(value, self.features.get(column))


@dataclasses.dataclass
class Card:
    """One image on a page and the rows (questions) that ask about it."""

    image_id: str
    image: StoredImage
    rows: list[dict[str, str]] = dataclasses.field(default_factory=list)


def default_out(folder: Path) -> Path:
    """The gallery's default place: a sibling of the dataset folder, never inside it (it is uploaded).

    >>> default_out(Path("build/benchmark")).as_posix()
    'build/benchmark-gallery'
    """
    return folder.parent / f"{folder.name}-gallery"


def write_gallery(
    folder: BuiltFolder,
    view: GalleryView,
    features: Mapping[str, Any],
    out: Path | None = None,
    *,
    progress: bool = True,
) -> GalleryReport:
    """Write review pages for every config and split of the built `folder` into `out`, atomically.

    `view` and `features` are those of the family that built the folder.

    :raises UsageError: the folder's rows lack a column the view shows, or `out` cannot be written.
    :raises VerifyError: the folder's shards disagree with its manifest.
    """
    out = default_out(folder.path) if out is None else Path(out)
    shown = Shown(view, features)
    sources = list(_sources(folder, view))
    _check_out(folder.path, out)
    refuse_inside_dataset(out)
    prepare_output(out.parent)
    with staged(out) as staging:
        pages, images, rows = _write(folder, sources, staging, progress, shown)
    return GalleryReport(out, pages, images, rows)


def _sources(folder: BuiltFolder, view: GalleryView) -> Iterator[SplitSource]:
    """Every (config, split) in the manifest, after checking its shards exist and have the columns.

    Config and split names are plain file names: `Manifest` refuses any other.
    """
    for config, entry in folder.manifest.configs.items():
        for split, stats in entry.splits.items():
            for path in stats.files:
                _check_columns(folder.path, path, view.columns)
            yield SplitSource(config, split, stats.files, stats.num_rows)


def _check_columns(folder: Path, path: str, required: tuple[str, ...]) -> None:
    local = folder / path
    if not local.is_file():
        raise VerifyError(f"shard {path} listed in the manifest is missing; rebuild the folder")
    try:
        names = set(pq.read_schema(local).names)
    except (OSError, pa.ArrowException) as error:
        raise VerifyError(
            f"shard {path} is unreadable ({type(error).__name__}); rebuild the folder"
        ) from None
    missing = [column for column in required if column not in names]
    if missing:
        raise UsageError(
            f"shard {path} lacks the column(s) {', '.join(missing)}; the gallery needs rows with "
            f"{', '.join(required)}"
        )


def _check_out(folder: Path, out: Path) -> None:
    """Refuse an `out` that overlaps the dataset or holds anything but an earlier gallery."""
    data, target = folder.resolve(), out.resolve()
    if target == data or data in target.parents or target in data.parents:
        raise UsageError(
            f"--out {str(out)!r} overlaps the dataset folder {str(folder)!r}; choose a folder outside it"
        )
    if not out.exists() or (out.is_dir() and not any(out.iterdir())):
        return
    index = out / "index.html"
    try:
        ours = index.is_file() and GENERATOR in index.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        ours = False
    if not ours:
        raise UsageError(
            f"{str(out)!r} exists and is not a gallery written by `gallery`; "
            "move it away or choose another --out"
        )


def _write(
    folder: BuiltFolder,
    sources: list[SplitSource],
    root: Path,
    progress: bool,
    shown: Shown,
) -> tuple[int, int, int]:
    """Write assets, images, one page per source and the index into `root`; returns pages, images, rows."""
    (root / "assets").mkdir()
    for name in ASSET_FILES:
        shutil.copyfile(ASSETS / name, root / "assets" / name)
    manifest = folder.manifest
    family = manifest.family
    images: dict[tuple[str, str], StoredImage] = {}
    counts: dict[tuple[str, str], tuple[int, int]] = {}
    bar = tqdm(
        total=sum(s.num_rows for s in sources), unit="row", desc=f"gallery {family}", disable=not progress
    )
    with bar:
        for source in sources:
            cards: dict[str, Card] = {}
            where = f"{source.config}/{source.split}"
            for row in _rows(folder.path, source, shown.view.columns):
                image_id = _image_id(row, source)
                stored = _store_image(root, source.config, image_id, row["image"], images)
                cards.setdefault(image_id, Card(image_id, stored)).rows.append(
                    {column: shown.text(column, row[column], where) for column in row if column != "image"}
                )
                bar.update(1)
            page = root / source.config / f"{source.split}.html"
            page.parent.mkdir(parents=True, exist_ok=True)
            html_text = render_page(family, source.config, source.split, list(cards.values()), shown)
            page.write_text(html_text, "utf-8")
            counts[(source.config, source.split)] = (len(cards), sum(len(c.rows) for c in cards.values()))
    (root / "index.html").write_text(render_index(manifest, counts), encoding="utf-8")
    return len(counts), len(images), sum(rows for _, rows in counts.values())


def _rows(folder: Path, source: SplitSource, columns: tuple[str, ...]) -> Iterator[dict[str, Any]]:
    for path in source.files:
        yield from read_shard(folder / path, columns, where=path)


def _image_id(row: dict[str, Any], source: SplitSource) -> str:
    image_id = row["image_id"]
    if not isinstance(image_id, str) or not SAFE_NAME.match(image_id):
        raise UsageError(
            f"{source.config}/{source.split} has a row with image_id {image_id!r}, which is not a plain "
            "file name; the gallery names image files after it"
        )
    return image_id


def _store_image(
    root: Path, config: str, image_id: str, cell: Any, images: dict[tuple[str, str], StoredImage]
) -> StoredImage:
    """Write an image the first time its id is seen; later rows must carry the very same bytes."""
    data = cell.get("bytes") if isinstance(cell, dict) else None
    if not data:
        raise UsageError(f"image {image_id!r} in config {config!r} has no embedded bytes; rebuild the folder")
    digest = hashlib.sha256(data).hexdigest()
    known = images.get((config, image_id))
    if known is not None:
        if known.digest != digest:
            raise VerifyError(
                f"rows of image {image_id!r} in config {config!r} carry different image bytes; "
                "rebuild the folder"
            )
        return known
    try:
        with Image.open(io.BytesIO(data)) as picture:
            kind, (width, height) = picture.format, picture.size
    except (UnidentifiedImageError, OSError):
        kind, width, height = None, 0, 0
    if kind not in IMAGE_EXTENSIONS:
        raise UsageError(
            f"image {image_id!r} in config {config!r} is not one of {', '.join(IMAGE_EXTENSIONS)}, "
            "the formats browsers show; rebuild the folder"
        )
    path = f"images/{config}/{image_id}{IMAGE_EXTENSIONS[kind]}"
    (root / path).parent.mkdir(parents=True, exist_ok=True)
    (root / path).write_bytes(data)
    images[(config, image_id)] = StoredImage(path, width, height, digest)
    return images[(config, image_id)]


def _json_text(value: Any) -> str:
    """A metadata value as written in JSON, except that strings lose their quotes."""
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True, ensure_ascii=False)


def _text(value: Any) -> str:
    """A cell as the text shown and filtered on: strings as they are, None as empty, the rest as JSON."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _sort_key(value: str, feature: Any = None) -> tuple[bool, float, str]:
    """Class labels in class order, numbers in numeric order, then text.

    >>> sorted(["10", "b", "9", "a"], key=_sort_key)
    ['9', '10', 'a', 'b']
    >>> sorted(["1.25", "0.5", "x"], key=lambda v: _sort_key(v, Value("float64")))
    ['0.5', '1.25', 'x']
    >>> sorted(["I", "f", "r"], key=lambda v: _sort_key(v, ClassLabel(names=["f", "r", "I"])))
    ['f', 'r', 'I']
    """
    if isinstance(feature, ClassLabel) and value in feature.names:
        return (False, feature.names.index(value), value)
    if value.isdigit():
        return (False, int(value), value)
    if isinstance(feature, Value) and feature.dtype.startswith(("int", "uint", "float")):
        try:
            return (False, float(value), value)
        except ValueError:
            pass
    return (True, 0, value)


def _esc(value: str) -> str:
    return html.escape(value, quote=True)


def _head(title: str, root: str) -> list[str]:
    return [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_SECURITY_POLICY}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta name="generator" content="{GENERATOR}">',
        '<link rel="icon" href="data:,">',
        f"<title>{_esc(title)}</title>",
        f'<link rel="stylesheet" href="{root}assets/gallery.css">',
        f'<script src="{root}assets/gallery.js" defer></script>',
        "</head>",
    ]


def render_index(manifest: Manifest, counts: dict[tuple[str, str], tuple[int, int]]) -> str:
    """The start page: a table of configs × splits with image and row counts, each linking its page."""
    family = manifest.family
    splits = list(dict.fromkeys(split for _, split in counts))
    lines = [*_head(f"{family} gallery", ""), "<body>", "<header>", f"<h1>{_esc(family)} gallery</h1>"]
    lines.append(
        f"<p>builder version {_esc(manifest.builder_version)}; "
        "one card per image, its questions below it.</p>"
    )
    lines += ["</header>", "<main>", '<table class="index">', "<thead><tr><th>config</th><th>preset</th>"]
    lines += [f"<th>{_esc(split)}</th>" for split in splits]
    lines.append("</tr></thead>")
    lines.append("<tbody>")
    for config, entry in manifest.configs.items():
        preset = _esc(entry.preset)
        lines.append(f"<tr><th>{_esc(config)}</th><td>{preset}</td>")
        for split in splits:
            if (config, split) not in counts:
                lines.append("<td></td>")
                continue
            images, rows = counts[(config, split)]
            href = f"{quote(config)}/{quote(split)}.html"
            lines.append(f'<td><a href="{_esc(href)}">{images} images, {rows} rows</a></td>')
        lines.append("</tr>")
    lines += ["</tbody>", "</table>", "</main>", "</body>", "</html>", ""]
    return "\n".join(lines)


def render_page(family: str, config: str, split: str, cards: list[Card], shown: Shown) -> str:
    """One split's page: the view's filters, a count of what is shown, and one card per image."""
    rows = sum(len(card.rows) for card in cards)
    lines = [
        *_head(f"{family} · {config} / {split}", "../"),
        "<body>",
        "<header>",
        f'<nav><a href="../index.html">{_esc(family)}</a> / {_esc(config)} / {_esc(split)}</nav>',
        '<form class="filters" autocomplete="off">',
    ]
    for item in shown.view.filters:
        lines.append(f'<label>{_esc(item.label)} <select data-filter="{_esc(item.column)}">')
        lines.append(f'<option value="">all ({len(cards)})</option>')
        for value, count in _options(cards, item.column, shown):
            lines.append(f'<option value="{_esc(value)}">{_esc(value + item.unit)} ({count})</option>')
        lines.append("</select></label>")
    lines += [
        '<button type="reset">reset</button>',
        f'<output id="shown">{len(cards)} of {len(cards)} images, {rows} of {rows} questions shown</output>',
        "</form>",
        "</header>",
        '<main class="cards">',
    ]
    for card in cards:
        lines += _card(card, shown.view)
    lines += ["</main>", "</body>", "</html>", ""]
    return "\n".join(lines)


def _options(cards: list[Card], column: str, shown: Shown) -> list[tuple[str, int]]:
    """Each value of `column` on the page and how many images have a row with it."""
    counts: dict[str, int] = {}
    for card in cards:
        for value in {row[column] for row in card.rows}:
            counts[value] = counts.get(value, 0) + 1
    return [(value, counts[value]) for value in sorted(counts, key=lambda v: shown.sort_key(column, v))]


def _card(card: Card, view: GalleryView) -> list[str]:
    image = card.image
    src = _esc("../" + quote(image.path))
    facts = [
        (f"{fact.label} " if fact.label else "") + _distinct(card.rows, fact.column) + fact.unit
        for fact in view.facts
    ]
    facts.append(f"{image.width}×{image.height}")
    meta = view.metadata
    shared_metadata = meta is not None and len({row[meta] for row in card.rows}) == 1
    headers = "".join(_header(column) for column in view.questions)
    lines = [
        f'<article class="card" id="{_esc(card.image_id)}">',
        f'<a class="picture" href="{src}"><img src="{src}" width="{image.width}" height="{image.height}" '
        f'alt="{_esc(card.image_id)}" loading="lazy"></a>',
        f"<h2>{_esc(card.image_id)}</h2>",
        f'<p class="facts">{" · ".join(_esc(fact) for fact in facts)}</p>',
        '<table class="questions">',
        f"<thead><tr>{headers}</tr></thead>",
        "<tbody>",
    ]
    for row in card.rows:
        data = "".join(f' data-{_esc(f.column)}="{_esc(row[f.column])}"' for f in view.filters)
        cells = []
        for column in view.questions:
            cell = _esc(row[column.column])
            if column.column == view.text:
                cell += "".join(_detail(d.summary, row[d.column]) for d in view.details)
                if meta is not None and not shared_metadata:
                    cell += _metadata(row[meta])
            css = f' class="{_esc(column.css_class)}"' if column.css_class else ""
            cells.append(f"<td{css}>{cell}</td>")
        lines.append(f'<tr class="question"{data}>{"".join(cells)}</tr>')
    lines += ["</tbody>", "</table>"]
    if meta is not None and shared_metadata:
        lines.append(_metadata(card.rows[0][meta]))
    lines.append("</article>")
    return lines


def _header(column: QuestionColumn) -> str:
    """A question table's header cell; the column's own name as a tooltip when the header differs."""
    title = "" if column.header == column.column else f' title="{_esc(column.column)}"'
    return f"<th{title}>{_esc(column.header)}</th>"


def _distinct(rows: Iterable[dict[str, str]], column: str) -> str:
    return " / ".join(dict.fromkeys(row[column] for row in rows))


def _detail(summary: str, text: str) -> str:
    """A folded text, or nothing when it is empty."""
    if not text:
        return ""
    return f"<details><summary>{_esc(summary)}</summary><pre>{_esc(text)}</pre></details>"


def _metadata(text: str) -> str:
    """Metadata as a key/value table when it is a JSON object, else as the raw text."""
    if not text:
        return ""
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        value = None
    if isinstance(value, dict):
        cells = "".join(
            f"<tr><th>{_esc(key)}</th><td>{_esc(_json_text(item))}</td></tr>" for key, item in value.items()
        )
        body = f'<table class="metadata">{cells}</table>'
    else:
        body = f"<pre>{_esc(text)}</pre>"
    return f"<details open><summary>metadata</summary>{body}</details>"
