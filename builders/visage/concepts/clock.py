"""Clocks have hands; digital and flip clocks show the time in digits instead."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, at_least
from builders.visage.drawings import clock

CONCEPT = Concept(
    key="clock",
    domain="artefacts",
    name=Noun("clock", "clocks"),
    drawer=clock.DRAWER,
    typical=clock.Variant(face="analogue"),
    norms=(Norm("hands", "have", "hands", measure="hands", expect=at_least(1)),),
    exceptions=(
        Subcategory(
            "digital_clock",
            Noun("digital clock", "digital clocks"),
            ("hands",),
            clock.Variant("digital"),
            fact="A digital clock shows the time as numerals on a display; it has no hands.",
        ),
        Subcategory(
            "flip_clock",
            Noun("flip clock", "flip clocks"),
            ("hands",),
            clock.Variant("flip"),
            palette={"screen": family("dark_grey"), "digits": family("white")},
            fact="A flip clock shows the time on flipping numbered cards; it has no hands.",
        ),
    ),
    # Mirrored digits would look wrong, so clocks are never flipped.
    pose=PoseRange(max_rotation=15, flip=False),
)
