"""What an animal is to this topic: one declarative entry of silhouette parameters per species.

Lengths are in "body units": the torso is 100 long, the ground is at 0, and
every other length (legs, neck, head, tail, horns) is relative to that. An
entry names the parts by kind (`ears="long"`, `horns="antlers"`) and sizes
them; `mammal.py` and `bird.py` turn an entry into shapes. Entries are checked
when they are made, so a typo fails at import with one sentence naming it.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from builders.core.errors import SpecError
from builders.vlmbias.animals.geometry import distance, is_colour
from builders.vlmbias.animals.scenery import HABITATS

BIRD, MAMMAL = "bird", "mammal"

#: Fields holding a colour besides the `*_colour` ones.
COLOUR_FIELDS = ("coat", "belly", "plumage", "wing", "wing_tip", "socks", "face")
#: Leg colours must differ at least this much (RGB distance) from the ground they stand on.
MIN_LEG_CONTRAST = 70.0


def _check(entry: Any, choices: dict[str, tuple[str, ...]], ranges: dict[str, tuple[float, float]]) -> None:
    """Validate a species entry: number, name, habitat, colours, kinds, numeric ranges, leg contrast."""
    who = f"species entry {entry.name!r}"
    if not isinstance(entry.name, str) or not entry.name.strip() or entry.name != entry.name.strip():
        raise SpecError(f"species name must be a non-empty trimmed string, got {entry.name!r}")
    if isinstance(entry.number, bool) or not isinstance(entry.number, int) or entry.number < 1:
        raise SpecError(f"{who}: number must be a positive integer (the release's NNN), got {entry.number!r}")
    if entry.habitat not in HABITATS:
        raise SpecError(f"{who}: unknown habitat {entry.habitat!r}; choose from: {', '.join(HABITATS)}")
    for field in dataclasses.fields(entry):
        value = getattr(entry, field.name)
        if field.name in choices and value not in choices[field.name]:
            raise SpecError(
                f"{who}: unknown {field.name} {value!r}; choose from: {', '.join(choices[field.name])}"
            )
        if field.name in ranges:
            low, high = ranges[field.name]
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
                raise SpecError(f"{who}: {field.name} must be a number in [{low}, {high}], got {value!r}")
        painted = field.name.endswith("colour") or field.name in COLOUR_FIELDS
        if painted and value is not None and not is_colour(value):
            raise SpecError(f"{who}: {field.name} must be a #rrggbb colour, got {value!r}")
    ground = HABITATS[entry.habitat].ground
    for colour in entry.leg_colours:
        if distance(colour, ground) < MIN_LEG_CONTRAST:
            raise SpecError(
                f"{who}: leg colour {colour} is too close to the {entry.habitat} ground {ground} "
                f"(distance {distance(colour, ground):.0f} < {MIN_LEG_CONTRAST:.0f}); "
                "choose another habitat or leg colour"
            )
    for extra in entry.extras:
        if extra not in entry.EXTRAS:
            raise SpecError(f"{who}: unknown extra {extra!r}; choose from: {', '.join(entry.EXTRAS)}")


@dataclasses.dataclass(frozen=True, kw_only=True)
class Mammal:
    """A four-legged mammal seen from the side, facing right."""

    group: ClassVar[str] = MAMMAL
    legs: ClassVar[int] = 4
    EXTRAS: ClassVar[tuple[str, ...]] = (
        "trunk", "tusks", "nose_horn", "skin_folds", "snout_disc", "boar_tusks", "warts", "dewlap",
        "beard", "throat_beard", "whiskers", "cheek_ruff", "white_rump", "udder", "face_stripe", "collar",
        "wool",
    )  # fmt: skip

    number: int  # the release's NNN (animal_NNN_name)
    name: str  # as released, e.g. "Arctic Fox"
    habitat: str  # a key of scenery.HABITATS
    coat: str  # main colour
    belly: str | None = None  # underside colour
    body_height: float = 38.0  # torso depth
    withers: float = 0.0  # shoulder height minus hip height (hyena, giraffe > 0)
    belly_drop: float = 2.0  # how far the belly hangs below the chest line
    hump: str = "none"
    hump_size: float = 0.0
    leg_length: float = 55.0  # torso bottom to ground
    leg_width: float = 7.0  # lower leg
    thigh: float = 1.9  # thigh width / lower leg width
    leg_colour: str | None = None  # default: coat
    socks: str | None = None  # colour of the lower legs, if different
    foot: str = "hoof"
    foot_colour: str = "#2e2a26"
    neck_length: float = 28.0
    neck_angle: float = 50.0  # degrees above horizontal
    neck_width: float = 22.0
    head_length: float = 30.0  # back of skull to nose tip
    head_height: float = 17.0
    head_angle: float = 35.0  # degrees the muzzle points below horizontal
    head_colour: str | None = None  # head and ears, if different from the coat
    muzzle: float = 0.55  # height of the muzzle tip / head height
    face: str | None = None  # muzzle colour, if different
    nose_colour: str = "#2b2522"
    ears: str = "pointed"
    ear_size: float = 9.0
    ear_colour: str | None = None  # inner ear / ear colour accents
    horns: str = "none"
    horn_size: float = 0.0
    horn_colour: str = "#e4d9c0"
    tail: str = "tuft"
    tail_length: float = 34.0
    tail_colour: str | None = None
    tail_tip: str | None = None
    mane: str = "none"
    mane_colour: str | None = None
    pattern: str = "plain"
    pattern_colour: str = "#222222"
    extras: tuple[str, ...] = ()

    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        "hump": ("none", "one", "two", "shoulder"),
        "foot": ("hoof", "paw", "pad", "trotter"),
        "ears": ("pointed", "tufted", "tall", "long", "round", "side", "droopy", "floppy", "fan", "small"),
        "horns": (
            "none", "antlers", "palmate", "ossicones", "lyre", "spiral", "straight", "backswept",
            "dagger", "curl", "cow", "buffalo", "crescent", "yak", "hooks", "prong", "twisted",
        ),
        "tail": ("tuft", "horse", "bushy", "long", "short", "curly", "stub", "puff", "upright", "rope"),
        "mane": ("none", "ridge", "lion", "shaggy", "crest", "fringe", "throat"),
        "pattern": (
            "plain", "spots", "rosettes", "jaguar", "stripes", "zebra", "patches", "blotches", "bands",
            "saddle", "flank_stripe", "wild_dog",
        ),
    }  # fmt: skip
    RANGES: ClassVar[dict[str, tuple[float, float]]] = {
        "body_height": (15, 70),
        "withers": (-10, 30),
        "belly_drop": (-5, 15),
        "hump_size": (0, 40),
        "leg_length": (15, 130),
        "leg_width": (2, 18),
        "thigh": (1.0, 3.0),
        "neck_length": (0, 120),
        "neck_angle": (-10, 85),
        "neck_width": (6, 60),
        "head_length": (10, 60),
        "head_height": (6, 40),
        "head_angle": (-10, 80),
        "muzzle": (0.2, 1.2),
        "ear_size": (0, 70),
        "horn_size": (0, 80),
        "tail_length": (0, 80),
    }

    def __post_init__(self) -> None:
        _check(self, self.CHOICES, self.RANGES)
        if (self.horns == "none") != (self.horn_size == 0):
            raise SpecError(
                f"species entry {self.name!r}: horns {self.horns!r} with horn_size {self.horn_size}; "
                "give a size with horns, 0 without"
            )

    @property
    def leg_colours(self) -> tuple[str, ...]:
        """Every colour a leg is painted in, below the body."""
        colours = [self.leg_colour or self.coat, self.foot_colour]
        if self.socks:
            colours.append(self.socks)
        return tuple(colours)


@dataclasses.dataclass(frozen=True, kw_only=True)
class Bird:
    """A two-legged bird seen from the side, facing right."""

    group: ClassVar[str] = BIRD
    legs: ClassVar[int] = 2
    EXTRAS: ClassVar[tuple[str, ...]] = (
        "black_thighs",
        "bare_neck",
        "eye_patch",
        "white_neck_ring",
        "breast_patch",
        "plumes",
        "knob",
    )

    number: int
    name: str
    habitat: str
    plumage: str  # body colour
    wing: str | None = None  # folded wing colour (default: plumage darkened)
    wing_tip: str | None = None  # flight feathers
    body_height: float = 46.0  # body length is 100
    tilt: float = 10.0  # degrees the body's front is raised
    neck_length: float = 40.0
    neck_width: float = 12.0
    neck_angle: float = 75.0  # degrees above horizontal at the base
    neck_shape: str = "upright"
    neck_colour: str | None = None
    head_size: float = 11.0  # radius
    head_colour: str | None = None
    beak: str = "straight"
    beak_length: float = 18.0
    beak_colour: str = "#e0a030"
    leg_length: float = 60.0
    leg_width: float = 3.8
    leg_colour: str = "#d0a040"
    tail: str = "short"
    tail_size: float = 25.0
    tail_colour: str | None = None
    crest: str = "none"
    crest_colour: str = "#c02020"
    wattle: str | None = None  # colour of a wattle under the beak
    pattern: str = "plain"
    pattern_colour: str = "#ffffff"
    extras: tuple[str, ...] = ()

    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        "neck_shape": ("upright", "s_curve", "forward", "short", "swan"),
        "beak": ("straight", "down", "up", "spoon", "hook", "flat", "cone", "heavy", "dagger"),
        "tail": ("short", "fan", "train", "plume", "sickle", "upturned", "drooping", "none"),
        "crest": ("none", "comb", "crown", "casque", "quills", "tuft", "snood"),
        "pattern": ("plain", "barred", "spotted", "scaled"),
    }
    RANGES: ClassVar[dict[str, tuple[float, float]]] = {
        "body_height": (20, 80),
        "tilt": (-30, 45),
        "neck_length": (5, 160),
        "neck_width": (4, 30),
        "neck_angle": (0, 100),
        "head_size": (5, 25),
        "beak_length": (4, 60),
        "leg_length": (15, 170),
        "leg_width": (2, 12),
        "tail_size": (0, 140),
    }

    def __post_init__(self) -> None:
        _check(self, self.CHOICES, self.RANGES)

    @property
    def leg_colours(self) -> tuple[str, ...]:
        return (self.leg_colour,)


Species = Mammal | Bird


def mammal(template: dict[str, Any], **fields: Any) -> Mammal:
    """A mammal entry: a shared template of proportions (e.g. equine), overridden by `fields`."""
    return Mammal(**{**template, **fields})


def bird(template: dict[str, Any], **fields: Any) -> Bird:
    """A bird entry: a shared template of proportions (e.g. wader), overridden by `fields`."""
    return Bird(**{**template, **fields})


def slug(name: str) -> str:
    """The name as it appears in released ids: lower case, no spaces.

    >>> slug("Arctic Fox"), slug("Secretary Bird")
    ('arcticfox', 'secretarybird')
    """
    return name.lower().replace(" ", "").replace("-", "")
