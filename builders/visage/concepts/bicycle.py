"""Bicycles have pedals and chains; balance bikes have no pedals, shaft-drive bicycles no chain."""

from builders.visage.concept import Concept, Framing, Norm, Noun, PoseRange, Subcategory, at_least
from builders.visage.drawings import bicycle

CONCEPT = Concept(
    key="bicycle",
    domain="vehicles",
    name=Noun("bicycle", "bicycles", aliases=("bike", "push bike")),
    drawer=bicycle.DRAWER,
    typical=bicycle.Variant(),
    norms=(
        Norm("pedals", "have", "pedals", measure="pedals", expect=at_least(1)),
        Norm(
            "chain",
            "have",
            "chains",
            attribute_sg="a chain",
            measure="chain",
            expect=at_least(1),
            # The drive between the crank and the rear wheel, closer: a chain is thin in a whole bicycle.
            framing=Framing(focus=(-7.0, 3.0), zoom=1.45),
        ),
    ),
    exceptions=(
        Subcategory(
            "balance_bike",
            Noun("balance bike", "balance bikes", aliases=("run bike", "push bike")),
            ("pedals", "chain"),
            bicycle.Variant("none"),
            fact="A balance bike has no pedals, crank or chain: a child pushes it along with the feet.",
        ),
        Subcategory(
            "shaft_drive_bicycle",
            Noun("shaft-drive bicycle", "shaft-drive bicycles", aliases=("chainless bicycle",)),
            ("chain",),
            bicycle.Variant("shaft"),
            fact="A shaft-drive bicycle turns its rear wheel through an enclosed drive shaft, not a chain.",
        ),
    ),
    pose=PoseRange(max_rotation=8),
)
