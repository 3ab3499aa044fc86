"""Dogs have four legs; tripod dogs have three."""

from dataclasses import replace

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, exactly
from builders.visage.drawings import quadruped

DOG = quadruped.Variant(
    head_shape="dog",
    head=12.5,
    head_angle=6.0,
    body=(16.5, 7.6),
    body_y=8.5,
    leg_width=3.0,
    feet="paw",
    neck=(7.0, 52.0),
    neck_width=6.4,
    tail="wagging",
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
