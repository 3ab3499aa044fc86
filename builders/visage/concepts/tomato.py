"""Tomatoes are red; yellow pear tomatoes are yellow, green zebra tomatoes green."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, is_colour
from builders.visage.drawings import tomato

CONCEPT = Concept(
    key="tomato",
    domain="plants and produce",
    name=Noun("tomato", "tomatoes"),
    drawer=tomato.DRAWER,
    typical=tomato.Variant(),
    palette={"body": family("red"), "flesh": family("pink"), "gel": family("cream", "ivory")},
    norms=(Norm("red", "be", "red", measure="colour", expect=is_colour("red")),),
    exceptions=(
        Subcategory(
            "yellow_pear_tomato",
            Noun("yellow pear tomato", "yellow pear tomatoes", aliases=("yellow tomato", "pear tomato")),
            ("red",),
            tomato.Variant("pear"),
            palette={
                "body": family("yellow"),
                "stem": family("green"),
                "flesh": family("cream"),
                "gel": family("lime"),
            },
            fact="Yellow pear tomatoes are small, pear-shaped and yellow when ripe.",
            reveals=("red",),
        ),
        Subcategory(
            "green_zebra_tomato",
            Noun("green zebra tomato", "green zebra tomatoes", aliases=("green tomato", "Green Zebra")),
            ("red",),
            tomato.Variant(streaks=True),
            palette={"body": family("green"), "stripes": family("yellow"), "flesh": family("lime")},
            fact="Green Zebra tomatoes ripen green with yellow-green stripes.",
            reveals=("red",),
        ),
    ),
)
