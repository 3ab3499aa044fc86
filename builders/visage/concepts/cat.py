"""Cats have tails and four legs; Manx and Cymric cats are tailless, tripod cats have three legs."""

from dataclasses import replace

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, at_least, exactly
from builders.visage.drawings import quadruped

CAT = quadruped.Variant(
    body=(16.0, 7.5),
    body_y=10.0,
    leg_width=2.8,
    neck=(4.0, 40.0),
    neck_width=6.0,
    head=(6.0, 5.2),
    snout=1.6,
    ears="pointed",
    tail="raised",
)

CONCEPT = Concept(
    key="cat",
    domain="animals",
    name=Noun("cat", "cats", aliases=("kitten",)),
    drawer=quadruped.DRAWER,
    typical=CAT,
    palette={"body": family("orange", "grey", "black", "white", "tan"), "eye": family("gold", "lime")},
    norms=(
        Norm("tail", "have", "tails", attribute_sg="a tail", measure="tail", expect=at_least(1)),
        Norm("four_legs", "have", "four legs", measure="legs", expect=exactly(4)),
    ),
    exceptions=(
        Subcategory(
            "manx_cat",
            Noun("Manx cat", "Manx cats"),
            ("tail",),
            replace(CAT, tail="none"),
            fact="The Manx cat's dominant tailless gene leaves the show 'rumpy' Manx without a tail.",
        ),
        Subcategory(
            "cymric_cat",
            Noun("Cymric cat", "Cymric cats"),
            ("tail",),
            replace(CAT, tail="none", body=(16.5, 8.2)),
            fact="The Cymric is the longhaired Manx and shares its taillessness.",
        ),
        Subcategory(
            "tripod_cat",
            Noun("tripod cat", "tripod cats", aliases=("three-legged cat",)),
            ("four_legs",),
            replace(CAT, legs=3),
            fact="A tripod cat has lost a leg, usually to amputation, and walks on three.",
            reveals=("four_legs",),
        ),
    ),
)
