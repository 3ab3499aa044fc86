"""Shapes placed where pyllusion 1.4 puts them, drawn as SVG in a fixed viewBox.

pyllusion draws each shape with Pillow on a canvas three times the output size
(`SUPERSAMPLE`), at integer positions (`int` of the grid coordinate scaled to
that canvas), then downsamples and composites it. Its lines are 20 supersampled
pixels wide at every resolution, so 20/3 output pixels, as in the released
images. `Stage` reproduces that placement: it snaps every coordinate as
pyllusion does and turns Pillow's fill rules into polygons and circles on the
supersampled grid (nearly horizontal lines as the exact rows Pillow fills,
other lines as the region those rows trace), which resvg then anti-aliases at
the output size. The shapes cover the same pixels as pyllusion's (checked
against pyllusion in the tests) at a fraction of the cost.

Grid coordinates are pyllusion's: x and y run from -1 to 1, y points up, and
sizes are fractions of half the height. Our canvases are always square. A fresh
edition moves the finished figure by whole pixels (`move_within`).
"""

from __future__ import annotations

import math

from builders.core.curves import Point
from builders.core.svg import Canvas, element, points

#: Side of the square viewBox in user units; the output size only scales it.
VIEW = 1000
#: pyllusion draws on a canvas this many times the output size.
SUPERSAMPLE = 3
#: pyllusion's line width, in supersampled pixels (MullerLyer/Ponzo `outline`, hard-coded elsewhere).
LINE_WIDTH = 20

#: Lines within this slope of horizontal are drawn row by row, exactly as Pillow fills them.
SHALLOW = math.tan(math.radians(10))

RED, BLACK, GREY, WHITE = "#ff0000", "#000000", "#808080", "#ffffff"


def _round_up(value: float) -> int:
    """Pillow's ROUND_UP: nearest integer, halves away from zero."""
    return math.floor(value + 0.5) if value >= 0 else -math.floor(-value + 0.5)


def _round_down(value: float) -> int:
    """Pillow's ROUND_DOWN: nearest integer, halves towards zero."""
    return math.ceil(value - 0.5) if value >= 0 else -math.ceil(-value - 0.5)


def wide_line_corners(start: tuple[int, int], end: tuple[int, int], width: int) -> list[tuple[int, int]]:
    """The integer quadrilateral Pillow fills for a line `width` pixels wide between two pixels.

    >>> wide_line_corners((10, 50), (90, 50), 20)
    [(10, 60), (90, 60), (90, 41), (10, 41)]
    """
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy)
    half = (width - 1) / 2
    ratio_max, ratio_min = _round_up(half) / length, _round_down(half) / length
    dx_min, dx_max = _round_down(ratio_min * dy), _round_down(ratio_max * dy)
    dy_min, dy_max = _round_down(ratio_min * dx), _round_down(ratio_max * dx)
    return [
        (x0 - dx_min, y0 + dy_max),
        (x1 - dx_min, y1 + dy_max),
        (x1 + dx_max, y1 - dy_min),
        (x0 + dx_max, y0 - dy_min),
    ]


def scanline_region(corners: list[tuple[int, int]]) -> list[Point]:
    """The continuous region Pillow's scanline fill paints for a convex integer polygon.

    Pillow paints pixel (i, j) when i lies between the edge crossings of row
    y = j, rounded, with rows and columns on the boundary included. As a shape:
    the polygon moved by half a pixel to pixel centres, each edge pushed out by
    half a pixel horizontally (the rounding), and edges lying on a pixel row
    pushed out by half a pixel (the inclusive boundary).
    """
    shifted = [(x + 0.5, y + 0.5) for x, y in corners]
    count = len(shifted)
    twice_area = sum(
        shifted[i][0] * shifted[(i + 1) % count][1] - shifted[(i + 1) % count][0] * shifted[i][1]
        for i in range(count)
    )
    turn = 1.0 if twice_area > 0 else -1.0
    edges = []
    for i in range(count):
        (ax, ay), (bx, by) = shifted[i], shifted[(i + 1) % count]
        ex, ey = bx - ax, by - ay
        norm = math.hypot(ex, ey)
        nx, ny = turn * ey / norm, -turn * ex / norm  # outward normal
        push = 0.5 if ey == 0 else 0.5 * abs(nx)
        edges.append(((ax + nx * push, ay + ny * push), (ex, ey)))
    region = []
    for i in range(count):
        (px_, py_), (ux, uy) = edges[i - 1]
        (qx, qy), (vx, vy) = edges[i]
        cross = ux * vy - uy * vx
        if abs(cross) < 1e-12:  # collinear neighbours: keep the pushed corner
            region.append((qx, qy))
            continue
        t = ((qx - px_) * vy - (qy - py_) * vx) / cross
        region.append((px_ + t * ux, py_ + t * uy))
    return region


