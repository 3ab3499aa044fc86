"""Tigers have stripes and are orange; white tigers are white, snow-white tigers white and stripeless."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, at_least, is_colour
from builders.visage.drawings import quadruped

TIGER = quadruped.Variant(
    head_shape="big_cat",
    head=12.5,
    head_angle=6.0,
    body=(20.0, 8.2),
    body_y=8.0,
    tuck=0.2,
    chest=1.0,
    croup=0.3,
    dip=0.3,
    leg_width=3.3,
    limb="cat",
    neck=(5.0, 35.0),
    neck_width=8.4,
    tail="long",
    ruff=True,
    coat="tiger",
    patches=(("belly", "pale"),),
    muzzle="pale",
    whiskers=True,
)
WHITE = {"body": family("white"), "pale": family("cream", "ivory")}

CONCEPT = Concept(
    key="tiger",
    domain="animals",
    name=Noun("tiger", "tigers"),
    drawer=quadruped.DRAWER,
    typical=TIGER,
    palette={
        "body": family("orange"),
        "marks": family("black"),
        "pale": family("white", "cream"),
        "nose": family("skin_pink"),
    },
    norms=(
        Norm("stripes", "have", "stripes", measure="stripes", expect=at_least(1)),
        Norm("orange", "be", "orange", measure="colour", expect=is_colour("orange")),
    ),
    exceptions=(
        Subcategory(
            "white_tiger",
            Noun("white tiger", "white tigers"),
            ("orange",),
            TIGER,
            palette=WHITE,
            fact=(
                "White tigers are Bengal tigers with a recessive pigment gene (SLC45A2) that leaves the coat "
                "white with dark stripes."
            ),
            reveals=("orange",),
        ),
        Subcategory(
            "snow_white_tiger",
            Noun("snow-white tiger", "snow-white tigers", aliases=("stripeless white tiger",)),
            ("stripes", "orange"),
            quadruped.like(TIGER, coat="plain"),
            palette=WHITE,
            fact=(
                "Snow-white tigers carry a second recessive gene that removes almost all stripes from a white"
                " coat."
            ),
            reveals=("orange",),
        ),
    ),
)
