"""Birds in side view, facing right: a swan on water, a cardinal on a branch, a crow, a displaying peacock.

`Variant.species` picks the silhouette (body, head, beak, tail, legs and what
the bird stands on); options add a crest, a black face mask, a hood (a hooded
crow's black head, wings and tail over a grey body) and a peacock's fanned
train with its eyespots. The body's colour is read at points on the breast
and flank clear of wing and mask; a train is measured by its area.
"""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Mapping

from builders.visage.colours import colour_of, family
from builders.visage.drawing import Drawer, Measured, Point, Role, colour, presence
from builders.visage.drawings.outline import ellipse_points, fit, ribbon, smooth, stroke
from builders.visage.drawings.primitives import circle, polygon

Shape = tuple[Point, ...]
#: Every bird is drawn to reach this far from its centre.
FIT = 37.0


@dataclasses.dataclass(frozen=True)
class Variant:
    species: str  # swan | songbird | crow | peacock
    crest: bool = False
    mask: bool = False  # a black face around the beak (a male cardinal's)
    hood: bool = False  # black head, wings and tail over the body colour (a hooded crow)
    train: bool = False  # a peacock's fanned train
    eyespots: bool = True


@dataclasses.dataclass(frozen=True)
class Geometry:
    variant: Variant
    body: Shape
    neck: Shape
    head: Shape
    beak: Shape
    eye: Point
    eye_r: float
    crest: tuple[Shape, ...]
    mask: Shape
    wing: Shape
    tail: Shape
    legs: tuple[tuple[Point, ...], ...]
    perch: Shape  # a branch, or the water a swan floats on
    train: Shape
    eyespots: tuple[tuple[Point, float], ...]
    colour_points: tuple[Point, ...]
    centre: Point = (0.0, 0.0)
    scale: float = 1.0


