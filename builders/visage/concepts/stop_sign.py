"""Stop signs are octagonal and red; Japan's are inverted triangles, the US's first ones were yellow."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, exactly, is_colour
from builders.visage.drawings import sign

CONCEPT = Concept(
    key="stop_sign",
    domain="signs",
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
            fact="Japan's stop sign (止まれ, tomare) is a red inverted triangle, not an octagon.",
        ),
        # US stop signs were yellow with black letters until 1954.
        Subcategory(
            "yellow_stop_sign",
            Noun("yellow stop sign", "yellow stop signs"),
            ("red",),
            sign.Variant(),
            palette={"plate": family("yellow"), "ink": family("black")},
            fact="US stop signs were yellow with black letters from 1924 until red became standard in 1954.",
            reveals=("red",),
        ),
    ),
    # Lettering is never mirrored.
    pose=PoseRange(max_rotation=10, flip=False),
)
