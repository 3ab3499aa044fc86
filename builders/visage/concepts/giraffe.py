"""Giraffes have spots; spotless giraffes and white (leucistic) giraffes do not."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, at_least
from builders.visage.drawings import quadruped

GIRAFFE = quadruped.Variant(
    head_shape="giraffe",
    head=9.5,
    head_angle=18.0,
    body=(13.5, 7.2),
    body_y=-4.0,
    tuck=0.25,
    chest=0.8,
    croup=-2.0,
    dip=0.6,
    withers=3.0,
    leg_width=2.9,
    neck=(24.0, 66.0),
    neck_width=4.8,
    tail="hanging",
    tuft="dark",
    mane="crest",
    coat="giraffe",
    horns="ossicones",
)

CONCEPT = Concept(
    key="giraffe",
    domain="animals",
    name=Noun("giraffe", "giraffes"),
    drawer=quadruped.DRAWER,
    typical=GIRAFFE,
    palette={
        "body": family("cream", "ivory"),
        "marks": family("wood", "brown"),
        "mane": family("brown", "dark_brown"),
        "horn": family("brown", "dark_brown"),
    },
    norms=(Norm("spots", "have", "spots", measure="spots", expect=at_least(1)),),
    exceptions=(
        Subcategory(
            "spotless_giraffe",
            Noun("spotless giraffe", "spotless giraffes"),
            ("spots",),
            quadruped.like(GIRAFFE, coat="plain"),
            palette={"body": family("wood", "tan")},
            fact="A solid brown giraffe without spots was born at Brights Zoo, Tennessee, in 2023.",
            reveals=("spots",),
        ),
        Subcategory(
            "white_giraffe",
            Noun("white giraffe", "white giraffes", aliases=("leucistic giraffe",)),
            ("spots",),
            quadruped.like(GIRAFFE, coat="plain"),
            palette={"body": family("white"), "mane": family("cream", "maple"), "horn": family("maple")},
            fact="Leucistic giraffes in Garissa, Kenya, have white coats without the brown patches.",
        ),
    ),
)
