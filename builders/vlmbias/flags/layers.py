"""The declarative vocabulary a flag is written in: fields, stripes, cantons, shapes and emblems.

Every layer draws itself into a `Frame` (the whole flag, or a canton). Positions
are fractions of the frame's width and height from its top-left corner; sizes
(radii, widths) are fractions of the frame's height. A flag's stars and stripes,
the elements the questions count, are drawn by `layouts.py` and by `Stripes`.
"""

from __future__ import annotations

import dataclasses
import math
import xml.etree.ElementTree as ET
from typing import ClassVar

from builders.core.curves import Point
from builders.core.errors import SpecError
from builders.core.svg import points, sub
from builders.vlmbias.flags import geometry
from builders.vlmbias.flags.geometry import PENTAGRAM

Fraction = tuple[float, float]


@dataclasses.dataclass(frozen=True)
class Frame:
    """A rectangle of the drawing, in user units."""

    x: float
    y: float
    width: float
    height: float

    def at(self, position: Fraction) -> Point:
        """User-unit point of a position given as fractions of the frame."""
        return self.x + position[0] * self.width, self.y + position[1] * self.height

    def size(self, fraction: float) -> float:
        """User units of a size given as a fraction of the frame's height."""
        return fraction * self.height

    @property
    def box(self) -> tuple[float, float, float, float]:
        return self.x, self.y, self.x + self.width, self.y + self.height


@dataclasses.dataclass
class Context:
    """What drawing one flag variant needs beyond the frame: the counts asked for, and what was drawn.

    `stars` / `stripes` are the counts of the counted layout / stripes (None: the flag's own);
    `removed` is the star a constellation loses when it draws one fewer (None: its declared one).
    Drawing records the counted stars it placed and the stripe edges (for cantons resting on stripes).
    """

    stars: int | None = None
    stripes: int | None = None
    removed: int | None = None
    placed: list = dataclasses.field(default_factory=list)
    stripe_edges: list[float] = dataclasses.field(default_factory=list)


def _rect(parent: ET.Element, frame: Frame, colour: str, class_: str) -> None:
    sub(
        parent,
        "rect",
        x=frame.x,
        y=frame.y,
        width=frame.width,
        height=frame.height,
        fill=colour,
        class_=class_,
    )


@dataclasses.dataclass(frozen=True)
class Field:
    """The background colour filling the frame."""

    colour: str

    def draw(self, parent: ET.Element, frame: Frame, context: Context) -> None:
        _rect(parent, frame, self.colour, "field")


@dataclasses.dataclass(frozen=True)
class Stripes:
    """Horizontal stripes from top to bottom of the frame, in `colours`, heights in proportion to `weights`.

    As the counted element, one more stripe continues the alternation at the bottom (the colour
    two stripes up, with that stripe's weight) and one fewer drops the bottom stripe; the stripes
    then re-divide the field.
    """

    colours: tuple[str, ...]
    weights: tuple[float, ...] | None = None

    def __post_init__(self) -> None:
        if len(self.colours) < 2:
            raise SpecError(f"stripes need at least two colours, got {self.colours!r}; list one per stripe")
        if self.weights is not None and len(self.weights) != len(self.colours):
            raise SpecError(
                f"stripes list {len(self.colours)} colours but {len(self.weights)} weights; "
                "give one weight per stripe or none"
            )

    @property
    def count(self) -> int:
        return len(self.colours)

    def resized(self, count: int) -> Stripes:
        """The same stripes with one added at, or one dropped from, the bottom."""
        weights = self.weights or (1.0,) * self.count
        if count == self.count:
            return self
        if count == self.count + 1:
            return Stripes((*self.colours, self.colours[-2]), (*weights, weights[-2]))
        if count == self.count - 1:
            return Stripes(self.colours[:-1], weights[:-1])
        raise SpecError(f"stripes can only gain or lose one stripe: {self.count} -> {count}")

    def draw(self, parent: ET.Element, frame: Frame, context: Context) -> None:
        stripes = self.resized(context.stripes) if context.stripes is not None else self
        weights = stripes.weights or (1.0,) * stripes.count
        total = sum(weights)
        edges = [frame.y + frame.height * sum(weights[:i]) / total for i in range(stripes.count + 1)]
        context.stripe_edges = edges
        group = sub(parent, "g", class_="stripes")
        overlap = 0.01 * frame.height  # each stripe runs under the next: no seams between them
        for index, colour in enumerate(stripes.colours):
            bottom = edges[index + 1] + (overlap if index < stripes.count - 1 else 0.0)
            sub(
                group,
                "rect",
                x=frame.x,
                y=edges[index],
                width=frame.width,
                height=bottom - edges[index],
                fill=colour,
                class_=f"stripe stripe-{index + 1}",
            )


