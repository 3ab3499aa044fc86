"""Counted stars: the rules that lay out a flag's stars, for its own count and for one more or one fewer.

Each rule places stars the way its flag does and re-lays them out the same way:

- `StarGrid`: rows inside a box of star centres. The standard rows are declared (the US
  6-5-6-5-6-5-6-5-6); another count takes the widest-spaced arrangement among the flag's
  allowed families: staggered long/short rows, equal rows offset by half a step (the 1959
  49-star flag), or an even grid.
- `StarCircle`: evenly round a circle, upright (EU, Cape Verde) or pointing outwards (Micronesia).
- `StarArc`: evenly along an arc between two fixed angles, pointing outwards (Venezuela).
- `StarLine`: evenly along a segment (Comoros).
- `Constellation`: stars at fixed places (Australia, China, ...), with one declared extra star
  for "add" and one declared star to drop for "remove" (a fresh edition drops a star it draws).
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import xml.etree.ElementTree as ET
from typing import ClassVar

from builders.core.curves import Point
from builders.core.errors import SpecError
from builders.core.svg import sub
from builders.vlmbias.flags.geometry import PENTAGRAM, direction
from builders.vlmbias.flags.layers import Context, Fraction, Frame, PlacedStar, Star

FAMILIES = ("staggered", "offset", "even")
ORIENTATIONS = ("upright", "radial")


@dataclasses.dataclass(frozen=True)
class Counted:
    """Stars placed by a layout, with an outline width (user units) when the stars are fimbriated."""

    stars: list[PlacedStar]
    outline: float = 0.0
    arrangement: str = ""

    def outlines(self) -> list[list[Point]]:
        """The outer boundary of each star (outline included): what must not touch."""
        return [star.outline(self.outline) for star in self.stars]


class _Layout:
    """Shared drawing for the layouts: outline first (if any), then the stars, all marked `counted`."""

    rule: ClassVar[str]
    colour: str

    @property
    def count(self) -> int:
        raise NotImplementedError

    def place(self, count: int, frame: Frame) -> Counted:
        raise NotImplementedError

    def _outline(self) -> tuple[str, float] | None:
        return None

    def draw(self, parent: ET.Element, frame: Frame, context: Context) -> None:
        counted = self.place(self.count if context.stars is None else context.stars, frame)
        context.placed.append(counted)
        group = sub(parent, "g", class_=f"stars {self.rule}")
        outline = self._outline()
        for star in counted.stars:
            if outline is not None:
                star.draw(group, outline[0], "star-outline", grow=counted.outline)
            star.draw(group, self.colour, "star counted")


@dataclasses.dataclass(frozen=True)
class Arrangement:
    """Rows of a star grid and how neighbouring rows sit relative to each other."""

    family: str
    rows: tuple[int, ...]

    @property
    def count(self) -> int:
        return sum(self.rows)

    def describe(self) -> str:
        """E.g. `staggered rows 6-5-6` or `even grid 2x3` (rows x columns)."""
        if self.family == "even":
            return f"even grid {len(self.rows)}x{self.rows[0]}"
        return f"{self.family} rows " + "-".join(map(str, self.rows))

    def centres(self, box: tuple[float, float, float, float]) -> list[Point]:
        """Star centres with the outermost ones on the box edges."""
        x0, y0, x1, y1 = box
        count = len(self.rows)
        ys = [(y0 + y1) / 2] if count == 1 else [y0 + i * (y1 - y0) / (count - 1) for i in range(count)]
        longest = self.rows[0]
        slots = {"staggered": 2 * longest - 1, "offset": 2 * longest, "even": longest}[self.family]
        step = 0.0 if slots == 1 else (x1 - x0) / (slots - 1)
        centres: list[Point] = []
        for index, (y, stars) in enumerate(zip(ys, self.rows, strict=True)):
            # Staggered and offset rows use every other slot, odd rows shifted by one slot.
            columns = range(stars) if self.family == "even" else range(index % 2, 2 * stars + index % 2, 2)
            centres.extend((x0 + column * step if slots > 1 else (x0 + x1) / 2, y) for column in columns)
        return centres


def declared_arrangement(rows: tuple[int, ...]) -> Arrangement:
    """The family of declared rows: all equal (even grid) or alternating long and short (staggered)."""
    if len(set(rows)) == 1:
        return Arrangement("even", rows)
    long, short = rows[0], rows[0] - 1
    if all(stars == (long if index % 2 == 0 else short) for index, stars in enumerate(rows)):
        return Arrangement("staggered", rows)
    raise SpecError(
        f"star rows {rows!r} are neither equal nor alternating long and one-shorter rows; "
        "declare rows like (6, 5, 6) or (4, 4)"
    )


def arrangements(count: int, families: tuple[str, ...]) -> list[Arrangement]:
    """Every arrangement of `count` stars in at least two rows of at least two (long) stars."""
    found = []
    for rows in range(2, count + 1):
        short_rows = rows // 2
        if "staggered" in families and (count + short_rows) % rows == 0:
            long = (count + short_rows) // rows
            if long >= 2:
                found.append(Arrangement("staggered", tuple(long - i % 2 for i in range(rows))))
        if count % rows == 0 and count // rows >= 2:
            found += [Arrangement(f, (count // rows,) * rows) for f in ("offset", "even") if f in families]
    return found


def closest(centres: list[Point]) -> float:
    """Smallest distance between two centres (infinite for a single star)."""
    return min((math.dist(a, b) for a, b in itertools.combinations(centres, 2)), default=math.inf)


@dataclasses.dataclass(frozen=True)
class StarGrid(_Layout):
    """Stars in rows; `box` (x0, y0, x1, y1, frame fractions) holds the outermost star centres."""

    colour: str
    box: tuple[float, float, float, float]
    rows: tuple[int, ...]
    radius: float
    families: tuple[str, ...] = FAMILIES
    points: int = 5
    inner: float = PENTAGRAM

    rule: ClassVar[str] = "grid"

    def __post_init__(self) -> None:
        unknown = [family for family in self.families if family not in FAMILIES]
        if unknown or not self.families:
            raise SpecError(f"star grid families must be among {FAMILIES}, got {self.families!r}")
        declared_arrangement(self.rows)

    @property
    def count(self) -> int:
        return sum(self.rows)

    def arrangement(self, count: int, frame: Frame) -> Arrangement:
        """The declared rows for the flag's own count; otherwise the widest-spaced allowed arrangement."""
        if count == self.count:
            return declared_arrangement(self.rows)
        box = (*frame.at(self.box[:2]), *frame.at(self.box[2:]))
        candidates = arrangements(count, self.families)
        if not candidates:
            raise SpecError(
                f"a star grid cannot arrange {count} stars in rows of the families {self.families}; "
                "allow more families or change the count"
            )
        return max(
            candidates,
            key=lambda a: (round(closest(a.centres(box)), 6), -self.families.index(a.family), -len(a.rows)),
        )

    def place(self, count: int, frame: Frame) -> Counted:
        chosen = self.arrangement(count, frame)
        box = (*frame.at(self.box[:2]), *frame.at(self.box[2:]))
        size = frame.size(self.radius)
        stars = [PlacedStar(c, size, self.points, self.inner) for c in chosen.centres(box)]
        return Counted(stars, arrangement=chosen.describe())


