"""Named colour families: every colour a drawing uses is one hex of one family.

A colour norm ("bananas are yellow") is true of an image when the body's hex
belongs to the family of that name, so the truth of a colour norm is read from
the spec, and a pixel audit can check it with its own hue classifier. Families
that no norm names (wood, metal, skin tones) only give drawings realistic hues.
"""

from __future__ import annotations

import functools
import math

#: family name -> hex colours, each hex in exactly one family.
FAMILIES: dict[str, tuple[str, ...]] = {
    "red": ("#c62828", "#d32f2f", "#b71c1c", "#e53935"),
    "orange": ("#ef6c00", "#f57c00", "#fb8c00", "#e8590c"),
    "yellow": ("#fdd835", "#fbc02d", "#ffe033", "#f9d71c"),
    "green": ("#43a047", "#2e7d32", "#7cb342", "#558b2f"),
    "blue": ("#1e5fb4", "#1565c0", "#2f6fd0", "#0d47a1"),
    "pale_blue": ("#7fbcd2", "#8cc4d4"),
    "purple": ("#6a1b9a", "#7b1fa2", "#5e2a84", "#4a148c"),
    "pink": ("#f48fb1", "#f0a0b8", "#ee8fb2"),
    "white": ("#fafafa", "#f6f3ea", "#fdfcf7"),
    "black": ("#151515", "#1f1f1f", "#262626"),
    "grey": ("#8f9ea2", "#9aa5a8", "#8a9598"),
    "dark_grey": ("#4a4f55", "#555a60", "#3f444a"),
    "silver": ("#c9ccd1", "#d3d6da", "#bfc3c8"),
    "gold": ("#c9a227", "#d4af37"),
    "brown": ("#6d4c30", "#7b5234", "#5d3f28"),
    "dark_brown": ("#3e2a1c", "#452f1f", "#33241a"),
    "tan": ("#c8a46e", "#d2ae78", "#bf9a62"),
    "wood": ("#a8713f", "#b07a44", "#9c6a3a"),
    "maple": ("#e2bd84", "#dcb47a"),
    "cream": ("#efe3c2", "#f0dfb8", "#ece0bd"),
    "ivory": ("#f3ead2", "#efe6cc"),
    "navy": ("#1c2a5e", "#22306b"),
    "teal": ("#1f8a8a", "#20807f"),
    "lime": ("#c0d84a", "#b8d040"),
    "lcd": ("#b8c7a2", "#c2cfac"),
    "amber_on": ("#ffb300",),
    "amber_off": ("#6b5214",),
    "red_on": ("#ff3d2e",),
    "red_off": ("#5e1a15",),
    "green_on": ("#1de27a",),
    "green_off": ("#17472e",),
    "coal": ("#202020",),
    "carrot_orange": ("#f26b1d",),
    "skin_pink": ("#e9b7a5", "#e5ad9a"),
    # An albino's pinkish white: white to the eye and to a colour norm.
    "albino": ("#f1e2dc", "#ecdcd6"),
    # A US school zone sign's fluorescent yellow-green: green to a colour norm.
    "yellow_green": ("#b5e61d", "#a8e02a"),
    # A Chow Chow's tongue.
    "blue_black": ("#262a4a", "#2b2f52"),
    # A jade iceberg's bottle green: green to a colour norm.
    "jade": ("#3f9f72", "#47a57c"),
}

#: Scene backgrounds: mid-light tints. None is near any family hex, so a pixel of the object is
#: never mistaken for the background; the object's silhouette colours are kept well away from
#: the background chosen for it (`style.sample_background`).
BACKGROUNDS: tuple[str, ...] = (
    "#b9d7ea",
    "#c3e2c4",
    "#e3cfa6",
    "#cfc4e6",
    "#a7b8cc",
    "#ddc8b4",
    "#a9cfc9",
    "#e6d98f",
)

#: Floors under a `floor` background.
FLOORS: tuple[str, ...] = ("#8d7a63", "#9a8c7a", "#7f8a79", "#a08467")

#: Colours drawn in one image differ by at least this RGB distance, so every pixel can be
#: traced back to the role that drew it (anti-aliased edges lie between two such colours).
MIN_DISTANCE = 32.0

#: Families that are a shade of a basic colour a norm may name.
SHADE_OF = {
    "pale_blue": "blue",
    "carrot_orange": "orange",
    "coal": "black",
    "albino": "white",
    "blue_black": "blue",
    "yellow_green": "green",
    "jade": "green",
}

_FAMILY_OF = {hex_: name for name, hexes in FAMILIES.items() for hex_ in hexes}


def family(*names: str) -> tuple[str, ...]:
    """The hexes of the named families, in order.

    >>> family("red", "black")[:2]
    ('#c62828', '#d32f2f')
    """
    return tuple(hex_ for name in names for hex_ in FAMILIES[name])


def family_of(hex_: str) -> str:
    """The family a hex belongs to.

    >>> family_of("#fdd835")
    'yellow'
    """
    return _FAMILY_OF[hex_]


def colour_of(hex_: str) -> str:
    """The basic colour a hex shows, as a colour norm names it.

    >>> colour_of("#7fbcd2"), colour_of("#fdd835")
    ('blue', 'yellow')
    """
    name = family_of(hex_)
    return SHADE_OF.get(name, name)


@functools.cache
def rgb(hex_: str) -> tuple[int, int, int]:
    """`#rrggbb` as integers.

    >>> rgb("#ff8000")
    (255, 128, 0)
    """
    return int(hex_[1:3], 16), int(hex_[3:5], 16), int(hex_[5:7], 16)


@functools.cache
def distance(a: str, b: str) -> float:
    """Euclidean RGB distance between two hexes.

    >>> distance("#000000", "#000020")
    32.0
    """
    return math.dist(rgb(a), rgb(b))


def mix(a: str, b: str) -> str:
    """The midpoint of two hexes (the middle of a gradient between them).

    >>> mix("#000000", "#ffffff")
    '#808080'
    """
    return "#" + "".join(f"{round((x + y) / 2):02x}" for x, y in zip(rgb(a), rgb(b), strict=True))
