"""Crows are black; the hooded crow's body is grey."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, is_colour
from builders.visage.drawings import bird

CONCEPT = Concept(
    key="crow",
    domain="animals",
    name=Noun("crow", "crows", aliases=("carrion crow", "American crow", "raven")),
    drawer=bird.DRAWER,
    typical=bird.Variant("crow"),
    palette={
        "body": family("black"),
        "shade": family("navy"),
        "beak": family("dark_grey"),
        "legs": family("grey", "silver"),
        "eye": family("dark_brown"),
        "marks": family("brown"),
    },
    norms=(Norm("black", "be", "black", measure="colour", expect=is_colour("black")),),
    exceptions=(
        Subcategory(
            "hooded_crow",
            Noun("hooded crow", "hooded crows"),
            ("black",),
            bird.Variant("crow", hood=True),
            palette={"body": family("grey"), "marks": family("black")},
            fact="The hooded crow (Corvus cornix) is ash grey, with black head, throat, wings and tail.",
        ),
    ),
    pose=PoseRange(max_rotation=10),
)
