"""Starfish have five arms; sunflower sea stars have many more, seven-armed starfish seven."""

from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, exactly
from builders.visage.drawings import starfish

CONCEPT = Concept(
    key="starfish",
    domain="animals",
    name=Noun("starfish", "starfish", aliases=("sea star", "sea stars")),
    drawer=starfish.DRAWER,
    typical=starfish.Variant(),
    norms=(Norm("five_arms", "have", "five arms", measure="arms", expect=exactly(5)),),
    exceptions=(
        Subcategory(
            "sunflower_sea_star",
            Noun("sunflower sea star", "sunflower sea stars", aliases=("sunflower starfish",)),
            ("five_arms",),
            starfish.Variant(arms=16, disc=0.5),
            fact="The sunflower sea star has 16 to 24 arms.",
        ),
        Subcategory(
            "seven_armed_starfish",
            Noun("seven-armed starfish", "seven-armed starfish"),
            ("five_arms",),
            starfish.Variant(arms=7, disc=0.34),
            fact="Luidia ciliaris, the seven-armed starfish, has seven arms.",
            reveals=("five_arms",),
        ),
    ),
    pose=PoseRange(max_rotation=180),
)
