"""The gallery's HTML: the start page, a split's pages, and the card of one image.

Every value is escaped; pages link only the gallery's own files (its content security policy
forbids anything else) and are the same bytes for the same rows. A card shows one image, a line
of facts and a table with a row per question; when the view has more than `INLINE_COLUMNS`
question columns (seven, for one family), each question's text gets a line of its own under its short
cells, so it wraps at the card's full width instead of in a narrow column.
"""

from __future__ import annotations

import dataclasses
import html
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any
from urllib.parse import quote

from datasets import ClassLabel, Value

from builders.core.bounded_json import JSONProblem, parse
from builders.core.errors import VerifyError
from builders.core.gallery_pages import index_file, page_file, pager_numbers
from builders.core.gallery_view import GalleryView, QuestionColumn
from builders.core.manifest import Manifest
from builders.core.user_files import MAX_JSON_DEPTH

#: Pages may load only their own folder's files: no external URL can slip in, even through the data.
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "base-uri 'none'; form-action 'none'"
)

#: Marks pages written by the gallery, so an earlier gallery may be replaced but nothing else.
GENERATOR = "see-or-recall gallery"

#: Up to this many question columns, the text column sits in the row; beyond, on a line of its own.
INLINE_COLUMNS = 4


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


@dataclasses.dataclass(frozen=True)
class SplitCounts:
    """What the start page says of a split: images, rows and pages."""

    images: int
    rows: int
    pages: int


@dataclasses.dataclass(frozen=True)
class PageContext:
    """Where a page sits in its split, and the split-wide numbers its header shows."""

    family: str
    config: str
    split: str
    number: int
    count: int
    #: Per filter, each value and how many of the split's images have a question with it.
    options: tuple[tuple[tuple[str, int], ...], ...]
    split_images: int


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


def _json_text(value: Any) -> str:
    """A metadata value as written in JSON, except that strings lose their quotes."""
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True, ensure_ascii=False)


def _esc(value: str) -> str:
    return html.escape(value, quote=True)


def _head(title: str, root: str, scripts: Sequence[str] = ()) -> list[str]:
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
        *(f'<script src="{_esc(src)}" defer></script>' for src in scripts),
        f'<script src="{root}assets/gallery.js" defer></script>',
        "</head>",
    ]


