"""Rainbows have seven colours; fogbows are white, monochrome rainbows red."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, exactly
from builders.visage.drawings import rainbow

CONCEPT = Concept(
    key="rainbow",
    domain="nature",
    name=Noun("rainbow", "rainbows"),
    drawer=rainbow.DRAWER,
    typical=rainbow.Variant(7),
    norms=(Norm("seven_colours", "have", "seven colours", measure="bands", expect=exactly(7)),),
    exceptions=(
        Subcategory(
            "fogbow",
            Noun("fogbow", "fogbows", aliases=("white rainbow", "cloudbow")),
            ("seven_colours",),
            rainbow.Variant(1),
            palette={"band_red": family("white", "ivory"), "cloud": family("silver", "grey")},
            fact="A fogbow, made by fog's tiny droplets, is a broad white arc with hardly any colour.",
        ),
        Subcategory(
            "monochrome_rainbow",
            Noun("monochrome rainbow", "monochrome rainbows", aliases=("red rainbow",)),
            ("seven_colours",),
            rainbow.Variant(3),
            palette={"band_orange": family("carrot_orange"), "band_yellow": family("orange")},
            fact="At sunrise or sunset, when only red light reaches the rain, the rainbow is monochrome red.",
            reveals=("seven_colours",),
        ),
    ),
    pose=PoseRange(max_rotation=6, flip=False),
)
