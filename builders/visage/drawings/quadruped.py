"""Four-legged animals in side view, facing right: cats, dogs, zebras, lions, cows, giraffes, elephants ...

`Variant` holds a species' anatomy: its head (`animal_heads`), the torso's
length, depth and shape (withers, a dipped back, a high croup, a deep chest, a
tucked waist), neck, jointed legs of its kind (`animal_legs`: hoofed, a cat's,
a dog's, a bear's, a pillar), tail, mane, coat (`animal_coats`), horns,
antlers or tusks, trunk, wool, tongue, udder and pale or dark patches.
`geometry` computes every outline as points a smooth curve passes through
(`outline`), shaped by `animal_parts`; `draw` only paints, far side first: far
legs, near legs, tail, torso, neck, head. Near and far legs stand apart on the
line under the belly, so an audit counts them there; a tail crosses a vertical
line behind the rump once. An exception (`like`) is drawn at its typical
animal's scale and place, so the pair differs only where the animals do.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from typing import Any

from builders.core.errors import SpecError
from builders.visage.colours import colour_of, family
from builders.visage.drawing import REACH, Drawer, Measured, Point, Role, colour, components, presence, runs
from builders.visage.drawings import animal_legs
from builders.visage.drawings import animal_parts as parts
from builders.visage.drawings.animal_coats import Coat, Frame, coat
from builders.visage.drawings.animal_heads import EARS, HEADS
from builders.visage.drawings.animal_legs import Leg
from builders.visage.drawings.outline import curve, enclosing_circle, ribbon, smooth, stroke, tapered
from builders.visage.drawings.primitives import circle, polygon

GROUND = 30.0
Shape = tuple[Point, ...]


@dataclasses.dataclass(frozen=True)
class Variant:
    head_shape: str = "dog"  # a key of animal_heads.HEADS
    head: float = 12.0  # head length, back of the skull to the nose
    head_angle: float = 10.0  # degrees the nose points below the horizontal
    ears: str = ""  # an animal_heads.EARS key replacing the head's own ears
    ear_tone: str = ""  # the role of both ears, if not the head's usual (a panda's black ears)
    body: tuple[float, float] = (20.0, 10.0)  # half length, half depth of the torso
    body_y: float = 4.0
    withers: float = 0.0  # the shoulders stand this much above the back (a giraffe, a bear's hump)
    belly: float = 0.0  # the belly hangs this much lower (a pig, a cow)
    #: The back dips this much behind the withers (a lion's, a cow's straight back: 0).
    dip: float = 0.6
    #: The rump stands this much above the back (a cow's hips), or below it when negative (a bear's).
    croup: float = 0.0
    #: The chest hangs this much below the belly line at the front (a dog's deep chest)...
    chest: float = 0.0
    #: ... and the belly rises this share of the torso's depth toward the hind legs (a waist).
    tuck: float = 0.0
    legs: int = 4
    leg_width: float = 3.2
    limb: str = "hoofed"  # an animal_legs.LIMBS key: hoofed | cat | dog | bear | pillar
    #: Degrees each leg swings from upright below the belly: the stride of a walk.
    stride: float = 7.0
    neck: tuple[float, float] = (9.0, 50.0)  # length, degrees above the horizontal
    neck_width: float = 7.0
    tail: str = "hanging"  # see animal_parts.tail
    tuft: str = ""  # the role of a tail's tuft, if it has one
    mane: str = "none"  # none | lion | crest
    #: The crest's role: "mane", or "body" for a zebra's, striped with the neck.
    crest: str = "mane"
    coat: str = "plain"  # see animal_coats.coat
    #: (part, role): pale or dark patches (a white face, a pale belly, a black belt).
    patches: tuple[tuple[str, str], ...] = ()
    muzzle: str = ""  # the role of the head's muzzle patch, if drawn
    horns: str = "none"  # none | cow | ram | antlers | tusks | rhino1 | rhino2 | ossicones
    fangs: bool = False  # a Chinese water deer's tusks
    trunk: bool = False
    wool: bool = False
    fur: bool = False  # long hair: a ragged outline (a Cymric)
    ruff: bool = False  # a tiger's cheek ruff
    folds: bool = False  # skin folds over shoulder and hip (an Indian rhinoceros's armour)
    wrinkles: bool = False  # a Shar-Pei's loose skin
    tongue: bool = False
    udder: bool = False  # a cow's, between the hind legs
    whiskers: bool = False
    #: Overall size: cubs and fawns are smaller.
    size: float = 1.0
    #: An exception's typical animal, whose scale and place it is drawn at (`like`).
    frame: Variant | None = None


@dataclasses.dataclass(frozen=True)
class Geometry:
    variant: Variant
    torso: Shape
    neck: Shape
    head: Shape
    eye: tuple[Point, float]
    pupil: Shape
    nose: Shape
    ears: tuple[tuple[Shape, bool], ...]
    muzzle: Shape
    mouth: tuple[Point, ...]
    whiskers: tuple[tuple[Point, Point], ...]
    legs: tuple[Leg, ...]
    tail: tuple[Point, ...]
    tail_width: float
    tuft: Shape
    mane: Shape
    fur: tuple[Shape, ...]
    ruff: Shape
    coat: Coat
    patches: tuple[tuple[str, str, Shape], ...]  # (role, part to clip to, shape)
    horns: tuple[tuple[Shape, bool], ...]
    antlers: tuple[tuple[Point, ...], ...]
    trunk: Shape
    big_ear: Shape
    fang: Shape
    wool: tuple[Shape, ...]
    folds: tuple[tuple[Point, ...], ...]
    tongue: Shape
    udder: Shape
    colour_points: tuple[Point, ...]
    tongue_points: tuple[Point, ...]
    leg_probe: tuple[float, float, float]  # x from, x to, y
    tail_probe: tuple[float, float, float]  # y from, y to, x of the has-a-tail line
    #: Drawn at (p - centre) * scale: every species fills the same disc, a cub a smaller one.
    centre: Point = (0.0, 0.0)
    scale: float = 1.0


#: Broad defaults: a role a species does not draw still needs a colour apart from the others,
#: and each concept narrows the roles it shows.
ROLES = (
    Role("body", family("tan", "brown", "grey", "white", "black", "orange", "cream", "wood")),
    Role("shade", family("dark_brown", "brown", "dark_grey", "tan", "grey", "silver", "wood"), shaded="body"),
    Role("pale", family("white", "cream", "ivory", "silver", "maple")),
    Role("dark", family("coal", "black", "dark_brown", "dark_grey")),
    Role("marks", family("black", "dark_brown", "brown", "dark_grey")),
    Role("mane", family("brown", "dark_brown", "wood", "black", "maple", "gold")),
    Role("horn", family("ivory", "cream", "maple", "dark_grey", "silver", "tan", "gold")),
    Role("nose", family("skin_pink", "pink", "dark_grey", "brown")),
    Role("eye", family("coal", "dark_brown", "gold", "lime", "black")),
    Role("wool", family("white", "cream", "ivory", "silver", "grey", "lcd")),
    Role("tongue", family("pink", "skin_pink", "red", "purple")),
)


def geometry(variant: Variant, rng: random.Random) -> Geometry:
    laid = _laid(variant, rng)
    centre, scale = _frame(variant.frame or variant)
    reach = scale * variant.size * _reach(laid, centre)
    if reach > REACH:
        raise SpecError(
            f"a {variant.head_shape}-headed animal reaches {reach:.1f} from its centre at its typical "
            f"animal's scale, past {REACH:g}; make it smaller or its typical animal larger"
        )
    return dataclasses.replace(laid, centre=centre, scale=scale * variant.size)


def _laid(variant: Variant, rng: random.Random) -> Geometry:
    """Every shape in layout units, before the animal is fitted into the drawing."""
    rx, ry = variant.body
    cy = variant.body_y
    torso = parts.torso(variant)
    length, angle = variant.neck
    base = (rx * 0.8, cy - ry * 0.3 - variant.withers * 0.5)
    tip = (base[0] + length * math.cos(math.radians(angle)), base[1] - length * math.sin(math.radians(angle)))
    neck = ribbon(
        (base, _mid(base, tip), tip),
        (variant.neck_width * 1.4, variant.neck_width * 1.05, variant.neck_width * 0.9),
    )
    head_shape = HEADS[variant.head_shape]
    place = _placer(tip, variant.head, variant.head_angle)
    ears_outline = EARS.get(variant.ears)
    ears = (
        tuple((tuple(place(p) for p in shape), far) for shape, far in head_shape.ears)
        if ears_outline is None
        else (
            (tuple(place((x - 0.12, y - 0.03)) for x, y in ears_outline), True),
            (tuple(place(p) for p in ears_outline), False),
        )
    )
    legs = animal_legs.legs(variant, GROUND)
    frame = Frame(
        body=(cy, rx, ry),
        neck=(base, tip),
        neck_width=variant.neck_width,
        head=(place((0.0, 0.05)), place((1.0, 0.1))),
        head_depth=variant.head * 0.7,
        legs=tuple(leg.span for leg in legs),
        leg_width=variant.leg_width,
    )
    laid = coat(variant.coat, frame, rng)
    eye_centre = place(head_shape.eye)
    eye_r = head_shape.eye_size * variant.head
    tail, tail_width, tuft = parts.tail(variant.tail, cy, rx, ry)
    leg_probe = animal_legs.probe(variant, legs, GROUND)
    tail_x = -rx - 4.2
    patches = parts.patches(variant.patches, frame, place, legs=tuple(leg.span for leg in legs))
    trunk = parts.trunk(place((0.84, 0.12)), GROUND) if variant.trunk else ()
    geometry_ = Geometry(
        variant=variant,
        torso=torso,
        neck=neck if length > 0 else (),
        head=tuple(place(p) for p in head_shape.outline),
        eye=(eye_centre, eye_r),
        pupil=parts.slit(eye_centre, eye_r) if head_shape.slit else (),
        nose=tuple(place(p) for p in head_shape.nose),
        ears=ears if variant.head_shape != "elephant" else (),
        muzzle=tuple(place(p) for p in head_shape.muzzle) if variant.muzzle else (),
        mouth=tuple(place(p) for p in head_shape.mouth),
        whiskers=parts.whiskers(place((0.9, 0.22)), variant.head) if variant.whiskers else (),
        legs=legs,
        tail=tail,
        tail_width=tail_width,
        tuft=tuft if variant.tuft else (),
        mane=parts.mane(variant.mane, place, tip, base, variant, rng),
        fur=parts.fur(torso, place, rng) if variant.fur else (),
        ruff=parts.ruff(place) if variant.ruff else (),
        coat=laid,
        patches=patches,
        horns=parts.horns(variant.horns, place, variant.head),
        antlers=parts.antlers(place(head_shape.crown), variant.head) if variant.horns == "antlers" else (),
        trunk=trunk,
        big_ear=_big_ear(variant, place),
        fang=parts.fang(place) if variant.fangs else (),
        wool=parts.wool(torso, place) if variant.wool else (),
        folds=(
            parts.folds((cy, rx, ry))
            if variant.folds
            else parts.wrinkles((cy, rx, ry), (base, tip), variant.neck_width)
            if variant.wrinkles
            else ()
        ),
        tongue=parts.tongue(place(head_shape.jaw), variant.head) if variant.tongue else (),
        udder=parts.udder(legs, cy + ry + variant.belly) if variant.udder else (),
        colour_points=parts.clear_points((cy, rx, ry), [*laid.torso, *(s for _, _, s in patches)]),
        tongue_points=parts.tongue_points(place(head_shape.jaw), variant.head) if variant.tongue else (),
        leg_probe=leg_probe,
        tail_probe=(cy - ry - 16, cy + ry + 6, tail_x),
    )
    _check_apart(geometry_)
    return geometry_


#: The typical animal of a species is drawn to reach this far from its centre (inside the drawing's REACH).
FIT = 37.0


def like(typical: Variant, **changes: Any) -> Variant:
    """An exception's variant: the typical one with `changes`, drawn at the typical one's scale and place."""
    return dataclasses.replace(typical, frame=typical, **changes)


@functools.cache
def _frame(typical: Variant) -> tuple[Point, float]:
    """The centre and scale that make the typical animal (its details laid by a fixed generator) fill
    the disc FIT; its exceptions are drawn at the same, so a Manx cat is as large as a tailed cat and
    a tuskless elephant as a tusker."""
    laid = _laid(typical, random.Random(0))
    centre, radius = enclosing_circle([p for shape in _outlines(laid) for p in shape])
    return centre, FIT / (radius + laid.tail_width)


def _reach(g: Geometry, centre: Point) -> float:
    return max(math.dist(centre, p) + g.tail_width for shape in _outlines(g) for p in shape)


def _outlines(g: Geometry) -> list[Shape]:
    return [
        shape
        for shape in (
            g.torso,
            g.neck,
            g.head,
            g.tail,
            g.mane,
            g.trunk,
            g.big_ear,
            *g.wool,
            *g.fur,
            g.ruff,
            *(leg.outline for leg in g.legs),
            *(shape for shape, _ in g.ears),
            *(shape for shape, _ in g.horns),
            *g.antlers,
        )
        if shape
    ]


def _big_ear(variant: Variant, place: Callable[[Point], Point]) -> Shape:
    if variant.head_shape != "elephant":
        return ()
    return tuple(place(p) for p in (parts.ASIAN_EAR if variant.ears == "asian" else parts.ELEPHANT_EAR))


def _mid(a: Point, b: Point) -> Point:
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def _placer(tip: Point, length: float, angle: float) -> Callable[[Point], Point]:
    """Head frame -> object: scaled to the head's length, tilted nose-down by `angle`, on the neck."""
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))

    def place(point: Point) -> Point:
        x, y = (point[0] - 0.08) * length, point[1] * length
        return tip[0] + x * cos - y * sin, tip[1] + x * sin + y * cos

    return place


