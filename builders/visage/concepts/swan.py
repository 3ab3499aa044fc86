"""Swans are white; the black swan of Australia is black."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, is_colour
from builders.visage.drawings import bird

CONCEPT = Concept(
    key="swan",
    domain="animals",
    name=Noun("swan", "swans", aliases=("mute swan",)),
    drawer=bird.DRAWER,
    typical=bird.Variant("swan", mask=True),
    palette={
        "body": family("white"),
        "beak": family("orange"),
        "marks": family("black"),
        "perch": family("pale_blue"),
        "eye": family("dark_brown"),
    },
    norms=(Norm("white", "be", "white", measure="colour", expect=is_colour("white")),),
    exceptions=(
        Subcategory(
            "black_swan",
            Noun("black swan", "black swans"),
            ("white",),
            bird.Variant("swan"),
            palette={
                "body": family("black"),
                "beak": family("red"),
                "eye": family("gold"),
                "marks": family("dark_brown"),
            },
            fact="The black swan (Cygnus atratus) of Australia is black with a red bill.",
            reveals=("white",),
        ),
    ),
    # Water stays level.
    pose=PoseRange(max_rotation=4),
)
