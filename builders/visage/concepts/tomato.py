"""Tomatoes are red; yellow pear tomatoes are yellow, green zebra tomatoes green."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, is_colour
from builders.visage.drawings import produce

CONCEPT = Concept(
    key="tomato",
    domain="plants and produce",
    name=Noun("tomato", "tomatoes"),
    drawer=produce.DRAWER,
    typical=produce.Variant("tomato"),
    palette={"body": family("red")},
    norms=(Norm("red", "be", "red", measure="colour", expect=is_colour("red")),),
    exceptions=(
        Subcategory(
            "yellow_pear_tomato",
            Noun("yellow pear tomato", "yellow pear tomatoes", aliases=("yellow tomato",)),
            ("red",),
            produce.Variant("pear_tomato"),
            palette={"body": family("yellow")},
            fact="Yellow pear tomatoes are yellow when ripe.",
            reveals=("red",),
        ),
        Subcategory(
            "green_zebra_tomato",
            Noun("green zebra tomato", "green zebra tomatoes", aliases=("green tomato",)),
            ("red",),
            produce.Variant("tomato", stripes=True),
            palette={"body": family("green")},
            fact="Green Zebra tomatoes ripen green with yellow-green stripes.",
            reveals=("red",),
        ),
    ),
)
