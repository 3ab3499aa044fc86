"""The 20 flags of the topic: the 13 counted by stars, one declarative entry each, and the list of all.

Geometry follows each flag's official construction (proportions, stripe widths,
star positions and sizes), expressed as fractions of the flag or of its canton
(see `layers.py`); the stripe flags are in `stripe_flags.py`. Adding a flag: write
one `Flag(...)` entry and list it in `FLAGS`; star flags are numbered in the order there.
"""

from __future__ import annotations

from builders.vlmbias.flags.flag import STARS, Flag
from builders.vlmbias.flags.layers import (
    Band,
    Canton,
    Crescent,
    Field,
    Polygon,
    Star,
    Stripes,
    UnionJack,
)
from builders.vlmbias.flags.layouts import Constellation, StarArc, StarCircle, StarGrid, StarLine
from builders.vlmbias.flags.stripe_flags import (
    CUBA,
    GREECE,
    LIBERIA,
    MALAYSIA,
    UNITED_STATES_STRIPES,
    URUGUAY,
    US_LAYERS,
    WHITE,
    ZIMBABWE,
)

UNION_QUARTER = Canton(None, layers=(UnionJack(),), width=0.5, height=0.5)  # the upper hoist quarter

AUSTRALIA = Flag(
    key="australia",
    title="Australia",
    country="Australia",
    aspect=2.0,
    element=STARS,
    count=6,
    layers=(
        Field("#012169"),
        Canton(None, layers=(UnionJack(red="#E4002B"),), width=0.5, height=0.5),
        Constellation(
            WHITE,
            stars=(
                Star(0.25, 0.75, 0.15, points=7, inner=4 / 9),  # Commonwealth Star
                Star(0.75, 5 / 6, 1 / 14, points=7, inner=4 / 9),  # Alpha Crucis
                Star(0.625, 0.4375, 1 / 14, points=7, inner=4 / 9),  # Beta
                Star(0.75, 1 / 6, 1 / 14, points=7, inner=4 / 9),  # Gamma
                Star(0.861111, 0.370833, 1 / 14, points=7, inner=4 / 9),  # Delta
                Star(0.8, 0.541667, 1 / 24, inner=4 / 9),  # Epsilon, five points
            ),
            added=Star(0.7, 0.541667, 1 / 24, inner=4 / 9),  # Epsilon mirrored across the fly's centre
            removed=5,
        ),
    ),
)

CAPE_VERDE = Flag(
    key="cape_verde",
    title="Cape Verde",
    country="Cape Verde",
    aspect=1.7,
    element=STARS,
    count=10,
    layers=(
        Stripes(("#003893", WHITE, "#CF2027", WHITE, "#003893"), weights=(6, 1, 1, 1, 3)),
        StarCircle("#F7D116", centre=(0.375, 0.625), radius=0.25, star_radius=0.05, number=10),
    ),
)

_CHINA_BIG = (5 / 30, 5 / 20)
CHINA = Flag(
    key="china",
    title="China",
    country="China",
    aspect=1.5,
    element=STARS,
    count=5,
    layers=(
        Field("#EE1C25"),
        Constellation(
            "#FFFF00",
            stars=(
                Star(*_CHINA_BIG, 3 / 20),
                *(
                    Star(x / 30, y / 20, 1 / 20, aim=_CHINA_BIG)
                    for x, y in ((10, 2), (12, 4), (12, 7), (10, 9))
                ),
            ),
            added=Star(8 / 30, 11 / 20, 1 / 20, aim=_CHINA_BIG),  # the small stars' arc, one step on
            removed=4,
        ),
    ),
)

COMOROS = Flag(
    key="comoros",
    title="Comoros",
    country="the Comoros",
    aspect=5 / 3,
    element=STARS,
    count=4,
    layers=(
        Stripes(("#FFC61E", WHITE, "#CE1126", "#3A75C4")),
        Polygon("#3D8E33", ((0, 0), (0.5, 0.5), (0, 1))),
        Crescent(WHITE, outer=(0.17, 0.5, 0.225), inner=(0.23, 0.5, 0.225)),
        StarLine(WHITE, start=(0.2, 0.339), end=(0.2, 0.661), star_radius=0.0416667, number=4),
    ),
)

EUROPEAN_UNION = Flag(
    key="european_union",
    title="European Union",
    country="the European Union",
    commons="Flag of Europe",  # the release's file name (`Flag of Europe-stars=13_1152.png`)
    aspect=1.5,
    element=STARS,
    count=12,
    layers=(
        Field("#003399"),
        StarCircle("#FFCC00", centre=(0.5, 0.5), radius=1 / 3, star_radius=1 / 18, number=12),
    ),
)

HONDURAS = Flag(
    key="honduras",
    title="Honduras",
    country="Honduras",
    aspect=2.0,
    element=STARS,
    count=5,
    layers=(
        Stripes(("#00BCE4", WHITE, "#00BCE4")),
        StarGrid(
            "#00BCE4",
            box=(455 / 1260, 262.5 / 630, 805 / 1260, 367.5 / 630),
            rows=(2, 1, 2),
            radius=35 / 630,
            families=("staggered", "even"),
        ),
    ),
)

