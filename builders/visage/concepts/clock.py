"""Clocks have hands; digital and flip clocks show the time in digits instead."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, at_least
from builders.visage.drawings import clock

CONCEPT = Concept(
    key="clock",
    name=Noun("clock", "clocks"),
    drawer=clock.DRAWER,
    typical=clock.Variant(face="analogue"),
    norms=(Norm("hands", "have", "hands", measure="hands", expect=at_least(1)),),
    exceptions=(
        Subcategory(
            "digital_clock", Noun("digital clock", "digital clocks"), ("hands",), clock.Variant("digital")
        ),
        Subcategory(
            "flip_clock",
            Noun("flip clock", "flip clocks"),
            ("hands",),
            clock.Variant("flip"),
            palette={"screen": family("dark_grey"), "digits": family("white")},
        ),
    ),
    # Mirrored digits would look wrong, so clocks are never flipped.
    pose=PoseRange(max_rotation=15, flip=False),
)
