"""Cows have horns; Angus cows and polled Herefords are born without them."""

from dataclasses import replace

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, at_least
from builders.visage.drawings import quadruped

COW = quadruped.Variant(
    head_shape="cow",
    head=15.0,
    head_angle=30.0,
    body=(21.0, 10.5),
    body_y=3.0,
    chest=0.6,
    croup=1.4,
    dip=0.0,
    belly=2.2,
    leg_width=4.3,
    neck=(6.0, 28.0),
    neck_width=9.0,
    tail="hanging",
    tuft="dark",
    coat="cow",
    muzzle="nose",
    horns="cow",
    udder=True,
)
POLLED = quadruped.like(COW, horns="none", coat="plain")

CONCEPT = Concept(
    key="cow",
    domain="animals",
    name=Noun("cow", "cows", aliases=("cattle",)),
    drawer=quadruped.DRAWER,
    typical=COW,
    palette={
        "body": family("white"),
        "marks": family("black", "dark_brown"),
        "horn": family("ivory", "cream"),
        "nose": family("skin_pink", "pink"),
    },
    norms=(Norm("horns", "have", "horns", measure="horn", expect=at_least(1)),),
    exceptions=(
        Subcategory(
            "angus_cow",
            Noun("Angus cow", "Angus cows", aliases=("Aberdeen Angus",)),
            ("horns",),
            POLLED,
            palette={"body": family("black"), "nose": family("dark_grey")},
            fact="Aberdeen Angus cattle are naturally polled: born without horns.",
        ),
        Subcategory(
            "polled_hereford",
            Noun("polled Hereford", "polled Herefords", aliases=("Hereford",)),
            ("horns",),
            replace(POLLED, patches=(("face", "pale"), ("belly", "pale"), ("socks", "pale"))),
            palette={"body": family("brown", "wood"), "pale": family("white")},
            fact="The polled Hereford is a hornless strain of the Hereford breed.",
            reveals=("horns",),
        ),
    ),
)
