"""Apples are red; Granny Smith apples are green, Golden Delicious apples yellow."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, is_colour
from builders.visage.drawings import produce

CONCEPT = Concept(
    key="apple",
    domain="plants and produce",
    name=Noun("apple", "apples"),
    drawer=produce.DRAWER,
    typical=produce.Variant("apple"),
    palette={"body": family("red")},
    norms=(Norm("red", "be", "red", measure="colour", expect=is_colour("red")),),
    exceptions=(
        Subcategory(
            "granny_smith_apple",
            Noun("Granny Smith apple", "Granny Smith apples", aliases=("green apple",)),
            ("red",),
            produce.Variant("apple"),
            palette={"body": family("green")},
            fact="Granny Smith apples stay green when ripe.",
        ),
        Subcategory(
            "golden_delicious_apple",
            Noun("Golden Delicious apple", "Golden Delicious apples", aliases=("yellow apple",)),
            ("red",),
            produce.Variant("apple"),
            palette={"body": family("yellow")},
            fact="Golden Delicious apples are yellow when ripe.",
            reveals=("red",),
        ),
    ),
)
