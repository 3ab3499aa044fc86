"""`gallery`: static HTML pages for the manual review of a built folder, pages per config and split.

The papers check their images by hand; this makes that step a matter of opening
`index.html`. Each page shows one card per image (rows of one image share
`image_id`) with its questions, ground truth, expected bias and metadata, and a
few select boxes filter the cards. Large splits come in pages of bounded size
(`gallery_pages`), so every page opens quickly. Everything is read from the
folder's manifest and Parquet shards; which columns the cards, tables and
filters show comes from the `GalleryView` the caller passes (the family's), and
class labels, stored as integers, are shown by their names (from the family's
features). The pages need no network (no external URL at all), escape every
value (`gallery_html`), and are byte-identical for the same folder. They are
written into a hidden sibling folder and moved into place only when complete.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import re
import shutil
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
from PIL import Image, UnidentifiedImageError
from tqdm import tqdm

from builders.core.atomic import staged
from builders.core.errors import UsageError, VerifyError
from builders.core.folder import BuiltFolder, read_shard
from builders.core.gallery_html import (
    GENERATOR,
    Card,
    PageContext,
    Shown,
    SplitCounts,
    StoredImage,
    render_card,
    render_index,
    render_page,
    split_options,
)
from builders.core.gallery_pages import PAGE_BYTES, PAGE_CARDS, filter_index, index_file, page_file, paginate
from builders.core.gallery_view import GalleryView
from builders.core.manifest import SAFE_NAME
from builders.core.outputs import check_path, prepare_folder

ASSETS = Path(__file__).with_name("gallery_assets")
ASSET_FILES = ("gallery.css", "gallery.js")

#: Image formats every browser shows, by Pillow's name, with the file extension written.
IMAGE_EXTENSIONS = {"PNG": ".png", "JPEG": ".jpg", "GIF": ".gif", "WEBP": ".webp"}


@dataclasses.dataclass(frozen=True)
class GalleryReport:
    """Where the gallery went and what it shows (`pages`: HTML pages of cards, the index aside)."""

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
    page_cards: int = PAGE_CARDS,
    page_bytes: int = PAGE_BYTES,
) -> GalleryReport:
    """Write review pages for every config and split of the built `folder` into `out`, atomically.

    `view` and `features` are those of the family that built the folder; a page holds at most
    `page_cards` cards and `page_bytes` bytes of card HTML.

    :raises UsageError: the folder's rows lack a column the view shows, or `out` cannot be written.
    :raises VerifyError: the folder's shards disagree with its manifest.
    """
    out = default_out(folder.path) if out is None else Path(out)
    shown = Shown(view, features)
    sources = list(_sources(folder, view))
    _check_out(folder.path, out)
    check_path(out)
    prepare_folder(out.parent)
    with staged(out) as staging:
        pages, images, rows = _write(folder, sources, staging, progress, shown, (page_cards, page_bytes))
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
    bounds: tuple[int, int],
) -> tuple[int, int, int]:
    """Write assets, images, each source's pages and the index into `root`; returns pages, images, rows."""
    (root / "assets").mkdir()
    for name in ASSET_FILES:
        shutil.copyfile(ASSETS / name, root / "assets" / name)
    manifest = folder.manifest
    images: dict[tuple[str, str], StoredImage] = {}
    counts: dict[tuple[str, str], SplitCounts] = {}
    bar = tqdm(
        total=sum(s.num_rows for s in sources),
        unit="row",
        desc=f"gallery {manifest.family}",
        disable=not progress,
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
            target = root / source.config
            target.mkdir(parents=True, exist_ok=True)
            pages = _write_split(target, manifest.family, source, list(cards.values()), shown, bounds)
            counts[(source.config, source.split)] = SplitCounts(
                len(cards), sum(len(c.rows) for c in cards.values()), pages
            )
    (root / "index.html").write_text(render_index(manifest, counts), encoding="utf-8")
    return sum(c.pages for c in counts.values()), len(images), sum(c.rows for c in counts.values())


def _write_split(
    target: Path, family: str, source: SplitSource, cards: list[Card], shown: Shown, bounds: tuple[int, int]
) -> int:
    """Write one split's pages (and, when there are several, its filter index); returns how many."""
    view = shown.view
    html = [render_card(card, view) for card in cards]
    pages = paginate([len(text.encode()) for text in html], max_cards=bounds[0], max_bytes=bounds[1])
    options = tuple(split_options(cards, item.column, shown) for item in view.filters)
    files = [page_file(source.split, number) for number in range(1, len(pages) + 1)]
    for number, cut in enumerate(pages, start=1):
        context = PageContext(family, source.config, source.split, number, len(pages), options, len(cards))
        questions = sum(len(cards[i].rows) for i in cut)
        text = render_page(context, [html[i] for i in cut], questions, view)
        (target / files[number - 1]).write_text(text, encoding="utf-8")
    if len(pages) > 1:
        columns = [item.column for item in view.filters]
        combinations = [
            [[tuple(row[c] for c in columns) for row in cards[i].rows] for i in cut] for cut in pages
        ]
        index = filter_index(columns, combinations, files)
        (target / index_file(source.split)).write_text(index + "\n", encoding="utf-8")
    return len(pages)


def _rows(folder: Path, source: SplitSource, columns: tuple[str, ...]) -> Iterator[dict[str, Any]]:
    for path in source.files:
        yield from read_shard(folder / path, columns, where=path)


def _image_id(row: dict[str, Any], source: SplitSource) -> str:
    image_id = row["image_id"]
    if not isinstance(image_id, str) or not image_id:
        raise UsageError(
            f"{source.config}/{source.split} has a row with image_id {image_id!r}, not a text id; "
            "rebuild the folder"
        )
    return image_id


#: The longest image id used as a file name as it is (file systems allow 255 bytes).
LONGEST_FILE_STEM = 120


def file_stem(image_id: str) -> str:
    """The file name (without extension) an image is stored under: its id when that is a plain, short
    name; else its plain characters, shortened, and a digest of the whole id, so every id a build
    accepted has a file of its own (`~` never occurs in a plain name).

    >>> file_stem("coco-1"), file_stem("photo (1)"), file_stem("_x")
    ('coco-1', 'photo_1_~8f9259d6cdfe9c8e', 'x~a01e47cb4cec0963')
    """
    if SAFE_NAME.match(image_id) and len(image_id) <= LONGEST_FILE_STEM:
        return image_id
    plain = re.sub(r"[^A-Za-z0-9._-]+", "_", image_id).lstrip("._-")[:80]
    return f"{plain}~{hashlib.sha256(image_id.encode('utf-8', 'surrogatepass')).hexdigest()[:16]}"


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
    path = f"images/{config}/{file_stem(image_id)}{IMAGE_EXTENSIONS[kind]}"
    (root / path).parent.mkdir(parents=True, exist_ok=True)
    (root / path).write_bytes(data)
    images[(config, image_id)] = StoredImage(path, width, height, digest)
    return images[(config, image_id)]