@dataclasses.dataclass(frozen=True)
class Canton:
    """A rectangle in the top hoist corner holding its own layers (stars, a union flag, an emblem).

    Its height is `height` (fraction of the frame) or the top `span` stripes, so it keeps resting
    on the same stripe when stripes are added or removed. Its width is `width` (fraction of the
    frame's width), or equal to its height when `width` is None (a square canton).
    """

    colour: str | None
    layers: tuple = ()
    width: float | None = None
    height: float | None = None
    span: int | None = None

    def __post_init__(self) -> None:
        if (self.height is None) == (self.span is None):
            raise SpecError(
                f"a canton needs exactly one of height or span (stripes it covers), got "
                f"height={self.height!r} span={self.span!r}"
            )

    def frame(self, frame: Frame, context: Context) -> Frame:
        if self.height is not None:
            height = frame.size(self.height)
        else:  # a span of stripes (`__post_init__`: exactly one of the two)
            span = self.span or 0
            if len(context.stripe_edges) <= span + 1:
                raise SpecError(
                    f"a canton spanning {span} stripes needs at least {span + 1} stripes drawn before it"
                )
            height = context.stripe_edges[span] - frame.y
        width = height if self.width is None else self.width * frame.width
        return Frame(frame.x, frame.y, width, height)

    def draw(self, parent: ET.Element, frame: Frame, context: Context) -> None:
        inner = self.frame(frame, context)
        group = sub(parent, "g", class_="canton")
        if self.colour is not None:
            _rect(group, inner, self.colour, "canton-field")
        draw_layers(group, self.layers, inner, context)


@dataclasses.dataclass(frozen=True)
class Polygon:
    """A filled polygon with corners at frame fractions (e.g. a hoist triangle)."""

    colour: str
    corners: tuple[Fraction, ...]

    def draw(self, parent: ET.Element, frame: Frame, context: Context) -> None:
        sub(parent, "polygon", points=points([frame.at(c) for c in self.corners]), fill=self.colour)


@dataclasses.dataclass(frozen=True)
class Band:
    """A straight band of `width` (fraction of the frame height) along start->end, clipped to the frame."""

    colour: str
    start: Fraction
    end: Fraction
    width: float

    def draw(self, parent: ET.Element, frame: Frame, context: Context) -> None:
        start, end = frame.at(self.start), frame.at(self.end)
        half = frame.size(self.width) / 2
        # Lengthen the band past both ends so the clip, not the band's square ends, shapes the corners.
        dx, dy = end[0] - start[0], end[1] - start[1]
        start, end = (start[0] - dx, start[1] - dy), (end[0] + dx, end[1] + dy)
        outline = geometry.clip(geometry.band(start, end, -half, half), frame.box)
        sub(parent, "polygon", points=points(outline), fill=self.colour, class_="band")


@dataclasses.dataclass(frozen=True)
class Crescent:
    """The `outer` disc (x, y, radius) minus the `inner` disc: a crescent with its horns where they cross."""

    colour: str
    outer: tuple[float, float, float]
    inner: tuple[float, float, float]

    def draw(self, parent: ET.Element, frame: Frame, context: Context) -> None:
        (ox, oy, orad), (ix, iy, irad) = self.outer, self.inner
        outline = geometry.crescent(
            (frame.at((ox, oy)), frame.size(orad)), (frame.at((ix, iy)), frame.size(irad))
        )
        sub(parent, "polygon", points=points(outline), fill=self.colour, class_="crescent")


