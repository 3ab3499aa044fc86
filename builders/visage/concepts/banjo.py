"""Banjos have five strings; tenor and plectrum banjos have four, the banjo guitar six."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, exactly
from builders.visage.drawings import guitar

CONCEPT = Concept(
    key="banjo",
    domain="artefacts",
    name=Noun("banjo", "banjos", aliases=("five-string banjo",)),
    drawer=guitar.DRAWER,
    typical=guitar.Variant("banjo", strings=5),
    palette={"body": family("wood", "brown", "silver"), "drum": family("white", "ivory")},
    norms=(Norm("five_strings", "have", "five strings", measure="strings", expect=exactly(5), min_size=768),),
    exceptions=(
        Subcategory(
            "tenor_banjo",
            Noun("tenor banjo", "tenor banjos"),
            ("five_strings",),
            guitar.Variant("banjo", strings=4),
            fact="The tenor banjo has four strings, tuned in fifths, and no short fifth string.",
        ),
        Subcategory(
            "plectrum_banjo",
            Noun("plectrum banjo", "plectrum banjos"),
            ("five_strings",),
            guitar.Variant("banjo", strings=4),
            fact="The plectrum banjo is a five-string banjo without the short fifth string: four strings.",
        ),
        Subcategory(
            "six_string_banjo",
            Noun("six-string banjo", "six-string banjos", aliases=("banjo guitar", "banjitar")),
            ("five_strings",),
            guitar.Variant("banjo", strings=6),
            fact="The six-string banjo (banjo guitar) has six full-length strings tuned like a guitar.",
            reveals=("five_strings",),
        ),
    ),
    pose=PoseRange(max_rotation=25),
)
