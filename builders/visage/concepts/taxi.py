"""Taxis are yellow; London's black cabs are black."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, is_colour
from builders.visage.drawings import car

CONCEPT = Concept(
    key="taxi",
    domain="vehicles",
    name=Noun("taxi", "taxis", aliases=("taxicab", "cab", "yellow cab")),
    drawer=car.DRAWER,
    typical=car.Variant(),
    palette={"body": family("yellow"), "sign": family("white", "cream")},
    norms=(Norm("yellow", "be", "yellow", measure="colour", expect=is_colour("yellow")),),
    exceptions=(
        Subcategory(
            "black_cab",
            Noun("black cab", "black cabs", aliases=("London taxi", "hackney carriage", "London black cab")),
            ("yellow",),
            car.Variant("hackney"),
            palette={
                "body": family("black"),
                "sign": family("amber_on", "yellow"),
                "ink": family("dark_brown"),
                "tyre": family("dark_grey"),
                "trim": family("grey", "silver"),
            },
            fact="London's licensed taxis, hackney carriages, are the famous black cabs.",
            reveals=("yellow",),
        ),
    ),
    # Lettering is never mirrored.
    pose=PoseRange(max_rotation=6, flip=False),
)