@dataclasses.dataclass(frozen=True)
class Star:
    """One star: centre (frame fractions), tip radius (fraction of frame height), shape and turn.

    `aim` turns the star so one tip points at that frame position (China's small stars).
    `colour` is needed only for a lone star drawn as its own layer; star layouts colour their stars.
    """

    x: float
    y: float
    radius: float
    points: int = 5
    inner: float = PENTAGRAM
    rotation: float = 0.0
    aim: Fraction | None = None
    colour: str | None = None

    def placed(self, frame: Frame) -> PlacedStar:
        centre = frame.at((self.x, self.y))
        rotation = self.rotation if self.aim is None else geometry.bearing(centre, frame.at(self.aim))
        return PlacedStar(centre, frame.size(self.radius), self.points, self.inner, rotation)

    def draw(self, parent: ET.Element, frame: Frame, context: Context) -> None:
        if self.colour is None:
            raise SpecError(f"a lone star layer needs a colour: {self!r}")
        self.placed(frame).draw(parent, self.colour, "star emblem")


@dataclasses.dataclass(frozen=True)
class PlacedStar:
    """A star in user units, ready to draw."""

    centre: Point
    radius: float
    points: int = 5
    inner: float = PENTAGRAM
    rotation: float = 0.0

    def outline(self, grow: float = 0.0) -> list[Point]:
        return geometry.star_outline(self.centre, self.radius + grow, self.points, self.inner, self.rotation)

    def draw(self, parent: ET.Element, colour: str, class_: str, grow: float = 0.0) -> None:
        sub(parent, "polygon", points=points(self.outline(grow)), fill=colour, class_=class_)


@dataclasses.dataclass(frozen=True)
class Cross:
    """A centred upright cross, arms `width` (fraction of the frame height) wide (Greece's canton)."""

    colour: str
    width: float

    def draw(self, parent: ET.Element, frame: Frame, context: Context) -> None:
        half = frame.size(self.width) / 2
        cx, cy = frame.at((0.5, 0.5))
        group = sub(parent, "g", fill=self.colour, class_="cross")
        sub(group, "rect", x=cx - half, y=frame.y, width=2 * half, height=frame.height)
        sub(group, "rect", x=frame.x, y=cy - half, width=frame.width, height=2 * half)


@dataclasses.dataclass(frozen=True)
class UnionJack:
    """The Union Flag filling its frame, on the 60 x 30 construction of the flag itself.

    White saltire 6 wide over blue, red saltire 2 wide counterchanged (offset clockwise in each
    quarter), white cross 10 wide, red cross 6 wide.
    """

    blue: str = "#012169"
    red: str = "#C8102E"
    white: str = "#FFFFFF"

    GRID: ClassVar[tuple[float, float]] = (60.0, 30.0)

    def draw(self, parent: ET.Element, frame: Frame, context: Context) -> None:
        sx, sy = frame.width / self.GRID[0], frame.height / self.GRID[1]

        def place(corners: list[Point]) -> str:
            return points([(frame.x + x * sx, frame.y + y * sy) for x, y in corners])

        whole = (0.0, 0.0, *self.GRID)
        group = sub(parent, "g", class_="union-jack")
        _rect(group, frame, self.blue, "union-jack-field")
        diagonals = (((0.0, 0.0), (60.0, 30.0)), ((0.0, 30.0), (60.0, 0.0)))
        for start, end in diagonals:
            dx, dy = end[0] - start[0], end[1] - start[1]  # run past both corners, then clip
            extended = geometry.band((start[0] - dx, start[1] - dy), (end[0] + dx, end[1] + dy), -3, 3)
            sub(group, "polygon", points=place(geometry.clip(extended, whole)), fill=self.white)
        # Counterchange: each quarter's red arm runs along one side of its white diagonal, so the
        # four arms turn like a pinwheel (below the diagonal in the upper hoist quarter).
        quarters = (
            ((30.0, 15.0), (0.0, 0.0), (0.0, 0.0, 30.0, 15.0)),
            ((30.0, 15.0), (60.0, 0.0), (30.0, 0.0, 60.0, 15.0)),
            ((30.0, 15.0), (60.0, 30.0), (30.0, 15.0, 60.0, 30.0)),
            ((30.0, 15.0), (0.0, 30.0), (0.0, 15.0, 30.0, 30.0)),
        )
        for centre, corner, box in quarters:
            far = (2 * corner[0] - centre[0], 2 * corner[1] - centre[1])
            arm = geometry.band(centre, far, -2, 0)
            sub(group, "polygon", points=place(geometry.clip(arm, box)), fill=self.red)
        for width, colour in ((10.0, self.white), (6.0, self.red)):
            sub(group, "polygon", points=place(_cross(width)), fill=colour)