def scanline_rows(corners: list[tuple[int, int]], clip: tuple[int, int]) -> list[Point]:
    """The exact pixel rows Pillow's scanline fill paints, within `clip` = (first, last) rows and
    columns (the picture and a margin), as one stepped outline.

    Row j spans the rounded edge crossings at y = j (Pillow computes each
    crossing from the edge's first corner and its inverse slope, and rounds
    the start half away from zero, the end half towards zero); rows whose
    span is the same as the previous row's are merged.
    """
    count = len(corners)
    spans: list[tuple[int, int, int]] = []  # (row, first column, last column)
    top, bottom = min(y for _, y in corners), max(y for _, y in corners)
    for row in range(max(top, clip[0]), min(bottom, clip[1]) + 1):
        crossings: list[float] = []
        for i in range(count):
            (x0, y0), (x1, y1) = corners[i], corners[(i + 1) % count]
            if y0 == y1:
                if row == y0:
                    crossings += [x0, x1]
            elif min(y0, y1) <= row <= max(y0, y1):
                crossings.append((row - y0) * ((x1 - x0) / (y1 - y0)) + x0)
        start, end = _round_up(min(crossings)), _round_down(max(crossings))
        start, end = max(start, clip[0]), min(end, clip[1])
        if end >= start:
            spans.append((row, start, end))
    left: list[Point] = []
    right: list[Point] = []
    for index, (row, start, end) in enumerate(spans):
        previous = spans[index - 1] if index else None
        if previous is not None and previous[0] == row - 1 and previous[1:] == (start, end):
            left[-1] = (start, row + 1)
            right[-1] = (end + 1, row + 1)
            continue
        left += [(start, row), (start, row + 1)]
        right += [(end + 1, row), (end + 1, row + 1)]
    return left + right[::-1]


