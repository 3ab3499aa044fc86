"""Zebras have stripes; a polka-dot zebra (a melanistic foal) has spots instead."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, at_least
from builders.visage.drawings import quadruped

ZEBRA = quadruped.Variant(
    head_shape="horse",
    head=15.0,
    head_angle=48.0,
    body=(18.5, 9.0),
    body_y=2.5,
    withers=1.4,
    tuck=0.1,
    chest=0.6,
    croup=0.7,
    dip=0.9,
    leg_width=2.9,
    neck=(13.0, 56.0),
    neck_width=6.6,
    tail="hanging",
    tuft="marks",
    mane="crest",
    crest="body",
    coat="zebra",
    muzzle="marks",
)

CONCEPT = Concept(
    key="zebra",
    domain="animals",
    name=Noun("zebra", "zebras"),
    drawer=quadruped.DRAWER,
    typical=ZEBRA,
    palette={
        "body": family("white"),
        "marks": family("black"),
        "mane": family("dark_grey"),
        "dark": family("dark_brown"),
    },
    norms=(Norm("stripes", "have", "stripes", measure="stripes", expect=at_least(1)),),
    exceptions=(
        Subcategory(
            "polka_dot_zebra",
            Noun("polka-dot zebra", "polka-dot zebras", aliases=("spotted zebra",)),
            ("stripes",),
            quadruped.like(ZEBRA, coat="dots"),
            palette={
                "body": family("dark_brown"),
                "pale": family("white"),
                "mane": family("black"),
                "marks": family("brown"),
                "dark": family("dark_grey"),
            },
            fact=(
                "Pseudomelanistic plains zebras such as the foal Tira (Maasai Mara, 2019) are dark with white"
                " dots instead of stripes."
            ),
            reveals=("stripes",),
        ),
    ),
)
