"""The size law: how large an object is drawn, from its real size and how far from the camera it is.

Every object, asked about or not, is drawn by one law: the longer side of its figure spans
`metres x ppm` pixels, where `metres` is its kind's real size (`Figure.metres`) and `ppm`
(pixels per metre) is fixed by where it is. A setting is seen by a pinhole camera (`Camera`): on
its floor, road, lawn or table, pixels per metre grow in proportion to the distance below the
plane's vanishing line, reaching `Camera.near` at the image's bottom edge, so an object's feet fix
its depth and so its size. Things on a shelf or a wall stand at the back wall, where the plane
ends (or up to a shelf's depth in front of it). Things in the air have no feet: their distance is
drawn from the setting's air band. A scene's `zoom` (a wide shot or a close one, drawn per scene
from its setting's `zooms`) scales every pixels-per-metre of its camera alike.

Which depths an object may take is one rule whatever its role: where it is legible (its longer
side at least `LEAST_LONG`, its shorter at least `LEAST_SHORT` of a grid cell's height, and enough of
its exact colour to see, `LEAST_COLOUR`) and fits in one grid cell with `CELL_MARGIN` clear. An
asked object is drawn in the cell its position phrase names; an unasked one at a depth it could be
asked about at. A `plain` scene has no camera: every object is drawn at one size, like the icons
of a chart.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from builders.aipsych.geometry import Box
from builders.aipsych.ink import fill
from builders.aipsych.placements import AIR, PLANES, SHELF

if TYPE_CHECKING:
    from builders.aipsych.objects.base import Figure
    from builders.aipsych.settings.base import Setting

#: Fraction of the cell's width and height kept clear on each side of an object in it.
CELL_MARGIN = 0.06
#: The least length of an object's longer and of its shorter side, as shares of a grid cell's height,
#: and the least area of its exact colour (`ink`), as a share of the square of that height.
LEAST_LONG, LEAST_SHORT, LEAST_COLOUR = 0.25, 0.11, 0.0065
#: A `plain` scene's one size: every object's longer side, as a share of a grid cell's height.
ICON = 0.6
#: Things at the back wall stand up to a shelf's depth in front of it: as near as this share of the
#: wall's distance, so their pixels per metre run from the wall's up to the wall's over this share.
SHELF_DEPTH = 0.85
#: Feet rows tried per grid row when finding where an object on a plane may stand.
STEPS = 96


def size_at(figure: Figure, ppm: float) -> tuple[float, float]:
    """(width, height) in pixels of `figure` drawn at `ppm` pixels per metre."""
    longer = figure.metres * ppm
    if figure.width >= figure.height:
        return longer, longer / figure.aspect
    return longer * figure.aspect, longer


def icon_ppm(figure: Figure, height: int) -> float:
    """The pixels per metre that draw `figure` at a plain scene's one size."""
    return ICON * height / 3 / figure.metres


def room_of(cell: Box) -> Box:
    """The part of a grid cell an object is drawn in: `CELL_MARGIN` of it clear on every side."""
    return Box(
        cell.x + CELL_MARGIN * cell.width,
        cell.y + CELL_MARGIN * cell.height,
        cell.width * (1 - 2 * CELL_MARGIN),
        cell.height * (1 - 2 * CELL_MARGIN),
    )


def row_room(row: int, width: int, height: int) -> Box:
    """The room of the left cell of grid row `row` (every cell of a row has the same room, moved)."""
    return room_of(Box(0, row * height / 3, width / 3, height / 3))


def legible(figure: Figure, ppm: float, height: int) -> bool:
    """Whether `figure` at `ppm` is large enough to name at a glance and to see its colour."""
    width, tall = size_at(figure, ppm)
    cell = height / 3
    colour = min(fill(figure.name, side) for side in ("left", "right")) * width * tall
    return (
        max(width, tall) >= LEAST_LONG * cell
        and min(width, tall) >= LEAST_SHORT * cell
        and colour >= LEAST_COLOUR * cell**2
    )


