"""Chairs have four legs; swivel chairs and tulip chairs stand on one column, bean bag chairs on none."""

from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, exactly
from builders.visage.drawings import furniture

CONCEPT = Concept(
    key="chair",
    name=Noun("chair", "chairs"),
    drawer=furniture.CHAIR,
    typical=furniture.Variant(),
    norms=(Norm("four_legs", "have", "four legs", measure="legs", expect=exactly(4)),),
    exceptions=(
        Subcategory(
            "swivel_chair",
            Noun("swivel chair", "swivel chairs", aliases=("office chair",)),
            ("four_legs",),
            furniture.Variant("swivel"),
        ),
        Subcategory(
            "tulip_chair", Noun("tulip chair", "tulip chairs"), ("four_legs",), furniture.Variant("tulip")
        ),
        Subcategory(
            "bean_bag_chair",
            Noun("bean bag chair", "bean bag chairs", aliases=("bean bag",)),
            ("four_legs",),
            furniture.Variant("beanbag"),
        ),
    ),
    pose=PoseRange(max_rotation=6),
)
