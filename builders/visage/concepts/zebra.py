"""Zebras have stripes; a polka-dot zebra (a melanistic foal) has spots instead."""

from dataclasses import replace

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, at_least
from builders.visage.drawings import quadruped

ZEBRA = quadruped.Variant(
    body=(20.0, 10.0),
    body_y=3.0,
    leg_width=3.2,
    neck=(10.0, 55.0),
    neck_width=7.0,
    head=(5.5, 4.4),
    snout=6.0,
    ears="pointed",
    tail="tufted",
    coat="stripes",
    hooves=True,
)

CONCEPT = Concept(
    key="zebra",
    domain="animals",
    name=Noun("zebra", "zebras"),
    drawer=quadruped.DRAWER,
    typical=ZEBRA,
    palette={"body": family("white"), "shade": family("silver", "grey"), "marks": family("black")},
    norms=(Norm("stripes", "have", "stripes", measure="stripes", expect=at_least(1)),),
    exceptions=(
        Subcategory(
            "polka_dot_zebra",
            Noun("polka-dot zebra", "polka-dot zebras", aliases=("spotted zebra",)),
            ("stripes",),
            replace(ZEBRA, coat="dots"),
            palette={"body": family("dark_brown"), "shade": family("black"), "marks": family("white")},
            fact=(
                "Pseudomelanistic plains zebras such as the foal Tira (Maasai Mara, 2019) are dark with white"
                " dots instead of stripes."
            ),
            reveals=("stripes",),
        ),
    ),
)
