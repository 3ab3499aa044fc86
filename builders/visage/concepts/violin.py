"""Violins have four strings; the five-string violin adds a low C."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, exactly
from builders.visage.drawings import guitar

CONCEPT = Concept(
    key="violin",
    domain="artefacts",
    name=Noun("violin", "violins", aliases=("fiddle",)),
    drawer=guitar.DRAWER,
    typical=guitar.Variant("violin", strings=4),
    palette={
        "body": family("wood", "maple", "brown"),
        "neck": family("black"),
        "hole": family("dark_grey"),
        "bridge": family("tan", "maple"),
    },
    norms=(Norm("four_strings", "have", "four strings", measure="strings", expect=exactly(4), min_size=768),),
    exceptions=(
        Subcategory(
            "five_string_violin",
            Noun("five-string violin", "five-string violins", aliases=("five-string fiddle",)),
            ("four_strings",),
            guitar.Variant("violin", strings=5),
            fact="A five-string violin adds a low C string to the violin's G, D, A and E.",
            reveals=("four_strings",),
        ),
    ),
    pose=PoseRange(max_rotation=25),
)