def _check_apart(g: Geometry) -> None:
    """The tail and trunk keep off the leg probe, so only legs cross it."""
    x0, x1, y = g.leg_probe
    for name, points in (("tail", g.tail), ("trunk", g.trunk)):
        for px, py in points:
            if x0 - 1.5 <= px <= x1 + 1.5 and abs(py - y) < 3.0:
                raise SpecError(f"the {name} of a quadruped crosses the legs' line at ({px:.1f}, {py:.1f})")


def draw(g: Geometry, parent: ET.Element, colours: Mapping[str, str]) -> None:
    v = g.variant
    cx, cy = g.centre
    transform = f"scale({g.scale:.6f}) translate({-cx:.6f} {-cy:.6f})"
    group = ET.SubElement(parent, "g", {"transform": transform})
    for index, leg in enumerate(g.legs):
        tone = colours["shade" if leg.far else "body"]
        smooth(group, leg.outline, tone)
        _clipped(
            group,
            f"leg{index}",
            (leg.outline,),
            [
                *((shape, g.coat.role) for shape in (g.coat.legs[index] if index < len(g.coat.legs) else ())),
                *((shape, role) for role, part, shape in g.patches if part == f"leg{index}"),
            ],
            colours,
        )
        if leg.foot:
            polygon(group, leg.foot, colours["dark"])
        for nail in leg.nails:
            smooth(group, nail, colours["pale"])
    if g.udder:
        smooth(group, g.udder, colours["nose"])
    if g.tail:
        smooth(group, tapered(g.tail, g.tail_width * 1.3, g.tail_width * 0.75), colours["body"])
        if g.tuft:
            smooth(group, g.tuft, colours[v.tuft])
    for shape in g.fur:
        smooth(group, shape, colours["body"])
    smooth(group, g.torso, colours["body"])
    _clipped(
        group,
        "torso",
        (g.torso,),
        [
            *((shape, g.coat.role) for shape in g.coat.torso),
            *((shape, role) for role, part, shape in g.patches if part == "torso"),
        ],
        colours,
    )
    for shape in g.wool:
        smooth(group, shape, colours["wool"])
    if g.mane and v.mane == "lion":
        smooth(group, g.mane, colours["mane"])
    striped_crest = v.mane == "crest" and v.crest == "body"
    if g.neck:
        smooth(group, g.neck, colours["body"])
        if striped_crest:
            smooth(group, g.mane, colours["body"])
        outlines = (g.neck, g.mane) if striped_crest else (g.neck,)
        _clipped(group, "neck", outlines, [(shape, g.coat.role) for shape in g.coat.neck], colours)
    if g.mane and v.mane != "lion" and not striped_crest:
        smooth(group, g.mane, colours[v.crest])
    for fold in g.folds:
        stroke(group, fold, colours["shade"], 1.5 if v.folds else 0.9)
    _head(g, group, colours)


