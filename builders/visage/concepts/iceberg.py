"""Icebergs are white; jade icebergs are green, blue icebergs blue."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, is_colour
from builders.visage.drawings import iceberg

CONCEPT = Concept(
    key="iceberg",
    domain="nature",
    name=Noun("iceberg", "icebergs", aliases=("berg",)),
    drawer=iceberg.DRAWER,
    typical=iceberg.Variant(),
    palette={"ice": family("white")},
    norms=(Norm("white", "be", "white", measure="colour", expect=is_colour("white")),),
    exceptions=(
        Subcategory(
            "jade_iceberg",
            Noun("jade iceberg", "jade icebergs", aliases=("green iceberg",)),
            ("white",),
            iceberg.Variant(),
            palette={"ice": family("jade")},
            fact="Jade icebergs, seen off Antarctica, are bottle green from iron-rich dust frozen into them.",
            reveals=("white",),
        ),
        Subcategory(
            "blue_iceberg",
            Noun("blue iceberg", "blue icebergs"),
            ("white",),
            iceberg.Variant(),
            palette={"ice": family("blue")},
            fact="Blue icebergs are dense glacial ice without air bubbles, which absorbs red light.",
            reveals=("white",),
        ),
    ),
    pose=PoseRange(max_rotation=4, min_scale=0.9),
)