class Stage:
    """A square scene of `px` pixels on which shapes land where pyllusion's renderer puts them."""

    def __init__(self, px: int) -> None:
        self.px = px
        self.canvas = Canvas(VIEW, VIEW, background=WHITE)
        self._side = SUPERSAMPLE * px  # pyllusion's supersampled canvas, in pixels
        self._unit = VIEW / self._side  # viewBox units per supersampled pixel

    def _x(self, x: float) -> int:
        """pyllusion's pixel column of grid x on the supersampled canvas."""
        return int(self._side / 2 * (x + 1))

    def _y(self, y: float) -> int:
        """pyllusion's pixel row of grid y (pointing up) on the supersampled canvas."""
        return int(self._side / 2 * (-y + 1))

    def _view(self, region: list[Point]) -> str:
        return points([(x * self._unit, y * self._unit) for x, y in region])

    def line_width(self) -> float:
        """pyllusion's line width in grid units at this resolution."""
        return LINE_WIDTH / (self._side / 2)

    def line(self, start: Point, end: Point, fill: str, *, class_: str, width: int = LINE_WIDTH) -> None:
        """A straight line with flat ends between two grid points, as `pyllusion.image_line` draws it."""
        a = (self._x(start[0]), self._y(start[1]))
        b = (self._x(end[0]), self._y(end[1]))
        region: list[Point]
        if a == b:  # Pillow draws a single pixel
            region = [(a[0], a[1]), (a[0] + 1, a[1]), (a[0] + 1, a[1] + 1), (a[0], a[1] + 1)]
        elif abs(b[1] - a[1]) <= abs(b[0] - a[0]) * SHALLOW:
            # Nearly horizontal: long runs of pixels sit on the same side of the 50 % red line, so
            # Pillow's exact rows (steps of 1/3 pixel) decide which ones are mostly red.
            region = scanline_rows(wide_line_corners(a, b, width), (-width, self._side + width))
        else:
            region = scanline_region(wide_line_corners(a, b, width))
        self.canvas.add("polygon", points=self._view(region), fill=fill, class_=class_)

    def circle(self, centre: Point, diameter: float, fill: str, *, class_: str) -> None:
        """A filled disc of `diameter` (fraction of half the height), as `pyllusion.image_circle` draws it."""
        cx, cy = self._x(centre[0]), self._y(centre[1])
        size = max(2, int(self._side / 2 * diameter))
        radius = size / 2
        left, right = int(cx - radius), int(cx + radius)
        top, bottom = int(cy - radius), int(cy + radius)
        self.canvas.add(
            "circle",
            cx=(left + right + 1) / 2 * self._unit,
            cy=(top + bottom + 1) / 2 * self._unit,
            r=(right - left + 1) / 2 * self._unit,
            fill=fill,
            class_=class_,
        )

    def rectangle(self, centre: Point, width: float, height: float, fill: str, *, class_: str) -> None:
        """A filled axis-aligned rectangle, as `pyllusion.image_rectangle` draws it."""
        x, y = centre
        left, right = self._x(x - width / 2), self._x(x + width / 2)
        top, bottom = self._y(y + height / 2), self._y(y - height / 2)
        self.canvas.add(
            "rect",
            x=left * self._unit,
            y=top * self._unit,
            width=(right - left + 1) * self._unit,
            height=(bottom - top + 1) * self._unit,
            fill=fill,
            class_=class_,
        )


def extent(canvas: Canvas) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) in viewBox units of every shape on a stage's canvas but its background."""
    xs: list[float] = []
    ys: list[float] = []
    for shape in list(canvas.root)[1:]:
        attrs = shape.attrib
        if shape.tag == "polygon":
            for pair in attrs["points"].split():
                text_x, text_y = pair.split(",")
                xs.append(float(text_x))
                ys.append(float(text_y))
        elif shape.tag == "circle":
            cx, cy, r = float(attrs["cx"]), float(attrs["cy"]), float(attrs["r"])
            xs += [cx - r, cx + r]
            ys += [cy - r, cy + r]
        elif shape.tag == "rect":
            x, y = float(attrs["x"]), float(attrs["y"])
            xs += [x, x + float(attrs["width"])]
            ys += [y, y + float(attrs["height"])]
        else:
            raise ValueError(f"a stage draws polygons, circles and rectangles, not <{shape.tag}>")
    return min(xs), min(ys), max(xs), max(ys)


def move_within(canvas: Canvas, px: int, across: float, down: float, margin: int = 2) -> None:
    """Move the figure by whole output pixels: `across` and `down` (-1..1) are fractions of the room it
    has on either side, keeping `margin` pixels from the edges; an axis on which it already reaches an
    edge (Zöllner's lines run off the picture) stays put. Whole pixels keep pyllusion's pixel grid."""
    unit = VIEW / px  # viewBox units per output pixel
    left, top, right, bottom = extent(canvas)

    def shift(low: float, high: float, fraction: float) -> int:
        before, after = math.floor(low / unit) - margin, math.floor((VIEW - high) / unit) - margin
        if before < 0 or after < 0:
            return 0
        return round(fraction * (after if fraction > 0 else before))

    dx, dy = shift(left, right, across), shift(top, bottom, down)
    if dx or dy:
        figure = element("g", transform=f"translate({dx * unit!r} {dy * unit!r})", class_="figure")
        for shape in list(canvas.root)[1:]:
            canvas.root.remove(shape)
            figure.append(shape)
        canvas.root.append(figure)