MICRONESIA = Flag(
    key="micronesia",
    title="Micronesia",
    country="Micronesia",
    aspect=1.9,
    element=STARS,
    count=4,
    layers=(
        Field("#75B2DD"),
        StarCircle(WHITE, centre=(0.5, 0.5), radius=0.3, star_radius=0.1, number=4, orientation="radial"),
    ),
)

NEW_ZEALAND = Flag(
    key="new_zealand",
    title="New Zealand",
    country="New Zealand",
    aspect=2.0,
    element=STARS,
    count=4,
    layers=(
        Field("#012169"),
        UNION_QUARTER,
        Constellation(
            "#C8102E",
            stars=(
                Star(0.75, 0.2, 0.052575),  # Gamma Crucis
                Star(0.84903, 0.37217, 0.043813),  # Delta
                Star(0.63447, 0.43247, 0.052575),  # Beta
                Star(0.75, 0.8, 0.061338),  # Alpha
            ),
            added=Star(0.8, 0.56, 0.04),  # Epsilon Crucis, where Australia shows it
            removed=1,
            outline=(WHITE, 0.026993),
        ),
    ),
)

SAMOA = Flag(
    key="samoa",
    title="Samoa",
    country="Samoa",
    aspect=2.0,
    element=STARS,
    count=5,
    layers=(
        Field("#CE1126"),
        Canton(
            "#002B7F",
            width=0.5,
            height=0.5,
            layers=(
                Constellation(
                    WHITE,
                    stars=(
                        Star(0.5, 0.15847, 0.11683),
                        Star(0.34722, 0.4085, 0.11683),
                        Star(0.65625, 0.35953, 0.10953),
                        Star(0.57639, 0.57982, 0.07302),  # the small star
                        Star(0.5, 0.84019, 0.14604),
                    ),
                    added=Star(0.42361, 0.57982, 0.07302),  # the small star mirrored
                    removed=3,
                ),
            ),
        ),
    ),
)

SOLOMON_ISLANDS = Flag(
    key="solomon_islands",
    title="Solomon Islands",
    country="the Solomon Islands",
    aspect=2.0,
    element=STARS,
    count=5,
    layers=(
        Polygon("#0051BA", ((0, 0), (1, 0), (0, 1))),
        Polygon("#215B33", ((1, 0), (1, 1), (0, 1))),
        Band("#FCD116", start=(0, 1), end=(1, 0), width=0.09),
        StarGrid(
            WHITE,
            box=(0.076275, 0.130825, 0.273725, 0.469175),
            rows=(2, 1, 2),
            radius=0.1,
            families=("staggered", "even"),
        ),
    ),
)

TUVALU = Flag(
    key="tuvalu",
    title="Tuvalu",
    country="Tuvalu",
    aspect=2.0,
    element=STARS,
    count=9,
    layers=(
        Field("#009CDE"),
        UNION_QUARTER,
        Constellation(
            "#FEDD00",
            stars=tuple(
                Star(x, y, 0.083469, rotation=turn)
                for x, y, turn in (
                    (0.53778, 0.90166, 0),
                    (0.65669, 0.84086, 180),
                    (0.65669, 0.63755, 180),
                    (0.76169, 0.78947, 180),
                    (0.76169, 0.34712, 180),
                    (0.83037, 0.65008, 0),
                    (0.84994, 0.28679, 180),
                    (0.91903, 0.53593, 0),
                    (0.91903, 0.14581, 0),
                )
            ),
            added=Star(0.56667, 0.7, 0.083469),
            removed=0,
        ),
    ),
)

UNITED_STATES_STARS = Flag(
    key="united_states",
    title="United States",
    country="the United States",
    aspect=1.9,
    element=STARS,
    count=50,
    layers=US_LAYERS,
)

VENEZUELA = Flag(
    key="venezuela",
    title="Venezuela",
    country="Venezuela",
    aspect=1.5,
    element=STARS,
    count=8,
    layers=(
        Stripes(("#FFCC00", "#00247D", "#CF142B")),  # the civil flag: no arms in the canton
        StarArc(WHITE, centre=(0.5, 0.7), radius=0.3, star_radius=5 / 120, number=8, first=-70, last=70),
    ),
)

#: Every entry, stars first. Star flags are numbered in this order, as the release numbers them where it
#: shows them: adds first (`flag_stars_001` is the European Union with 13 stars), then removes, so the
#: United States, eighth, has its 49 stars at `flag_stars_021` (the project site's human-study metadata);
#: the other star flags keep alphabetical order around those two.
FLAGS: tuple[Flag, ...] = (
    EUROPEAN_UNION,
    AUSTRALIA,
    CAPE_VERDE,
    CHINA,
    COMOROS,
    HONDURAS,
    MICRONESIA,
    UNITED_STATES_STARS,
    NEW_ZEALAND,
    SAMOA,
    SOLOMON_ISLANDS,
    TUVALU,
    VENEZUELA,
    CUBA,
    GREECE,
    LIBERIA,
    MALAYSIA,
    UNITED_STATES_STRIPES,
    URUGUAY,
    ZIMBABWE,
)