@dataclasses.dataclass(frozen=True)
class StarCircle(_Layout):
    """`number` stars evenly round a circle, the first at the top; upright or pointing outwards."""

    colour: str
    centre: Fraction
    radius: float
    star_radius: float
    number: int
    orientation: str = "upright"

    rule: ClassVar[str] = "circle"

    def __post_init__(self) -> None:
        if self.orientation not in ORIENTATIONS:
            raise SpecError(f"star orientation must be one of {ORIENTATIONS}, got {self.orientation!r}")

    @property
    def count(self) -> int:
        return self.number

    def place(self, count: int, frame: Frame) -> Counted:
        angles = [360 * index / count for index in range(count)]
        return Counted(
            _on_circle(frame, self.centre, self.radius, self.star_radius, angles, self.orientation),
            arrangement=f"{count} evenly round a circle",
        )


@dataclasses.dataclass(frozen=True)
class StarArc(_Layout):
    """`number` stars evenly along an arc from angle `first` to `last` (degrees clockwise from up)."""

    colour: str
    centre: Fraction
    radius: float
    star_radius: float
    number: int
    first: float
    last: float
    orientation: str = "radial"

    rule: ClassVar[str] = "arc"

    def __post_init__(self) -> None:
        if self.orientation not in ORIENTATIONS:
            raise SpecError(f"star orientation must be one of {ORIENTATIONS}, got {self.orientation!r}")

    @property
    def count(self) -> int:
        return self.number

    def place(self, count: int, frame: Frame) -> Counted:
        step = (self.last - self.first) / max(1, count - 1)
        angles = [self.first + index * step for index in range(count)]
        return Counted(
            _on_circle(frame, self.centre, self.radius, self.star_radius, angles, self.orientation),
            arrangement=f"{count} evenly along an arc from {self.first:g} to {self.last:g} degrees",
        )


