"""Bananas are yellow; green (unripe) and red bananas are not."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, is_colour
from builders.visage.drawings import produce

CONCEPT = Concept(
    key="banana",
    domain="plants and produce",
    name=Noun("banana", "bananas"),
    drawer=produce.DRAWER,
    typical=produce.Variant("banana"),
    palette={"body": family("yellow")},
    norms=(Norm("yellow", "be", "yellow", measure="colour", expect=is_colour("yellow")),),
    exceptions=(
        Subcategory(
            "green_banana",
            Noun("green banana", "green bananas", aliases=("unripe banana",)),
            ("yellow",),
            produce.Variant("banana"),
            palette={"body": family("green")},
            fact="Bananas are green until ripening turns them yellow.",
            reveals=("yellow",),
        ),
        Subcategory(
            "red_banana",
            Noun("red banana", "red bananas"),
            ("yellow",),
            produce.Variant("banana"),
            palette={"body": family("red")},
            fact="Red bananas (Red Dacca) have red-purple skin when ripe.",
            reveals=("yellow",),
        ),
    ),
)
