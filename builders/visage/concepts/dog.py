"""Dogs have four legs; tripod dogs have three."""

from dataclasses import replace

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, exactly
from builders.visage.drawings import quadruped

DOG = quadruped.Variant(
    body=(18.0, 8.5),
    body_y=6.0,
    leg_width=3.2,
    neck=(7.0, 45.0),
    neck_width=6.5,
    head=(6.0, 4.8),
    snout=4.8,
    ears="long",
    tail="raised",
)

CONCEPT = Concept(
    key="dog",
    domain="animals",
    name=Noun("dog", "dogs", aliases=("puppy",)),
    drawer=quadruped.DRAWER,
    typical=DOG,
    palette={"body": family("brown", "tan", "black", "white", "cream", "wood")},
    norms=(Norm("four_legs", "have", "four legs", measure="legs", expect=exactly(4)),),
    exceptions=(
        Subcategory(
            "tripod_dog",
            Noun("tripod dog", "tripod dogs", aliases=("three-legged dog",)),
            ("four_legs",),
            replace(DOG, legs=3),
            fact="A tripod dog has lost a leg, usually to amputation, and walks on three.",
            reveals=("four_legs",),
        ),
    ),
)