@functools.lru_cache(maxsize=4096)
def depths(
    figure: Figure, setting: Setting, placement: str, room: Box, height: int, zoom: float
) -> tuple[float, ...]:
    """The pixels per metre `figure` may be drawn at on `placement` in `room` (empty: nowhere).

    On a plane: one value per feet row tried, where the feet lie on a band of the placement and the
    object is legible and fits in `room` above them. On a shelf or a wall, and in the air: the two
    ends of the range (at the wall, or the setting's air band) where it is legible and fits.
    """
    camera = setting.camera
    assert camera is not None, "a plain scene has no depths"
    bands = setting.supports[placement]
    if placement in PLANES:
        found = []
        for step in range(STEPS + 1):
            feet = room.y + room.height * step / STEPS
            if not any(top * height <= feet <= bottom * height for top, bottom in bands):
                continue
            ppm = camera.ppm(feet, height, zoom)
            if ppm <= 0 or not legible(figure, ppm, height):
                continue
            width, tall = size_at(figure, ppm)
            if width <= room.width and feet - tall >= room.y:
                found.append(ppm)
        return tuple(found)
    top, bottom = max(room.y, bands[0][0] * height), min(room.bottom, bands[-1][1] * height)
    if placement == SHELF:
        top, bottom = room.y, bands[0][0] * height
    unit_width, unit_height = size_at(figure, 1.0)
    most = min(room.width / unit_width, (bottom - top) / unit_height)
    least = _least_ppm(figure, height)
    if placement != AIR:
        wall = camera.wall_ppm(height, zoom)
        low, high = max(least, wall), min(most, wall / SHELF_DEPTH)
        return (low, high) if low <= high else ()
    far, near = camera.air_ppm(height, zoom)
    low, high = max(least, far), min(most, near)
    return (low, high) if low <= high else ()


def _least_ppm(figure: Figure, height: int) -> float:
    """The fewest pixels per metre at which `figure` is legible (legibility only grows with size)."""
    low, high = 0.0, 1.0
    while not legible(figure, high, height):
        low, high = high, 2 * high
    for _ in range(40):
        middle = (low + high) / 2
        low, high = (low, middle) if legible(figure, middle, height) else (middle, high)
    return high


@functools.lru_cache(maxsize=65536)
def fits(
    figure: Figure, setting: Setting, placement: str, row: int, width: int, height: int, zoom: float
) -> bool:
    """Whether `figure` can be drawn legibly on `placement` inside a cell of grid row `row`."""
    if setting.camera is None:
        return True
    return bool(depths(figure, setting, placement, row_room(row, width, height), height, zoom))


def depth_range(
    figure: Figure, setting: Setting, placement: str, row: int, width: int, height: int, zoom: float
) -> tuple[float, float]:
    """The least and most pixels per metre `figure` may take on `placement` in grid row `row` (a
    `plain` scene: its one size); every value between is legible and fits a cell of the row."""
    if setting.camera is None:
        return icon_ppm(figure, height), icon_ppm(figure, height)
    found = depths(figure, setting, placement, row_room(row, width, height), height, zoom)
    return min(found), max(found)


def placements_at(
    figure: Figure, setting: Setting, row: int, width: int, height: int, zoom: float
) -> tuple[str, ...]:
    """The placements `figure` may take in grid row `row` of a scene seen at `zoom`, as an asked object."""
    return tuple(
        placement
        for placement in setting.placements_of(figure, row)
        if fits(figure, setting, placement, row, width, height, zoom)
    )


def rows_at(
    figure: Figure, setting: Setting, width: int, height: int, zoom: float
) -> tuple[tuple[int, str], ...]:
    """Every (grid row, placement) `figure` may stand at in a scene seen at `zoom`, whatever its role."""
    return tuple(
        (row, placement)
        for row in range(3)
        for placement in placements_at(figure, setting, row, width, height, zoom)
    )


def zoom_levels(widest: float, closest: float, count: int = 7) -> tuple[float, ...]:
    """`count` zooms from `widest` to `closest`, each the same factor closer than the one before.

    >>> zoom_levels(0.5, 2.0, 3)
    (0.5, 1.0, 2.0)
    """
    factor = (closest / widest) ** (1 / (count - 1))
    return tuple(round(widest * factor**step, 6) for step in range(count))
