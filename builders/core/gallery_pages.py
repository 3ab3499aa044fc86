"""Pages of one split: cards cut into pages of bounded size, and the split's filter index.

A split of thousands of images on one page is tens of megabytes and takes a browser a minute to
lay out, so a split's cards are cut, in order, into pages of at most `PAGE_CARDS` cards and
`PAGE_BYTES` bytes of card HTML (a card larger than that gets a page of its own). The first page
keeps the split's plain name (`main.html`); later ones are `main~2.html`, `main~3.html`, ...: `~`
is never part of a config or split name, so no page can clash with another split's.

Filters act on the page shown, but a reviewer filters a split: each page of a split that has
several loads `main~index.js`, which says, per page and image, which combinations of filter
values its questions have. From it the page counts the matching images of every page and links
the pages that have some.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

#: At most this many cards (images) on a page.
PAGE_CARDS = 100
#: At most this many bytes of card HTML on a page (about 1 MB: quick to load and lay out).
PAGE_BYTES = 1_000_000
#: Page links shown around the current page (and always the first and the last).
PAGER_REACH = 3


def page_file(split: str, number: int) -> str:
    """The file name of page `number` (from 1) of `split`.

    >>> page_file("main", 1), page_file("main", 2)
    ('main.html', 'main~2.html')
    """
    return f"{split}.html" if number == 1 else f"{split}~{number}.html"


def index_file(split: str) -> str:
    """The split's filter index, beside its pages."""
    return f"{split}~index.js"


def paginate(
    sizes: Sequence[int], *, max_cards: int = PAGE_CARDS, max_bytes: int = PAGE_BYTES
) -> list[range]:
    """Cut cards of the given byte sizes into consecutive pages within both bounds.

    >>> paginate([400, 400, 400, 900, 10], max_cards=2, max_bytes=1000)
    [range(0, 2), range(2, 3), range(3, 5)]
    >>> paginate([5000, 10], max_bytes=1000), paginate([])
    ([range(0, 1), range(1, 2)], [range(0, 0)])
    """
    pages, start, used = [], 0, 0
    for index, size in enumerate(sizes):
        if index > start and (index - start >= max_cards or used + size > max_bytes):
            pages.append(range(start, index))
            start, used = index, 0
        used += size
    pages.append(range(start, len(sizes)))
    return pages


def pager_numbers(current: int, count: int, reach: int = PAGER_REACH) -> list[int | None]:
    """The page numbers a pager links: the first, the last and `reach` either side; None for a gap.

    >>> pager_numbers(6, 12, reach=2)
    [1, None, 4, 5, 6, 7, 8, None, 12]
    >>> pager_numbers(1, 3)
    [1, 2, 3]
    """
    shown = sorted({1, count, *range(max(1, current - reach), min(count, current + reach) + 1)})
    numbers: list[int | None] = []
    for number in shown:
        if numbers and number - (numbers[-1] or 0) > 1:
            numbers.append(None)
        numbers.append(number)
    return numbers


def filter_index(
    columns: Sequence[str], pages: Sequence[Sequence[Sequence[tuple[str, ...]]]], page_files: Sequence[str]
) -> str:
    """The split's filter index as a script: per page, per image, which value combinations it has.

    `pages[p][i]` lists the filter values (in `columns` order) of each question of image `i` on
    page `p`. Values, combinations and images' sets of combinations are numbered once, so the
    index stays small however many questions an image has.

    >>> script = filter_index(["kind"], [[[("a",), ("b",)]], [[("a",)]]], ["x.html", "x~2.html"])
    >>> script.startswith("window.GALLERY_INDEX = {") and script.endswith("};")
    True
    >>> index = json.loads(script.removeprefix("window.GALLERY_INDEX = ").removesuffix(";"))
    >>> index["values"], index["tuples"], index["signatures"], index["pages"]
    ([['a', 'b']], [[0], [1]], [[0, 1], [0]], [[0], [1]])
    """
    values: list[dict[str, int]] = [{} for _ in columns]
    tuples: dict[tuple[int, ...], int] = {}
    signatures: dict[tuple[int, ...], int] = {}
    numbered_pages = []
    for page in pages:
        numbered = []
        for questions in page:
            ids = []
            for combination in questions:
                key = tuple(values[c].setdefault(v, len(values[c])) for c, v in enumerate(combination))
                ids.append(tuples.setdefault(key, len(tuples)))
            signature = tuple(sorted(set(ids)))
            numbered.append(signatures.setdefault(signature, len(signatures)))
        numbered_pages.append(numbered)
    index = {
        "columns": list(columns),
        "values": [list(column) for column in values],
        "tuples": [list(key) for key in tuples],
        "signatures": [list(key) for key in signatures],
        "pages": numbered_pages,
        "files": list(page_files),
    }
    # `<` never appears raw, so the text stays a plain script whatever the data holds.
    text = json.dumps(index, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f"window.GALLERY_INDEX = {text};"