ROLES = (
    Role("body", family("white", "black", "red", "blue", "grey", "brown")),
    Role("shade", family("silver", "dark_grey", "brown", "navy", "grey"), shaded="body"),
    Role("marks", family("black", "coal", "dark_brown")),
    Role("beak", family("orange", "red", "gold", "dark_grey", "maple")),
    Role("eye", family("coal", "gold", "dark_brown", "dark_grey", "lime")),
    Role("legs", family("dark_grey", "coal", "grey", "skin_pink", "tan")),
    Role("perch", family("wood", "brown", "pale_blue", "tan")),
    Role("train", family("green", "teal", "lime", "ivory")),
    Role("ring", family("gold", "yellow", "maple")),
    Role("spot", family("navy", "blue", "purple")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    build = {"swan": _swan, "songbird": _songbird, "crow": _crow, "peacock": _peacock}[variant.species]
    return _fitted(build(variant, rng))


def _swan(v: Variant, rng: random.Random) -> Geometry:
    body = (
        (13.0, -1.0),
        (6.0, -6.5),
        (-4.0, -9.5),
        (-12.0, -8.0),
        (-19.0, -12.0),
        (-16.0, -4.0),
        (-12.0, 3.0),
        (0.0, 5.0),
        (11.0, 3.5),
    )
    wing = ((8.0, -3.0), (0.0, -8.5), (-11.0, -9.0), (-17.5, -11.0), (-12.0, -4.5), (-2.0, -2.0))
    spine = ((9.5, -3.0), (12.0, -12.0), (8.0, -19.0), (8.5, -26.0), (13.0, -29.0))
    neck = ribbon(spine, (7.0, 4.2, 3.4, 3.2, 3.0))
    head = ellipse_points((14.0, -29.0), 3.6, 2.8, 12, 12)
    beak = ((16.0, -30.2), (21.5, -27.5), (21.0, -26.2), (16.5, -26.8))
    knob = ((15.2, -30.8), (17.2, -30.6), (17.0, -27.0), (15.0, -27.4))
    water = ellipse_points((-1.0, 4.5), 23.0, 3.4, 24)
    points = ((2.0, -0.4), (-5.0, -0.6), (6.5, -0.6), (11.0, -7.0), (10.2, -15.0))
    return Geometry(
        v,
        body,
        neck,
        head,
        beak,
        (14.8, -30.0),
        0.7,
        (),
        knob if v.mask else (),
        wing,
        (),
        (),
        water,
        (),
        (),
        points,
    )


def _songbird(v: Variant, rng: random.Random) -> Geometry:
    body = (
        (9.0, -3.0),
        (7.5, -9.0),
        (0.0, -10.0),
        (-7.0, -7.0),
        (-11.0, -2.0),
        (-7.0, 4.5),
        (0.0, 7.0),
        (7.0, 4.0),
    )
    head = ellipse_points((7.0, -11.0), 6.2, 5.8, 16)
    crest = ((2.5, -15.0), (-1.5, -22.5), (4.0, -18.5), (3.0, -23.0), (9.5, -15.5)) if v.crest else ()
    beak = ((12.0, -13.5), (18.0, -10.5), (12.0, -7.0))
    mask = ((9.0, -14.5), (13.0, -13.8), (14.0, -7.5), (10.5, -5.5), (7.5, -8.0), (8.0, -12.0))
    wing = ((5.0, -7.0), (-3.0, -8.5), (-13.0, -2.0), (-7.0, 2.5), (3.0, 1.0))
    tail = ((-9.0, -3.0), (-24.0, 8.0), (-22.0, 11.5), (-7.0, 3.0))
    legs = (((1.0, 6.0), (1.5, 10.0)), ((-2.0, 6.0), (-1.5, 10.0)))
    branch = ribbon(((-22.0, 11.5), (0.0, 10.6), (22.0, 9.5)), (3.2, 3.0, 2.4))
    points = ((3.0, 2.5), (5.5, -1.5), (1.0, 5.0), (6.0, 1.5))
    return Geometry(
        v,
        body,
        (),
        head,
        beak,
        (9.0, -11.5),
        1.2,
        (crest,) if crest else (),
        mask if v.mask else (),
        wing,
        tail,
        legs,
        branch,
        (),
        (),
        points,
    )


def _crow(v: Variant, rng: random.Random) -> Geometry:
    body = (
        (10.0, -6.0),
        (6.0, -10.5),
        (-4.0, -9.5),
        (-13.0, -3.0),
        (-9.0, 3.5),
        (-1.0, 7.0),
        (6.0, 5.5),
        (10.5, 0.0),
    )
    head = ellipse_points((9.5, -11.5), 4.8, 4.4, 16)
    beak = ((12.5, -13.8), (19.5, -11.0), (13.0, -8.6))
    wing = ((7.0, -7.5), (-3.0, -9.0), (-17.0, -1.5), (-7.0, 2.5), (4.0, 1.5))
    tail = ((-11.0, -2.5), (-21.5, 0.5), (-21.0, 4.5), (-9.0, 2.5))
    legs = (((2.0, 6.0), (2.8, 15.5), (6.5, 16.5)), ((-1.5, 6.0), (-2.0, 15.5), (1.8, 16.5)))
    points = ((5.0, 2.5), (0.0, 4.0), (7.5, -2.0), (-4.0, 3.5))
    bib = ((7.0, -10.0), (12.0, -8.5), (11.0, -2.0), (6.0, 1.0), (4.5, -5.0)) if v.hood else ()
    return Geometry(
        v, body, (), head, beak, (11.0, -12.5), 0.9, (), bib, wing, tail, legs, (), (), (), points
    )


def _peacock(v: Variant, rng: random.Random) -> Geometry:
    body = ((6.0, -4.0), (3.0, -10.0), (-4.0, -9.0), (-8.0, -2.0), (-6.0, 5.0), (0.0, 8.0), (5.0, 4.0))
    spine = ((3.0, -7.0), (6.0, -15.0), (8.0, -22.0))
    neck = ribbon(spine, (6.5, 4.0, 3.2))
    head = ellipse_points((9.0, -23.0), 2.8, 2.5, 12)
    beak = ((11.0, -24.0), (14.5, -22.5), (11.0, -21.5))
    crest = tuple(
        ((8.0 + dx, -25.0), (7.0 + dx * 2.2, -31.0 - abs(dx)), (8.6 + dx, -25.0)) for dx in (-1.0, 0.0, 1.0)
    )
    wing = ((3.0, -5.0), (-5.0, -7.0), (-9.0, 1.0), (-2.0, 4.0))
    legs = (((0.0, 7.0), (0.5, 20.0), (4.0, 21.0)), ((-2.5, 7.0), (-3.0, 20.0), (0.5, 21.0)))
    train: Shape = ()
    spots: list[tuple[Point, float]] = []
    tail: Shape = ((-7.0, -2.0), (-19.0, 3.0), (-18.0, 6.0), (-6.0, 3.0))
    if v.train:
        centre, reach = (-6.0, -6.0), 26.0
        fan = [_on_fan(centre, reach, a) for a in range(110, 341, 10)]
        train = (*fan, (-2.0, 4.0), (-8.0, 6.0))
        if v.eyespots:
            for r, count in ((22.0, 9), (15.5, 7), (9.5, 5)):
                for k in range(count):
                    spots.append((_on_fan(centre, r, 125 + 205 / (count - 1) * k), 1.9 if r > 20 else 1.6))
        tail = ()
    points = ((5.5, -12.0), (5.0, -9.0), (3.0, -5.0))
    return Geometry(
        v,
        body,
        neck,
        head,
        beak,
        (9.8, -23.6),
        0.6,
        crest,
        (),
        wing,
        tail,
        legs,
        (),
        train,
        tuple(spots),
        points,
    )


def _on_fan(centre: Point, radius: float, degrees: float) -> Point:
    """A point of the fanned train, a little lower than wide."""
    a = math.radians(degrees)
    return centre[0] + radius * math.cos(a), centre[1] + radius * 0.92 * math.sin(a)


def _fitted(g: Geometry) -> Geometry:
    shapes = [g.body, g.neck, g.head, g.beak, g.wing, g.tail, g.perch, g.train, *g.crest, *g.legs]
    centre, scale = fit([shape for shape in shapes if shape], FIT, margin=1.5)
    return dataclasses.replace(g, centre=centre, scale=scale)


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    v = g.variant
    cx, cy = g.centre
    group = ET.SubElement(parent, "g", {"transform": f"scale({g.scale:.6f}) translate({-cx:.6f} {-cy:.6f})"})
    if g.train:
        smooth(group, g.train, colours["train"])
        for (x, y), r in g.eyespots:
            circle(group, (x, y), r * 1.6, colours["ring"])
            circle(group, (x, y), r, colours["spot"])
    if g.perch and v.species != "swan":
        smooth(group, g.perch, colours["perch"])
    for leg in g.legs:
        stroke(group, leg, colours["legs"], 0.9)
    tail_tone = colours["marks" if v.hood else "shade"]
    if g.tail:
        smooth(group, g.tail, tail_tone)
    smooth(group, g.body, colours["body"])
    if g.neck:
        smooth(group, g.neck, colours["body"])
    head_tone = colours["marks" if v.hood else "body"]
    for feather in g.crest:
        polygon(group, feather, colours["body"] if v.species != "peacock" else colours["spot"])
    smooth(group, g.head, head_tone)
    smooth(group, g.wing, colours["marks" if v.hood else "shade"])
    polygon(group, g.beak, colours["beak"])
    if g.mask:
        smooth(group, g.mask, colours["marks"])
    circle(group, g.eye, g.eye_r, colours["eye"])
    if v.species == "swan":
        smooth(group, g.perch, colours["perch"])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    s = g.scale
    cx, cy = g.centre
    at = tuple(((x - cx) * s, (y - cy) * s) for x, y in g.colour_points)
    return {
        "colour": Measured(colour_of(colours["body"]), colour(*at)),
        "train": Measured(int(bool(g.train)), presence(("train",), min_area=120 * s * s)),
    }


DRAWER = Drawer("bird", ROLES, geometry, draw, measures, silhouette=("body",))
