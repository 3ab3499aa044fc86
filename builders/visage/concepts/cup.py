"""Cups have handles; paper cups and Japanese yunomi have none."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, at_least
from builders.visage.drawings import cup

CONCEPT = Concept(
    key="cup",
    domain="artefacts",
    name=Noun("cup", "cups", aliases=("teacup", "coffee cup", "mug")),
    drawer=cup.DRAWER,
    typical=cup.Variant(),
    norms=(Norm("handle", "have", "handles", attribute_sg="a handle", measure="handle", expect=at_least(1)),),
    exceptions=(
        Subcategory(
            "paper_cup",
            Noun("paper cup", "paper cups", aliases=("disposable cup",)),
            ("handle",),
            cup.Variant("paper"),
            palette={"body": family("white", "cream"), "band": family("brown", "red", "green", "navy")},
            fact="A paper cup is a tapered paper tumbler without a handle.",
        ),
        Subcategory(
            "yunomi",
            Noun("yunomi", "yunomi", aliases=("Japanese teacup", "yunomi cup")),
            ("handle",),
            cup.Variant("yunomi"),
            palette={
                "body": family("lcd", "grey", "teal", "tan"),
                "band": family("dark_brown", "navy", "brown"),
            },
            fact="The yunomi, Japan's everyday teacup, is a tall cup without a handle.",
        ),
    ),
    pose=PoseRange(max_rotation=8),
)
