"""Tomatoes are red; yellow pear tomatoes are yellow, green zebra tomatoes green."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, is_colour
from builders.visage.drawings import produce

CONCEPT = Concept(
    key="tomato",
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
        ),
        Subcategory(
            "green_zebra_tomato",
            Noun("green zebra tomato", "green zebra tomatoes", aliases=("green tomato",)),
            ("red",),
            produce.Variant("tomato", stripes=True),
            palette={"body": family("green")},
        ),
    ),
)
