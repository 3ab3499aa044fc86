"""Goldfish are orange; the black moor, a telescope-eyed fancy goldfish, is black."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, is_colour
from builders.visage.drawings import fish

CONCEPT = Concept(
    key="goldfish",
    domain="animals",
    name=Noun("goldfish", "goldfish", aliases=("fancy goldfish", "fantail")),
    drawer=fish.DRAWER,
    typical=fish.Variant(),
    palette={"body": family("orange"), "line": family("dark_brown", "brown")},
    norms=(Norm("orange", "be", "orange", measure="colour", expect=is_colour("orange")),),
    exceptions=(
        Subcategory(
            "black_moor",
            Noun("black moor", "black moors", aliases=("black moor goldfish", "telescope goldfish")),
            ("orange",),
            fish.Variant(telescope=True),
            palette={"body": family("black"), "line": family("dark_grey"), "eye": family("silver")},
            fact="The black moor is a telescope-eyed fancy goldfish whose velvety scales are black.",
            reveals=("orange",),
        ),
    ),
)
