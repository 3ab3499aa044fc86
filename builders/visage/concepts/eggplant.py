"""Eggplants are purple; white eggplants and green Thai eggplants are not."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, is_colour
from builders.visage.drawings import produce

CONCEPT = Concept(
    key="eggplant",
    domain="plants and produce",
    name=Noun("eggplant", "eggplants", aliases=("aubergine",)),
    drawer=produce.DRAWER,
    typical=produce.Variant("eggplant"),
    palette={"body": family("purple")},
    norms=(Norm("purple", "be", "purple", measure="colour", expect=is_colour("purple")),),
    exceptions=(
        Subcategory(
            "white_eggplant",
            Noun("white eggplant", "white eggplants"),
            ("purple",),
            produce.Variant("eggplant"),
            palette={"body": family("white")},
            fact="White eggplants have white skin.",
            reveals=("purple",),
        ),
        Subcategory(
            "thai_eggplant",
            Noun("Thai eggplant", "Thai eggplants"),
            ("purple",),
            produce.Variant("round_eggplant"),
            palette={"body": family("green")},
            fact="Thai eggplants are small, round and green with white streaks.",
        ),
    ),
)
