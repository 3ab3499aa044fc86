"""Snowmen are made of three snowballs and have stick arms; Japanese snowmen have two balls, no arms."""

from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, at_least, exactly
from builders.visage.drawings import snowman

CONCEPT = Concept(
    key="snowman",
    domain="artefacts",
    name=Noun("snowman", "snowmen"),
    drawer=snowman.DRAWER,
    typical=snowman.Variant(),
    norms=(
        Norm("three_snowballs", "be", "made of three snowballs", measure="balls", expect=exactly(3)),
        Norm("arms", "have", "arms", measure="arms", expect=at_least(1)),
    ),
    exceptions=(
        Subcategory(
            "japanese_snowman",
            Noun("Japanese snowman", "Japanese snowmen", aliases=("yukidaruma",)),
            ("three_snowballs", "arms"),
            snowman.Variant(balls=2, arms=False),
            fact=(
                "The Japanese yukidaruma is built of two snowballs, after the limbless Daruma doll, and has "
                "no arms."
            ),
        ),
    ),
    # Snowmen stand upright: the ball count is read row by row.
    pose=PoseRange(max_rotation=0),
)