def _on_circle(
    frame: Frame, centre: Fraction, radius: float, star_radius: float, angles: list[float], orientation: str
) -> list[PlacedStar]:
    cx, cy = frame.at(centre)
    reach, size = frame.size(radius), frame.size(star_radius)
    stars = []
    for angle in angles:
        dx, dy = direction(angle)
        turn = angle if orientation == "radial" else 0.0
        stars.append(PlacedStar((cx + reach * dx, cy + reach * dy), size, rotation=turn))
    return stars


@dataclasses.dataclass(frozen=True)
class StarLine(_Layout):
    """`number` upright stars evenly along the segment from `start` to `end` (frame fractions)."""

    colour: str
    start: Fraction
    end: Fraction
    star_radius: float
    number: int

    rule: ClassVar[str] = "line"

    @property
    def count(self) -> int:
        return self.number

    def place(self, count: int, frame: Frame) -> Counted:
        (x0, y0), (x1, y1) = frame.at(self.start), frame.at(self.end)
        size = frame.size(self.star_radius)
        stars = [
            PlacedStar((x0 + t * (x1 - x0), y0 + t * (y1 - y0)), size)
            for t in (index / max(1, count - 1) for index in range(count))
        ]
        return Counted(stars, arrangement=f"{count} evenly along a line")


@dataclasses.dataclass(frozen=True)
class Constellation(_Layout):
    """Stars at fixed places. "Add" draws `added` as well; "remove" leaves out `stars[removed]`.

    `outline` (colour, width as a fraction of the frame height) draws each star on a slightly
    larger star of another colour (New Zealand's white-bordered red stars).
    """

    colour: str
    stars: tuple[Star, ...]
    added: Star
    removed: int
    outline: tuple[str, float] | None = None

    rule: ClassVar[str] = "constellation"

    def __post_init__(self) -> None:
        if not 0 <= self.removed < len(self.stars):
            raise SpecError(
                f"a constellation of {len(self.stars)} stars cannot remove star {self.removed!r}; "
                f"use an index in 0..{len(self.stars) - 1}"
            )

    @property
    def count(self) -> int:
        return len(self.stars)

    def _outline(self) -> tuple[str, float] | None:
        return self.outline

    def draw(self, parent: ET.Element, frame: Frame, context: Context) -> None:
        """As every layout draws, losing the context's `removed` star instead of the declared one."""
        chosen = self if context.removed is None else dataclasses.replace(self, removed=context.removed)
        super(Constellation, chosen).draw(parent, frame, context)

    def place(self, count: int, frame: Frame) -> Counted:
        if count == self.count:
            chosen, how = self.stars, "as on the flag"
        elif count == self.count + 1:
            chosen, how = (*self.stars, self.added), "with the declared extra star"
        elif count == self.count - 1:
            chosen = tuple(s for i, s in enumerate(self.stars) if i != self.removed)
            how = f"without star {self.removed + 1}"
        else:
            raise SpecError(
                f"a constellation of {self.count} stars can only draw {self.count - 1}..{self.count + 1}, "
                f"not {count}"
            )
        width = 0.0 if self.outline is None else frame.size(self.outline[1])
        return Counted([star.placed(frame) for star in chosen], width, f"{count} stars {how}")


LAYOUTS: tuple[type[_Layout], ...] = (StarGrid, StarCircle, StarArc, StarLine, Constellation)
