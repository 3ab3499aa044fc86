"""`GalleryView`: which columns of a family's rows the review gallery reads, and where it shows them.

Each family sets one on its `gallery_view` attribute; `gallery` renders any view
the same way (cards of one image, a facts line, a table of its questions,
select-box filters). This module only describes; it imports nothing of the
pipeline, so `family.py` can name the type.
"""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Filter:
    """A select box on each page: the column it filters on, its label, a unit appended to its values."""

    column: str
    label: str
    unit: str = ""


@dataclasses.dataclass(frozen=True)
class Fact:
    """One item of the line under a card's title: `label` (if any), the image's value(s), `unit`."""

    column: str
    label: str = ""
    unit: str = ""


@dataclasses.dataclass(frozen=True)
class QuestionColumn:
    """A column of a card's question table; `header` differing from `column` gets it as a tooltip."""

    column: str
    header: str
    css_class: str = ""


@dataclasses.dataclass(frozen=True)
class Detail:
    """A text column shown folded, under `summary`, in a row's `text` cell, and only where non-empty."""

    column: str
    summary: str


@dataclasses.dataclass(frozen=True)
class GalleryView:
    """What the gallery shows of a family's rows; every named column must be in every shard.

    `text` is the question column whose cell also holds the row's `details` and,
    when the rows of an image differ in it, the `metadata` column (a JSON object
    shown as a key/value table; metadata shared by all rows of an image goes below
    the table instead).
    """

    filters: tuple[Filter, ...]
    facts: tuple[Fact, ...]
    questions: tuple[QuestionColumn, ...]
    text: str
    details: tuple[Detail, ...] = ()
    metadata: str | None = None

    def __post_init__(self) -> None:
        if self.text not in {column.column for column in self.questions}:
            raise ValueError(f"GalleryView.text {self.text!r} is not one of its question columns")

    @property
    def columns(self) -> tuple[str, ...]:
        """Every column read, in a fixed order: the image and its id first."""
        named = [
            *(c.column for c in self.questions),
            *(f.column for f in self.facts),
            *(f.column for f in self.filters),
            *(d.column for d in self.details),
            *([self.metadata] if self.metadata else []),
        ]
        return tuple(dict.fromkeys(["image", "image_id", *named]))
