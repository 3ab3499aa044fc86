"""Hammers have claws; ball-peen hammers and sledgehammers do not."""

from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, at_least
from builders.visage.drawings import hammer

CONCEPT = Concept(
    key="hammer",
    domain="artefacts",
    name=Noun("hammer", "hammers", aliases=("claw hammer",)),
    drawer=hammer.DRAWER,
    typical=hammer.Variant(),
    norms=(Norm("claw", "have", "claws", attribute_sg="a claw", measure="claw", expect=at_least(1)),),
    exceptions=(
        Subcategory(
            "ball_peen_hammer",
            Noun("ball-peen hammer", "ball-peen hammers", aliases=("machinist's hammer",)),
            ("claw",),
            hammer.Variant("peen"),
            fact="A ball-peen hammer has a rounded peen opposite its face instead of a claw.",
        ),
        Subcategory(
            "sledgehammer",
            Noun("sledgehammer", "sledgehammers", aliases=("sledge hammer", "sledge")),
            ("claw",),
            hammer.Variant("sledge"),
            fact="A sledgehammer has a long handle and a heavy double-faced head, no claw.",
        ),
    ),
    pose=PoseRange(max_rotation=30),
)
