"""Pretzels are knot-shaped; pretzel rods are straight."""

from builders.visage.concept import Concept, Norm, Noun, Subcategory, at_least
from builders.visage.drawings import pretzel

CONCEPT = Concept(
    key="pretzel",
    domain="food",
    name=Noun("pretzel", "pretzels", aliases=("soft pretzel", "bretzel")),
    drawer=pretzel.DRAWER,
    typical=pretzel.Variant(),
    norms=(Norm("knot_shaped", "be", "knot-shaped", measure="loops", expect=at_least(3)),),
    exceptions=(
        Subcategory(
            "pretzel_rod",
            Noun("pretzel rod", "pretzel rods", aliases=("pretzel stick",)),
            ("knot_shaped",),
            pretzel.Variant("rod"),
            fact="Pretzel rods are pretzel dough baked as straight sticks, with no knot.",
            reveals=("knot_shaped",),
        ),
    ),
)
