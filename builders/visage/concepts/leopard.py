"""Leopards have spots; a black panther (a melanistic leopard) shows none."""

from dataclasses import replace

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, at_least
from builders.visage.drawings import quadruped

LEOPARD = quadruped.Variant(
    body=(21.0, 8.5),
    body_y=7.0,
    leg_width=3.2,
    neck=(5.0, 30.0),
    neck_width=7.5,
    head=(6.0, 5.2),
    snout=2.6,
    ears="round",
    tail="hanging",
    coat="spots",
)

CONCEPT = Concept(
    key="leopard",
    name=Noun("leopard", "leopards"),
    drawer=quadruped.DRAWER,
    typical=LEOPARD,
    palette={
        "body": family("gold", "tan"),
        "shade": family("brown", "wood"),
        "marks": family("black", "dark_brown"),
    },
    norms=(Norm("spots", "have", "spots", measure="spots", expect=at_least(1)),),
    exceptions=(
        Subcategory(
            "black_panther",
            Noun("black panther", "black panthers", aliases=("black leopard", "panther")),
            ("spots",),
            replace(LEOPARD, coat="plain"),
            palette={"body": family("black"), "shade": family("dark_grey"), "eye": family("gold")},
        ),
    ),
)
