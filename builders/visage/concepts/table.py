"""Tables have four legs; pedestal tables stand on one column, tripod tables on three feet."""

from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, exactly
from builders.visage.drawings import furniture

CONCEPT = Concept(
    key="table",
    domain="artefacts",
    name=Noun("table", "tables"),
    drawer=furniture.TABLE,
    typical=furniture.Variant(),
    norms=(Norm("four_legs", "have", "four legs", measure="legs", expect=exactly(4)),),
    exceptions=(
        Subcategory(
            "pedestal_table",
            Noun("pedestal table", "pedestal tables"),
            ("four_legs",),
            furniture.Variant("pedestal"),
            fact="A pedestal table stands on one central column.",
        ),
        Subcategory(
            "tripod_table",
            Noun("tripod table", "tripod tables"),
            ("four_legs",),
            furniture.Variant("tripod"),
            fact="A tripod table stands on three legs.",
            reveals=("four_legs",),
        ),
    ),
    pose=PoseRange(max_rotation=5),
)