def _head(g: Geometry, group: ET.Element, colours: Mapping[str, str]) -> None:
    v = g.variant
    for shape, far in g.horns:
        if far:
            smooth(group, shape, colours["horn"])
    for shape, far in g.ears:
        if far:
            smooth(group, shape, colours[v.ear_tone or "shade"])
    if g.ruff:
        smooth(group, g.ruff, colours["pale"], tension=0.5)
    smooth(group, g.head, colours["body"])
    _clipped(
        group,
        "head",
        (g.head,),
        [
            *((shape, g.coat.role) for shape in g.coat.head),
            *((shape, role) for role, part, shape in g.patches if part == "head"),
            *(((g.muzzle, v.muzzle),) if g.muzzle else ()),
        ],
        colours,
    )
    if g.big_ear:
        smooth(group, g.big_ear, colours["shade"])
    for shape, far in g.ears:
        if not far:
            smooth(group, shape, colours[v.ear_tone or HEADS[v.head_shape].ear_tone])
    if g.nose:
        smooth(group, g.nose, colours["nose" if v.head_shape in ("pig", "cat") else "dark"])
    if g.mouth:
        stroke(group, g.mouth, colours["dark"], v.head * 0.025)
    centre, r = g.eye
    circle(group, centre, r, colours["eye"])
    if g.pupil:
        polygon(group, g.pupil, colours["dark"])
    for start, end in g.whiskers:
        stroke(group, (start, _mid(start, end), end), colours["pale"], 0.25)
    if g.trunk:
        smooth(group, g.trunk, colours["body"])
    for shape, far in g.horns:
        if not far:
            smooth(group, shape, colours["horn"])
    for beam in g.antlers:
        stroke(group, beam, colours["horn"], 1.9)
    if g.tongue:
        smooth(group, g.tongue, colours["tongue"])
    if g.fang:
        smooth(group, g.fang, colours["pale"])


