"""The contract between a concept entry and the code that draws it.

A drawer splits into three pure steps (Pyllusion's parameters/image split):
`geometry(variant, rng)` computes every shape in local object units (origin at
the object's centre, y down, everything within `REACH` of the origin);
`draw(geometry, parent, colours)` only emits SVG for it; `measures(geometry,
colours)` names the measurable attributes (number of hands, strings, legs,
sides, stripes; a colour family) with the probe a pixel audit reads them with.
Every colour drawn is one of the drawer's palette roles.
"""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from typing import Generic, TypeVar

Point = tuple[float, float]
V = TypeVar("V")
G = TypeVar("G")

#: Every drawing fits in a disc of this radius around its local origin, so any pose keeps it
#: inside the 100 x 100 viewBox (scale <= 1, shift <= 8).
REACH = 40.0

#: How a pixel audit reads an attribute (see tests/visage/measure.py).
PROBE_KINDS = ("runs", "components", "presence", "corners", "colour", "lobes")
SHAPES = ("any", "round", "elongated")


@dataclasses.dataclass(frozen=True)
class Probe:
    """Where and how to measure one attribute, in local object units.

    - `runs`: separate runs of `roles` pixels along `path` (a polyline) or `circle` (cx, cy, r);
    - `components`: connected blobs of `roles` pixels of at least `min_area` and of `shape`;
    - `presence`: 1 if `roles` pixels cover at least `min_area`, else 0;
    - `corners`: corners of the largest blob of `roles` pixels (8 for an octagon);
    - `colour`: the colour family at the sample points `path`;
    - `lobes`: bulges of the `roles` silhouette along the vertical (balls of a snowman).

    Empty `roles` means every pixel of the object (anything but the background).
    """

    kind: str
    roles: tuple[str, ...] = ()
    path: tuple[Point, ...] = ()
    circle: tuple[float, float, float] | None = None
    shape: str = "any"
    min_area: float = 0.0

    def __post_init__(self) -> None:
        if self.kind not in PROBE_KINDS:
            raise ValueError(f"unknown probe kind {self.kind!r}; choose from {PROBE_KINDS}")
        if self.shape not in SHAPES:
            raise ValueError(f"unknown blob shape {self.shape!r}; choose from {SHAPES}")


@dataclasses.dataclass(frozen=True)
class Measured:
    """An attribute's value in one drawing (a count, or a colour family) and how to measure it."""

    value: int | str
    probe: Probe


@dataclasses.dataclass(frozen=True)
class Role:
    """A palette role: a part of the drawing and the hexes it may be painted in.

    A role `shaded` from another is first tried in a darker (or, for dark colours, lighter) tone
    of that role's colour, so an animal's far legs are a shade of its own coat; its candidates
    are the fallback when that tone comes too near another colour.
    """

    name: str
    candidates: tuple[str, ...]
    shaded: str = ""
    #: With `shaded`: try a lighter tone rather than a darker one (the lit top of a die).
    lighter: bool = False


@dataclasses.dataclass(frozen=True)
class Drawer(Generic[V, G]):
    """A kind of object (clock, guitar, quadruped, ...) and its three pure steps."""

    name: str
    roles: tuple[Role, ...]
    geometry: Callable[[V, random.Random], G]
    draw: Callable[[G, ET.Element, Mapping[str, str]], None]
    measures: Callable[[G, Mapping[str, str]], dict[str, Measured]]
    #: Roles that make up the object's outline: the background keeps clear of their colours.
    #: Empty means the first role.
    silhouette: tuple[str, ...] = ()

    @property
    def outline_roles(self) -> tuple[str, ...]:
        return self.silhouette or (self.roles[0].name,)


def runs(roles: tuple[str, ...], *path: Point) -> Probe:
    return Probe("runs", roles, path=tuple(path))


def runs_on_circle(roles: tuple[str, ...], cx: float, cy: float, r: float) -> Probe:
    return Probe("runs", roles, circle=(cx, cy, r))


def components(roles: tuple[str, ...], shape: str = "any", min_area: float = 1.0) -> Probe:
    return Probe("components", roles, shape=shape, min_area=min_area)


def presence(roles: tuple[str, ...], min_area: float = 4.0) -> Probe:
    return Probe("presence", roles, min_area=min_area)


def corners(roles: tuple[str, ...] = ()) -> Probe:
    return Probe("corners", roles)


def colour(*points: Point) -> Probe:
    return Probe("colour", path=tuple(points))


def lobes(roles: tuple[str, ...]) -> Probe:
    return Probe("lobes", roles)
