"""Guitars have six strings and a sound hole; basses, tenor and seven-string guitars, electrics do not."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, at_least, exactly
from builders.visage.drawings import guitar

ELECTRIC_BODY = {"body": family("red", "black", "blue", "white", "orange")}

CONCEPT = Concept(
    key="guitar",
    domain="artefacts",
    name=Noun("guitar", "guitars", aliases=("acoustic guitar",)),
    drawer=guitar.DRAWER,
    typical=guitar.Variant(),
    palette={"body": family("maple", "wood", "tan", "brown")},
    norms=(
        Norm("six_strings", "have", "six strings", measure="strings", expect=exactly(6), min_size=768),
        Norm(
            "sound_hole",
            "have",
            "sound holes",
            attribute_sg="a sound hole",
            measure="sound_hole",
            expect=at_least(1),
        ),
    ),
    exceptions=(
        Subcategory(
            "bass_guitar",
            Noun("bass guitar", "bass guitars", aliases=("bass",)),
            ("six_strings", "sound_hole"),
            guitar.Variant("bass", strings=4),
            palette=ELECTRIC_BODY,
            fact=(
                "The standard bass guitar has four strings, and the solid-body electric bass has no sound "
                "hole."
            ),
        ),
        Subcategory(
            "tenor_guitar",
            Noun("tenor guitar", "tenor guitars"),
            ("six_strings",),
            guitar.Variant(strings=4, body_scale=0.86),
            fact="The tenor guitar is a four-string guitar tuned like a tenor banjo.",
        ),
        Subcategory(
            "seven_string_guitar",
            Noun("seven-string guitar", "seven-string guitars"),
            ("six_strings",),
            guitar.Variant(strings=7),
            fact="A seven-string guitar adds a seventh string, usually a low B, to the six.",
            reveals=("six_strings",),
        ),
        Subcategory(
            "electric_guitar",
            Noun("electric guitar", "electric guitars"),
            ("sound_hole",),
            guitar.Variant("electric"),
            palette=ELECTRIC_BODY,
            fact="A solid-body electric guitar picks up the strings electrically and has no sound hole.",
        ),
    ),
    pose=PoseRange(max_rotation=25),
)
