"""The 7 flags counted by stripes, one declarative entry each, and the United States' layers (its star
flag shares them).

Geometry follows each flag's official construction, as fractions of the flag or of its canton
(see `layers.py`); `catalogue.py` lists every flag.
"""

from __future__ import annotations

from builders.vlmbias.flags.flag import STRIPES, Flag
from builders.vlmbias.flags.layers import Canton, Crescent, Cross, Polygon, Star, Stripes, Sun
from builders.vlmbias.flags.layouts import StarGrid

WHITE = "#FFFFFF"

# United States: 13 stripes; a canton over the top 7 stripes, 0.76 of the hoist long, with
# 50 stars of diameter 0.0616 hoist in 9 staggered rows (centres 1/12 and 1/10 of the canton apart).
US_LAYERS = (
    Stripes((("#B22234", WHITE) * 7)[:13]),
    Canton(
        "#3C3B6E",
        width=0.4,
        span=7,
        layers=(
            StarGrid(
                WHITE,
                box=(1 / 12, 1 / 10, 11 / 12, 9 / 10),
                rows=(6, 5, 6, 5, 6, 5, 6, 5, 6),
                radius=0.0308 * 13 / 7,
            ),
        ),
    ),
)

CUBA = Flag(
    key="cuba",
    title="Cuba",
    country="Cuba",
    aspect=2.0,
    element=STRIPES,
    count=5,
    layers=(
        Stripes(("#002A8F", WHITE, "#002A8F", WHITE, "#002A8F")),
        Polygon("#CF142B", ((0, 0), (0.433013, 0.5), (0, 1))),  # equilateral, side = hoist
        Star(0.144338, 0.5, 0.15, colour=WHITE),
    ),
)

GREECE = Flag(
    key="greece",
    title="Greece",
    country="Greece",
    aspect=1.5,
    element=STRIPES,
    count=9,
    layers=(
        Stripes((("#0D5EAF", WHITE) * 5)[:9]),
        Canton("#0D5EAF", span=5, layers=(Cross(WHITE, width=0.2),)),
    ),
)

LIBERIA = Flag(
    key="liberia",
    title="Liberia",
    country="Liberia",
    aspect=1.9,
    element=STRIPES,
    count=11,
    layers=(
        Stripes((("#BF0A30", WHITE) * 6)[:11]),
        Canton("#002868", span=5, layers=(Star(0.5, 0.5, 0.3, colour=WHITE),)),
    ),
)

MALAYSIA = Flag(
    key="malaysia",
    title="Malaysia",
    country="Malaysia",
    aspect=2.0,
    element=STRIPES,
    count=14,
    layers=(
        Stripes(("#CC0000", WHITE) * 7),
        Canton(
            "#000066",
            width=0.5,
            span=8,
            layers=(
                Crescent("#FFCC00", outer=(0.41079, 0.5, 0.375), inner=(0.45846, 0.5, 1 / 3)),
                Star(0.625, 0.5, 0.3125, points=14, inner=0.4, colour="#FFCC00"),
            ),
        ),
    ),
)

UNITED_STATES_STRIPES = Flag(
    key="united_states",
    title="United States",
    country="the United States",
    aspect=1.9,
    element=STRIPES,
    count=13,
    layers=US_LAYERS,
)

URUGUAY = Flag(
    key="uruguay",
    title="Uruguay",
    country="Uruguay",
    aspect=1.5,
    element=STRIPES,
    count=9,
    layers=(
        Stripes(((WHITE, "#0038A8") * 5)[:9]),
        Canton(WHITE, span=5, layers=(Sun(0.5, 0.5, radius=0.14, reach=0.4),)),
    ),
)

# Zimbabwe (Flag of Zimbabwe Act; the Commons construction sheet's reading of it): seven equal stripes;
# a white triangle on the hoist, its apex 2/3 hoist from the hoist, edged in black 1/42 hoist wide; a
# red five-pointed star with two inner corners on the centre line, and the gold Zimbabwe Bird over it
# (a simplified silhouette). x is a fraction of the length (twice the hoist), y of the hoist.
#: The black edge's width (1/42 hoist) measured along the axis: the apex half-angle has sine 0.6.
ZIMBABWE_FIMBRIATION = (1 / 42) / 0.6
ZIMBABWE_STAR = 0.19  # tip radius, fraction of the hoist
ZIMBABWE_BIRD = (
    (0.215, 0.62),
    (0.29, 0.62),
    (0.28, 0.595),
    (0.262, 0.595),
    (0.27, 0.545),
    (0.285, 0.47),
    (0.282, 0.41),
    (0.3, 0.395),
    (0.282, 0.385),
    (0.268, 0.37),
    (0.252, 0.378),
    (0.248, 0.4),
    (0.235, 0.44),
    (0.215, 0.5),
    (0.2, 0.56),
    (0.205, 0.575),
    (0.235, 0.56),
    (0.245, 0.595),
    (0.225, 0.595),
)  # fmt: skip  (hoist units: x from the hoist, y from the top)

ZIMBABWE = Flag(
    key="zimbabwe",
    title="Zimbabwe",
    country="Zimbabwe",
    aspect=2.0,
    element=STRIPES,
    count=7,
    layers=(
        Stripes(("#319208", "#FFD200", "#DE2010", "#000000", "#DE2010", "#FFD200", "#319208")),
        Polygon(
            "#000000",
            (
                (0, -0.75 * ZIMBABWE_FIMBRIATION),
                ((2 / 3 + ZIMBABWE_FIMBRIATION) / 2, 0.5),
                (0, 1 + 0.75 * ZIMBABWE_FIMBRIATION),
            ),
        ),
        Polygon(WHITE, ((0, 0), (1 / 3, 0.5), (0, 1))),
        Star(0.125, 0.5 - 0.309017 * 0.381966 * ZIMBABWE_STAR, ZIMBABWE_STAR, colour="#DE2010"),
        Polygon("#FFD200", tuple((x / 2, y) for x, y in ZIMBABWE_BIRD)),
    ),
)
