"""Giraffes have spots; spotless giraffes and white (leucistic) giraffes do not."""

from dataclasses import replace

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, at_least
from builders.visage.drawings import quadruped

GIRAFFE = quadruped.Variant(
    body=(15.0, 8.0),
    body_y=-3.0,
    leg_width=2.8,
    neck=(21.0, 68.0),
    neck_width=5.6,
    head=(4.4, 3.4),
    snout=3.6,
    ears="pointed",
    tail="tufted",
    coat="patches",
    hooves=True,
)

CONCEPT = Concept(
    key="giraffe",
    domain="animals",
    name=Noun("giraffe", "giraffes"),
    drawer=quadruped.DRAWER,
    typical=GIRAFFE,
    palette={
        "body": family("cream", "maple"),
        "shade": family("tan", "wood"),
        "marks": family("brown", "wood"),
    },
    norms=(Norm("spots", "have", "spots", measure="spots", expect=at_least(1)),),
    exceptions=(
        Subcategory(
            "spotless_giraffe",
            Noun("spotless giraffe", "spotless giraffes"),
            ("spots",),
            replace(GIRAFFE, coat="plain"),
            palette={"body": family("tan", "wood")},
            fact="A solid brown giraffe without spots was born at Brights Zoo, Tennessee, in 2023.",
            reveals=("spots",),
        ),
        Subcategory(
            "white_giraffe",
            Noun("white giraffe", "white giraffes", aliases=("leucistic giraffe",)),
            ("spots",),
            replace(GIRAFFE, coat="plain"),
            palette={"body": family("white"), "shade": family("silver")},
            fact="Leucistic giraffes in Garissa, Kenya, have white coats without the brown patches.",
        ),
    ),
)
