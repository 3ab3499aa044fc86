"""Peacocks have long tail feathers and are blue; peahens have no train, white peacocks are white."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, at_least, is_colour
from builders.visage.drawings import bird

CONCEPT = Concept(
    key="peacock",
    domain="animals",
    name=Noun("peacock", "peacocks", aliases=("peafowl", "Indian peafowl")),
    drawer=bird.DRAWER,
    typical=bird.Variant("peacock", train=True),
    palette={
        "body": family("blue"),
        "shade": family("tan", "maple"),
        "beak": family("dark_grey", "grey"),
        "legs": family("grey", "dark_grey"),
        "train": family("green", "teal"),
    },
    norms=(
        Norm("long_tail", "have", "long tail feathers", measure="train", expect=at_least(1)),
        Norm("blue", "be", "blue", measure="colour", expect=is_colour("blue")),
    ),
    exceptions=(
        Subcategory(
            "peahen",
            Noun("peahen", "peahens"),
            ("long_tail",),
            bird.Variant("peacock"),
            palette={"body": family("brown"), "shade": family("tan")},
            fact="Only the male peafowl grows the long train; the peahen's tail is short and brown.",
        ),
        Subcategory(
            "white_peacock",
            Noun("white peacock", "white peacocks", aliases=("white peafowl",)),
            ("blue",),
            bird.Variant("peacock", train=True, eyespots=False),
            palette={"body": family("white"), "shade": family("silver"), "train": family("ivory", "cream")},
            fact="White peacocks are leucistic Indian peafowl, white all over, train included.",
            reveals=("blue",),
        ),
    ),
    pose=PoseRange(max_rotation=6),
)
