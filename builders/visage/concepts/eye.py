"""Eyes have round pupils; a goat's pupil is a horizontal bar, a cuttlefish's W-shaped."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, at_least
from builders.visage.drawings import eye

CONCEPT = Concept(
    key="eye",
    domain="body",
    name=Noun("eye", "eyes", aliases=("human eye",)),
    drawer=eye.DRAWER,
    typical=eye.Variant(),
    palette={"skin": family("skin_pink", "tan", "maple", "wood"), "iris": family("blue", "green", "brown")},
    norms=(
        Norm(
            "round_pupils",
            "have",
            "round pupils",
            attribute_sg="a round pupil",
            measure="round_pupil",
            expect=at_least(1),
        ),
    ),
    exceptions=(
        Subcategory(
            "goat_eye",
            Noun("goat eye", "goat eyes", aliases=("goat's eye", "eye of a goat")),
            ("round_pupils",),
            eye.Variant("goat"),
            palette={"skin": family("grey", "brown", "tan"), "iris": family("gold")},
            fact="Goats' pupils are horizontal rectangular slits.",
        ),
        Subcategory(
            "cuttlefish_eye",
            Noun("cuttlefish eye", "cuttlefish eyes", aliases=("cuttlefish's eye", "eye of a cuttlefish")),
            ("round_pupils",),
            eye.Variant("cuttlefish"),
            palette={"skin": family("tan", "maple", "brown"), "iris": family("silver")},
            fact="The cuttlefish's pupil is W-shaped.",
        ),
    ),
    pose=PoseRange(max_rotation=8, min_scale=0.85),
)
