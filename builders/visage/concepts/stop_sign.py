"""Stop signs are octagonal and red; Japan's are inverted triangles, the US's first ones were yellow."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, exactly, is_colour
from builders.visage.drawings import sign

CONCEPT = Concept(
    key="stop_sign",
    name=Noun("stop sign", "stop signs"),
    drawer=sign.DRAWER,
    typical=sign.Variant(),
    norms=(
        Norm("octagonal", "be", "octagonal", measure="sides", expect=exactly(8)),
        Norm("red", "be", "red", measure="colour", expect=is_colour("red")),
    ),
    exceptions=(
        Subcategory(
            "japanese_stop_sign",
            Noun("Japanese stop sign", "Japanese stop signs"),
            ("octagonal",),
            sign.Variant(shape="triangle"),
        ),
        # US stop signs were yellow with black letters until 1954.
        Subcategory(
            "yellow_stop_sign",
            Noun("yellow stop sign", "yellow stop signs"),
            ("red",),
            sign.Variant(),
            palette={"plate": family("yellow"), "ink": family("black")},
        ),
    ),
    # Lettering is never mirrored.
    pose=PoseRange(max_rotation=10, flip=False),
)