def _cross(width: float) -> list[Point]:
    """A centred 60 x 30 upright cross of arm width `width`, as one outline."""
    a, b = 30 - width / 2, 30 + width / 2
    c, d = 15 - width / 2, 15 + width / 2
    return [
        (a, 0),
        (b, 0),
        (b, c),
        (60, c),
        (60, d),
        (b, d),
        (b, 30),
        (a, 30),
        (a, d),
        (0, d),
        (0, c),
        (a, c),
    ]


@dataclasses.dataclass(frozen=True)
class Sun:
    """A sun with a face (Uruguay's Sun of May): a disc with alternating straight and wavy rays.

    `radius` is the disc's radius and `reach` the rays' tip radius (fractions of the frame height).
    """

    x: float
    y: float
    radius: float
    reach: float
    rays: int = 16
    colour: str = "#FCD116"
    outline: str = "#7B3F00"

    def draw(self, parent: ET.Element, frame: Frame, context: Context) -> None:
        centre, radius, reach = frame.at((self.x, self.y)), frame.size(self.radius), frame.size(self.reach)
        line = 0.035 * radius
        group = sub(parent, "g", fill=self.colour, stroke=self.outline, stroke_width=line, class_="sun")
        step = 360 / self.rays
        for index in range(self.rays):
            angle = index * step
            shape = _straight_ray if index % 2 == 0 else _wavy_ray
            sub(group, "polygon", points=points(shape(centre, radius, reach, angle, step)))
        sub(group, "circle", cx=centre[0], cy=centre[1], r=radius)
        _face(group, centre, radius, line)


def _straight_ray(centre: Point, radius: float, reach: float, angle: float, step: float) -> list[Point]:
    tip = geometry.arc(centre, reach, angle, angle, 1)[0]
    sides = geometry.arc(centre, 0.9 * radius, angle - 0.45 * step, angle + 0.45 * step, 1)
    return [sides[0], tip, sides[1]]


def _wavy_ray(centre: Point, radius: float, reach: float, angle: float, step: float) -> list[Point]:
    """A flame: a tapering band whose centre line swings side to side one and a half times."""
    samples = 24
    left: list[Point] = []
    right: list[Point] = []
    start, end = 0.9 * radius, 0.93 * reach
    along, across = geometry.direction(angle), geometry.direction(angle + 90)
    for index in range(samples + 1):
        t = index / samples
        distance = start + t * (end - start)
        swing = 0.09 * radius * math.sin(3 * math.pi * t)
        half = 0.16 * radius * (1 - t)
        base = (centre[0] + distance * along[0], centre[1] + distance * along[1])
        for offset, side in ((swing - half, left), (swing + half, right)):
            side.append((base[0] + offset * across[0], base[1] + offset * across[1]))
    return left + right[::-1]


def _face(parent: ET.Element, centre: Point, radius: float, line: float) -> None:
    """Eyes, nose and mouth drawn in the outline colour."""
    x, y = centre
    features = sub(parent, "g", fill="none", stroke_width=1.4 * line, stroke_linecap="round", class_="face")
    for side in (-1, 1):
        sub(features, "circle", cx=x + side * 0.34 * radius, cy=y - 0.18 * radius, r=0.09 * radius)
        brow = geometry.arc((x + side * 0.34 * radius, y - 0.1 * radius), 0.25 * radius, -40, 40, 6)
        sub(features, "polyline", points=points(brow))
    sub(
        features,
        "polyline",
        points=points(
            [
                (x, y - 0.15 * radius),
                (x - 0.08 * radius, y + 0.2 * radius),
                (x + 0.05 * radius, y + 0.24 * radius),
            ]
        ),
    )
    sub(features, "polyline", points=points(geometry.arc((x, y + 0.1 * radius), 0.38 * radius, 140, 220, 8)))


def draw_layers(parent: ET.Element, layers: tuple, frame: Frame, context: Context) -> None:
    """Draw layers in order (later ones on top)."""
    for layer in layers:
        layer.draw(parent, frame, context)
