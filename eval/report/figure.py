"""What a family section hands the page: figures, each with its numbers as a table and its definition.

Every number in a table is a `Cell`: the text shown and the exact value it came from (a rate as the
fraction in the score JSON), so readers can copy it and tests can compare it with the JSON; a
measured value that carries its 95 % interval (`eval.report.estimates`) brings it along, shown
beside the number. Rows the paper published sit in `Table.paper_rows`, apart from the measured
rows, with their source.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from eval.report.estimates import interval_of, note_of
from eval.report.paper import PaperTable

MISSING = "—"


@dataclasses.dataclass(frozen=True)
class Cell:
    """A table cell: `text` as shown, `value` the exact number behind it (None for labels and gaps),
    and its 95 % interval (`interval` in the value's units, `interval_text` as shown) when it has one,
    or why it has none (`no_interval`: its score JSON's `ci95_notes` entry)."""

    text: str
    value: float | int | None = None
    interval: tuple[float, float] | None = None
    interval_text: str = ""
    no_interval: str = ""


def _measured(text: str, value: float, scale: float, form: str) -> Cell:
    interval = interval_of(value)
    if interval is None:
        return Cell(text, value, no_interval=note_of(value))
    low, high = interval
    return Cell(text, value, interval, f"{scale * low:{form}} to {scale * high:{form}}")


#: An empty cell: no such number (a paper row's unpublished column, a count a mean has not).
GAP = Cell(MISSING)


def label(text: str) -> Cell:
    return Cell(text)


def percent(value: float | None) -> Cell:
    """A rate (fraction) shown in percent with two decimals, as the papers print them.

    >>> percent(0.9172).text, percent(None).text
    ('91.72', '—')
    """
    return GAP if value is None else _measured(f"{100 * value:.2f}", value, 100, ".2f")


def signed_percent(value: float | None) -> Cell:
    """A difference of rates in percentage points, with its sign."""
    return GAP if value is None else _measured(f"{100 * value:+.2f}", value, 100, "+.2f")


def ratio(value: float | None) -> Cell:
    """A plain number such as the illusion multiplier R, two decimals."""
    return GAP if value is None else _measured(f"{value:.2f}", value, 1, ".2f")


def count(value: int | None) -> Cell:
    return GAP if value is None else Cell(str(value), value)


def printed(value: float | None, *, unit: str = "%") -> Cell:
    """A number as the paper prints it (percent, or plain for R); the value in the units of `percent`."""
    if value is None:
        return GAP
    return Cell(f"{value:.2f}", value / 100 if unit == "%" else value)


@dataclasses.dataclass(frozen=True)
class Table:
    """Measured rows, then (apart) the paper's rows for the same columns and where they come from."""

    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    paper_rows: tuple[tuple[Cell, ...], ...] = ()
    paper_source: str = ""


@dataclasses.dataclass(frozen=True)
class Figure:
    """One chart and its table; `svg` is None when no model has the data, and `missing` says why."""

    slug: str
    title: str
    definition: str
    svg: str | None
    table: Table
    missing: str = ""


@dataclasses.dataclass(frozen=True)
class FamilyReport:
    """A family's part of the page: an overview table, then its figures.

    `definitions` says what each column of its tables means (abbreviations included); the page shows
    them under each table, beside the columns every family shares (`page.COMMON_COLUMNS`).
    """

    name: str
    title: str
    overview: Table
    figures: tuple[Figure, ...]
    definitions: Mapping[str, str] = dataclasses.field(default_factory=dict)


def omitted(slug: str, title: str, definition: str, columns: tuple[str, ...], missing: str) -> Figure:
    """A figure no model has data for: the page names it and says what would fill it."""
    return Figure(slug, title, definition, None, Table(columns, ()), missing)


def with_paper(
    columns: tuple[str, ...],
    rows: Sequence[tuple[Cell, ...]],
    paper_rows: Sequence[tuple[Cell, ...]],
    reference: PaperTable,
) -> Table:
    """A table of measured rows and, apart, the rows `reference` gives for the measured models."""
    return Table(columns, tuple(rows), tuple(paper_rows), reference.source if paper_rows else "")
