"""Pencils have erasers; colored, golf and carpenter's pencils do not."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, at_least
from builders.visage.drawings import pencil

CONCEPT = Concept(
    key="pencil",
    domain="artefacts",
    name=Noun("pencil", "pencils"),
    drawer=pencil.DRAWER,
    typical=pencil.Variant(),
    palette={"body": family("yellow")},
    norms=(
        Norm("eraser", "have", "erasers", attribute_sg="an eraser", measure="eraser", expect=at_least(1)),
    ),
    exceptions=(
        Subcategory(
            "colored_pencil",
            Noun("colored pencil", "colored pencils", aliases=("coloured pencil", "crayon")),
            ("eraser",),
            pencil.Variant(eraser=False, colored_core=True),
            palette={"body": family("red", "green", "blue", "purple", "orange")},
            fact="Colored pencils are sold without erasers: colored lead does not erase well.",
        ),
        Subcategory(
            "golf_pencil",
            Noun("golf pencil", "golf pencils"),
            ("eraser",),
            pencil.Variant(length=36.0, eraser=False),
            fact="A golf pencil is a short pencil without an eraser, for scorecards.",
        ),
        Subcategory(
            "carpenters_pencil",
            Noun("carpenter's pencil", "carpenter's pencils", aliases=("carpenter pencil",)),
            ("eraser",),
            pencil.Variant(length=60.0, thickness=11.0, eraser=False, flat=True),
            palette={"body": family("red", "black", "green")},
            fact="A carpenter's pencil is flat, so it does not roll, and has no eraser.",
        ),
    ),
    pose=PoseRange(max_rotation=40, min_scale=0.9, max_scale=1.0),
)