def _clipped(
    parent: ET.Element,
    name: str,
    outlines: tuple[Shape, ...],
    shapes: list[tuple[Shape, str]],
    colours: Mapping[str, str],
) -> None:
    """`shapes` (each in its role's colour) clipped to the union of the part's outlines."""
    if not shapes or not outlines[0]:
        return
    clip_path = ET.SubElement(parent, "clipPath", {"id": f"clip-{name}"})
    for outline in outlines:
        ET.SubElement(clip_path, "path", {"d": curve(outline)})
    group = ET.SubElement(parent, "g", {"clip-path": f"url(#clip-{name})"})
    for shape, role in shapes:
        polygon(group, shape, colours[role])


def measures(g: Geometry, colours: Mapping[str, str]) -> dict[str, Measured]:
    v = g.variant
    s = g.scale
    cx, cy = g.centre

    def at(*points: Point) -> tuple[Point, ...]:
        return tuple(((x - cx) * s, (y - cy) * s) for x, y in points)

    x0, x1, y = g.leg_probe
    top, bottom, tail_x = g.tail_probe
    found = {
        "legs": Measured(len(g.legs), runs((), *at((x0, y), (x1, y)))),
        "tail": Measured(parts.reaches(g.tail, tail_x), runs((), *at((tail_x, top), (tail_x, bottom)))),
        "long_tail": Measured(
            parts.reaches(g.tail, tail_x - 1.8), runs((), *at((tail_x - 1.8, top), (tail_x - 1.8, bottom)))
        ),
        "mane": Measured(int(bool(g.mane) and v.mane == "lion"), presence(("mane",), min_area=25 * s * s)),
        "stripes": Measured(
            g.coat.stripes if g.coat.role == "marks" else 0,
            runs(("marks",), *at((g.coat.probe_x[0], g.coat.probe_y), (g.coat.probe_x[1], g.coat.probe_y))),
        ),
        "spots": Measured(int(bool(g.coat.torso) and v.coat == "giraffe"), presence(("marks",), 8 * s * s)),
        "horn": Measured(int(bool(g.horns or g.antlers)), presence(("horn",), min_area=6 * s * s)),
        "horns": Measured(len(g.horns), components(("horn",), min_area=2.0 * s * s)),
        "wool": Measured(int(bool(g.wool)), presence(("wool",), min_area=30 * s * s)),
        "colour": Measured(colour_of(colours["wool" if v.wool else "body"]), colour(*at(*g.colour_points))),
    }
    if g.tongue_points:
        found["tongue"] = Measured(colour_of(colours["tongue"]), colour(*at(*g.tongue_points)))
    return found


DRAWER = Drawer("quadruped", ROLES, geometry, draw, measures, silhouette=("body",))
