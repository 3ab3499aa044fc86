"""Eggplants are purple; white eggplants are white, Thai eggplants green."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, is_colour
from builders.visage.drawings import eggplant

CONCEPT = Concept(
    key="eggplant",
    domain="plants and produce",
    name=Noun("eggplant", "eggplants", aliases=("aubergine", "brinjal")),
    drawer=eggplant.DRAWER,
    typical=eggplant.Variant(),
    palette={"body": family("purple"), "leaf": family("green")},
    norms=(Norm("purple", "be", "purple", measure="colour", expect=is_colour("purple")),),
    exceptions=(
        Subcategory(
            "white_eggplant",
            Noun("white eggplant", "white eggplants"),
            ("purple",),
            eggplant.Variant(),
            palette={"body": family("white")},
            fact="White eggplants, such as Casper and Ghost, have white skin.",
            reveals=("purple",),
        ),
        Subcategory(
            "thai_eggplant",
            Noun("Thai eggplant", "Thai eggplants", aliases=("green eggplant",)),
            ("purple",),
            eggplant.Variant("thai"),
            palette={
                "body": ("#7cb342", "#43a047"),
                "leaf": ("#2e7d32", "#558b2f"),
                "stripes": family("cream", "ivory"),
            },
            fact="Thai eggplants are small, round and green with cream streaks.",
        ),
    ),
)
