"""Pumpkins are orange; white pumpkins and grey-blue Jarrahdale pumpkins are not."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, is_colour
from builders.visage.drawings import produce

CONCEPT = Concept(
    key="pumpkin",
    domain="plants and produce",
    name=Noun("pumpkin", "pumpkins"),
    drawer=produce.DRAWER,
    typical=produce.Variant("pumpkin"),
    palette={"body": family("orange")},
    norms=(Norm("orange", "be", "orange", measure="colour", expect=is_colour("orange")),),
    exceptions=(
        Subcategory(
            "white_pumpkin",
            Noun("white pumpkin", "white pumpkins"),
            ("orange",),
            produce.Variant("pumpkin"),
            palette={"body": family("white")},
            fact="White pumpkins such as Lumina have white skin.",
            reveals=("orange",),
        ),
        Subcategory(
            "jarrahdale_pumpkin",
            Noun("Jarrahdale pumpkin", "Jarrahdale pumpkins", aliases=("blue pumpkin",)),
            ("orange",),
            produce.Variant("pumpkin"),
            palette={"body": family("grey")},
            fact="The Jarrahdale pumpkin has blue-grey skin.",
        ),
    ),
)
