"""Cows have horns; Angus cows and polled Herefords are born without them."""

from dataclasses import replace

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, at_least
from builders.visage.drawings import quadruped

COW = quadruped.Variant(
    body=(22.0, 11.0),
    body_y=3.0,
    leg_width=3.8,
    neck=(6.0, 30.0),
    neck_width=9.0,
    head=(6.0, 5.0),
    snout=4.0,
    ears="pointed",
    tail="tufted",
    coat="blotches",
    horns="horns",
    hooves=True,
)
POLLED = replace(COW, horns="none", coat="plain")

CONCEPT = Concept(
    key="cow",
    domain="animals",
    name=Noun("cow", "cows", aliases=("cattle",)),
    drawer=quadruped.DRAWER,
    typical=COW,
    palette={"body": family("white"), "shade": family("silver", "grey"), "marks": family("black", "brown")},
    norms=(Norm("horns", "have", "horns", measure="horn", expect=at_least(1)),),
    exceptions=(
        Subcategory(
            "angus_cow",
            Noun("Angus cow", "Angus cows", aliases=("Aberdeen Angus",)),
            ("horns",),
            POLLED,
            palette={"body": family("black"), "shade": family("dark_grey")},
            fact="Aberdeen Angus cattle are naturally polled: born without horns.",
        ),
        Subcategory(
            "polled_hereford",
            Noun("polled Hereford", "polled Herefords", aliases=("Hereford",)),
            ("horns",),
            POLLED,
            palette={"body": family("brown", "wood"), "shade": family("dark_brown")},
            fact="The polled Hereford is a hornless strain of the Hereford breed.",
            reveals=("horns",),
        ),
    ),
)
