"""Chairs have four legs; swivel chairs and tulip chairs stand on one column, bean bag chairs on none."""

from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, exactly
from builders.visage.drawings import furniture

CONCEPT = Concept(
    key="chair",
    domain="artefacts",
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
            fact="A swivel chair turns on one central column standing on a star base of five casters.",
        ),
        Subcategory(
            "tulip_chair",
            Noun("tulip chair", "tulip chairs"),
            ("four_legs",),
            furniture.Variant("tulip"),
            fact="Saarinen's tulip chair (1957) stands on a single pedestal foot.",
        ),
        Subcategory(
            "bean_bag_chair",
            Noun("bean bag chair", "bean bag chairs", aliases=("bean bag",)),
            ("four_legs",),
            furniture.Variant("beanbag"),
            fact="A bean bag chair is a fabric bag of filling resting directly on the floor, with no legs.",
        ),
    ),
    pose=PoseRange(max_rotation=6),
)
