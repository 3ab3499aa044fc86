"""Cacti have spines; the star cactus and the peyote have none."""

from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, at_least
from builders.visage.drawings import cactus

CONCEPT = Concept(
    key="cactus",
    domain="plants and produce",
    name=Noun("cactus", "cacti", aliases=("cactuses", "saguaro")),
    drawer=cactus.DRAWER,
    typical=cactus.Variant(),
    norms=(Norm("spines", "have", "spines", measure="spines", expect=at_least(1)),),
    exceptions=(
        Subcategory(
            "star_cactus",
            Noun("star cactus", "star cacti", aliases=("sea urchin cactus", "Astrophytum asterias")),
            ("spines",),
            cactus.Variant("star"),
            fact="The star cactus (Astrophytum asterias) is spineless: its areoles bear only white felt.",
        ),
        Subcategory(
            "peyote",
            Noun("peyote", "peyotes", aliases=("peyote cactus",)),
            ("spines",),
            cactus.Variant("peyote"),
            fact="Peyote (Lophophora williamsii) is a spineless cactus with tufts of woolly hair.",
        ),
    ),
    pose=PoseRange(max_rotation=6),
)
