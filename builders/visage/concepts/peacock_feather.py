"""Peacock feathers have eyespots; the sword feathers at the edge of the train do not."""

from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, at_least
from builders.visage.drawings import feather

CONCEPT = Concept(
    key="peacock_feather",
    domain="body",
    name=Noun("peacock feather", "peacock feathers", aliases=("feather", "peafowl feather")),
    drawer=feather.DRAWER,
    typical=feather.Variant(),
    norms=(
        Norm("eyespot", "have", "eyespots", attribute_sg="an eyespot", measure="eyespot", expect=at_least(1)),
    ),
    exceptions=(
        Subcategory(
            "sword_feather",
            Noun("sword feather", "sword feathers", aliases=("peacock sword feather",)),
            ("eyespot",),
            feather.Variant(eyespot=False),
            fact="Sword feathers, the outermost of a peacock's train, end in a sword-shaped vane without "
            "an eyespot.",
        ),
    ),
    pose=PoseRange(max_rotation=30),
)