def render_index(manifest: Manifest, counts: dict[tuple[str, str], SplitCounts]) -> str:
    """The start page: a table of configs × splits with image and row counts, each linking its page."""
    family = manifest.family
    splits = list(dict.fromkeys(split for _, split in counts))
    lines = [*_head(f"{family} gallery", ""), "<body>", "<header>", f"<h1>{_esc(family)} gallery</h1>"]
    lines.append(
        f"<p>builder version {_esc(manifest.builder_version)}; "
        "one card per image, its questions below it; large splits come in pages.</p>"
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
            shown = counts[(config, split)]
            href = f"{quote(config)}/{quote(page_file(split, 1))}"
            pages = f' <span class="pages">({shown.pages} pages)</span>' if shown.pages > 1 else ""
            link = f'<a href="{_esc(href)}">{shown.images} images, {shown.rows} rows</a>'
            lines.append(f"<td>{link}{pages}</td>")
        lines.append("</tr>")
    lines += ["</tbody>", "</table>", "</main>", "</body>", "</html>", ""]
    return "\n".join(lines)


def render_page(page: PageContext, cards: Sequence[str], questions: int, view: GalleryView) -> str:
    """One page of a split: the view's filters, a count of what is shown, a pager, and the cards."""
    where = f"{page.config} / {page.split}"
    several = page.count > 1
    title = f"{page.family} · {where}" + (f" · page {page.number} of {page.count}" if several else "")
    scripts = [quote(index_file(page.split))] if several else []
    crumbs = f'<a href="../index.html">{_esc(page.family)}</a> / {_esc(page.config)} / {_esc(page.split)}'
    lines = [
        *_head(title, "../", scripts),
        "<body>",
        "<header>",
        f"<nav>{crumbs}</nav>",
        '<form class="filters" autocomplete="off">',
    ]
    for item, options in zip(view.filters, page.options, strict=True):
        lines.append(f'<label>{_esc(item.label)} <select data-filter="{_esc(item.column)}">')
        lines.append(f'<option value="">all ({page.split_images})</option>')
        for value, count in options:
            lines.append(f'<option value="{_esc(value)}">{_esc(value + item.unit)} ({count})</option>')
        lines.append("</select></label>")
    images = len(cards)
    counted = f"{images} of {images} images, {questions} of {questions} questions shown"
    lines += [
        '<button type="reset">reset</button>',
        f'<output id="shown">{counted}</output>',
        "</form>",
        *(_pager(page) if several else []),
        "</header>",
        f'<main class="cards{" wide" if len(view.questions) > INLINE_COLUMNS else ""}">',
        *cards,
        "</main>",
        *(["<footer>", *_pager(page), "</footer>"] if several else []),
        "</body>",
        "</html>",
        "",
    ]
    return "\n".join(lines)


def _pager(page: PageContext) -> list[str]:
    """Links to the first, last and nearby pages; with filters chosen, the script lists matching pages."""
    links = []
    for number in pager_numbers(page.number, page.count):
        if number is None:
            links.append('<span class="gap">…</span>')
        elif number == page.number:
            links.append(f'<strong aria-current="page">{number}</strong>')
        else:
            href = _esc(quote(page_file(page.split, number)))
            links.append(f'<a data-page="{number}" data-base="{href}" href="{href}">{number}</a>')
    return [
        '<nav class="pager">',
        f"page {page.number} of {page.count} ({page.split_images} images in the split): {' '.join(links)}",
        '<p class="matches" hidden></p>',
        "</nav>",
    ]


def split_options(cards: Iterable[Card], column: str, shown: Shown) -> tuple[tuple[str, int], ...]:
    """Each value of `column` in the split and how many images have a row with it, in sort order."""
    counts: dict[str, int] = {}
    for card in cards:
        for value in {row[column] for row in card.rows}:
            counts[value] = counts.get(value, 0) + 1
    return tuple((value, counts[value]) for value in sorted(counts, key=lambda v: shown.sort_key(column, v)))


def render_card(card: Card, view: GalleryView) -> str:
    """The card of one image: picture, id, facts, and a table of its questions."""
    image = card.image
    src = _esc("../" + quote(image.path))
    facts = [
        (f"{fact.label} " if fact.label else "") + _distinct(card.rows, fact.column) + fact.unit
        for fact in view.facts
    ]
    facts.append(f"{image.width}×{image.height}")
    meta = view.metadata
    shared_metadata = meta is not None and len({row[meta] for row in card.rows}) == 1
    own_line = len(view.questions) > INLINE_COLUMNS
    columns = [column for column in view.questions if not (own_line and column.column == view.text)]
    headers = "".join(_header(column) for column in columns)
    lines = [
        f'<article class="card{" wide" if own_line else ""}" id="{_esc(card.image_id)}">',
        f'<a class="picture" href="{src}"><img src="{src}" width="{image.width}" height="{image.height}" '
        f'alt="{_esc(card.image_id)}" loading="lazy"></a>',
        f"<h2>{_esc(card.image_id)}</h2>",
        f'<p class="facts">{" · ".join(_esc(fact) for fact in facts)}</p>',
        '<table class="questions">',
        f"<thead><tr>{headers}</tr></thead>",
    ]
    if not own_line:
        lines.append("<tbody>")
    for row in card.rows:
        data = "".join(f' data-{_esc(f.column)}="{_esc(row[f.column])}"' for f in view.filters)
        text = _esc(row[view.text]) + "".join(_detail(d.summary, row[d.column]) for d in view.details)
        if meta is not None and not shared_metadata:
            text += _metadata(row[meta])
        cells = [
            f"<td{_css(column)}>{text if column.column == view.text else _esc(row[column.column])}</td>"
            for column in columns
        ]
        if own_line:
            text_column = next(column for column in view.questions if column.column == view.text)
            lines.append(f'<tbody class="question"{data}>')
            lines.append(f"<tr>{''.join(cells)}</tr>")
            lines.append(f'<tr><td colspan="{len(columns)}"{_css(text_column)}>{text}</td></tr>')
            lines.append("</tbody>")
        else:
            lines.append(f'<tr class="question"{data}>{"".join(cells)}</tr>')
    if not own_line:
        lines.append("</tbody>")
    lines.append("</table>")
    if meta is not None and shared_metadata:
        lines.append(_metadata(card.rows[0][meta]))
    lines.append("</article>")
    return "\n".join(lines)


def _css(column: QuestionColumn) -> str:
    return f' class="{_esc(column.css_class)}"' if column.css_class else ""


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
    try:  # the folder's text, as hostile as any user's file: bounded, surrogates made printable
        value = parse(text, max_depth=MAX_JSON_DEPTH, surrogates="replace")
    except JSONProblem:
        value = None
    if isinstance(value, dict):
        cells = "".join(
            f"<tr><th>{_esc(key)}</th><td>{_esc(_json_text(item))}</td></tr>" for key, item in value.items()
        )
        body = f'<table class="metadata">{cells}</table>'
    else:
        body = f"<pre>{_esc(text)}</pre>"
    return f"<details open><summary>metadata</summary>{body}</details>"
