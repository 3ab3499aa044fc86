"""What a fresh edition may redraw in an illusion case: its free factors, declared once per case.

The paper fixes an illusion's controlled quantities (which target the strength changes, by how
much, what the control removes) and leaves the rest free: where the figure sits, which way it
faces, colours the question does not ask about, how many inducers there are and how far apart.
A case declares what it leaves free as the fields of its `Layout` (a frozen dataclass), each made
with `free(...)`: the release's value, what the factor changes in words, and the distribution a
fresh edition draws it from. `Layout()` is the canonical drawing; `drawn(layout_class, rng)` a
fresh one. The card's table of what an edition changes is `freedoms(layout_class)`, read from the
same declarations that draw, so the two cannot disagree.

Two fields every layout has are applied by the engine to the whole figure, guides included:
`mirror` (left to right) and `flip` (top to bottom). They stay fixed unless a case redeclares
them free, which it does only where its question and labels stay true of the mirrored figure.
Every other field is read by the case itself.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

L = TypeVar("L", bound="Layout")

#: Field metadata keys: the factor's meaning in words and its draw.
MEANING, DRAW = "meaning", "draw"


class Draw(Protocol):
    """How a fresh edition draws one free factor, and how the card describes its range."""

    def __call__(self, rng: random.Random) -> Any: ...

    def describe(self) -> str: ...


@dataclasses.dataclass(frozen=True)
class Uniform:
    """A number drawn uniformly from [low, high], kept to `places` decimals (the manifest records it).

    >>> Uniform(0.0, 1.0)(random.Random(1)), Uniform(20, 40, unit="°").describe(), Uniform(-1, 1).describe()
    (0.134, '20-40°', '-1 to 1')
    """

    low: float
    high: float
    unit: str = ""
    places: int = 3

    def __call__(self, rng: random.Random) -> float:
        return round(rng.uniform(self.low, self.high), self.places)

    def describe(self) -> str:
        between = " to " if self.low < 0 else "-"
        return f"{self.low:g}{between}{self.high:g}{self.unit}"


@dataclasses.dataclass(frozen=True)
class Choice:
    """One of `options`, each equally likely; `words` name them on the card (default: their values).

    >>> Choice((6, 8, 10))(random.Random(1)), Choice((False, True), ("no", "yes")).describe()
    (6, 'no or yes')
    """

    options: tuple[Any, ...]
    words: tuple[str, ...] | None = None

    def __call__(self, rng: random.Random) -> Any:
        return self.options[rng.randrange(len(self.options))]

    def describe(self) -> str:
        words = self.words or tuple(str(option) for option in self.options)
        return " or ".join(words) if len(words) <= 2 else ", ".join(words[:-1]) + " or " + words[-1]


#: A yes/no factor, equally likely either way.
EITHER = Choice((False, True), ("no", "yes"))


def free(canonical: Any, *, meaning: str, draw: Draw) -> Any:
    """A `Layout` field a fresh edition draws from `draw`; `canonical` is the release's value.

    `meaning` says what the factor changes, in the words of the card's table (e.g. "the figure's
    place across the canvas").
    """
    return dataclasses.field(default=canonical, metadata={MEANING: meaning, DRAW: draw})


@dataclasses.dataclass(frozen=True, kw_only=True)
class Layout:
    """A case's free factors at their canonical values; subclasses declare the ones they leave free.

    Values are numbers, booleans and strings only, so a layout is a flat JSON object in the
    manifest (the image spec's `layout`).
    """

    #: The whole figure mirrored left to right (fixed unless a case declares it free).
    mirror: bool = False
    #: The whole figure flipped top to bottom (fixed unless a case declares it free).
    flip: bool = False

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls: type[L], data: Mapping[str, Any]) -> L:
        return cls(**data)


def drawn(layout: type[L], rng: random.Random) -> L:
    """A fresh layout: every free factor drawn from `rng` in declaration order, the rest canonical."""
    values = {field.name: field.metadata[DRAW](rng) for field in _free_fields(layout)}
    return layout(**values)


def freedoms(layout: type[Layout]) -> list[tuple[str, str]]:
    """(meaning, range) of every factor a fresh edition of this layout draws, in declaration order."""
    return [(field.metadata[MEANING], field.metadata[DRAW].describe()) for field in _free_fields(layout)]


def _free_fields(layout: type[Layout]) -> list[dataclasses.Field[Any]]:
    return [field for field in dataclasses.fields(layout) if DRAW in field.metadata]


def slide(position: float, room: float) -> int:
    """How far a part moves from its canonical place, in whole pixels: `position` 0 to 1 across
    `room` free px (none if there is no room).

    Whole pixels keep lines as crisp as in the canonical drawing, and the canonical position 0.5
    moves nothing, so the canonical drawing keeps its exact coordinates.

    >>> slide(0.5, 80.0), slide(0.0, 80.0), slide(1.0, 80.0), slide(1.0, -4.0)
    (0, -40, 40, 0)
    """
    return int((position - 0.5) * max(room, 0.0))


#: A place within free room, 0 to 1 (0.5: the release's, centred).
PLACE = Uniform(0.0, 1.0)

#: Black, the release's ink, and the dark colours a fresh edition may draw instead where the question
#: names no colour: each stays dark in every channel, as black is.
BLACK = "#000000"
DARK_INKS = Choice(
    (BLACK, "#1c2a4a", "#1e3d24", "#4a1c1c", "#38204a"), ("black", "navy", "forest", "maroon", "plum")
)
