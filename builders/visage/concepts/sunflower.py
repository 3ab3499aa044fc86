"""Sunflowers are yellow; the Moulin Rouge sunflower is dark red, the Italian White creamy white."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, is_colour
from builders.visage.drawings import sunflower

CONCEPT = Concept(
    key="sunflower",
    domain="plants and produce",
    name=Noun("sunflower", "sunflowers"),
    drawer=sunflower.DRAWER,
    typical=sunflower.Variant(),
    palette={"petal": family("yellow"), "disc": family("dark_brown", "brown")},
    norms=(Norm("yellow", "be", "yellow", measure="colour", expect=is_colour("yellow")),),
    exceptions=(
        Subcategory(
            "moulin_rouge_sunflower",
            Noun("Moulin Rouge sunflower", "Moulin Rouge sunflowers", aliases=("red sunflower",)),
            ("yellow",),
            sunflower.Variant(),
            palette={"petal": family("red"), "disc": family("coal", "black"), "seeds": family("dark_brown")},
            fact="The Moulin Rouge sunflower cultivar has dark wine-red petals around a near-black disc.",
        ),
        Subcategory(
            "italian_white_sunflower",
            Noun("Italian White sunflower", "Italian White sunflowers", aliases=("white sunflower",)),
            ("yellow",),
            sunflower.Variant(),
            palette={"petal": family("white"), "back": family("cream", "ivory")},
            fact="The Italian White sunflower cultivar has creamy white petals around a dark disc.",
            reveals=("yellow",),
        ),
    ),
)
