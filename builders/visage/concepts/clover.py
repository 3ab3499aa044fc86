"""Clovers have three leaves; four- and five-leaf clovers are rare mutants with more."""

from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, exactly
from builders.visage.drawings import clover

CONCEPT = Concept(
    key="clover",
    domain="plants and produce",
    name=Noun("clover", "clovers", aliases=("shamrock", "clover leaf", "three-leaf clover")),
    drawer=clover.DRAWER,
    typical=clover.Variant(3),
    norms=(Norm("three_leaves", "have", "three leaves", measure="leaflets", expect=exactly(3)),),
    exceptions=(
        Subcategory(
            "four_leaf_clover",
            Noun("four-leaf clover", "four-leaf clovers"),
            ("three_leaves",),
            clover.Variant(4),
            fact="A four-leaf clover is a white clover whose leaf grows a fourth leaflet, about 1 in 5,000.",
            reveals=("three_leaves",),
        ),
        Subcategory(
            "five_leaf_clover",
            Noun("five-leaf clover", "five-leaf clovers"),
            ("three_leaves",),
            clover.Variant(5),
            fact="Five-leaf clovers, with five leaflets, are rarer mutants of white clover.",
            reveals=("three_leaves",),
        ),
    ),
    pose=PoseRange(max_rotation=20),
)
