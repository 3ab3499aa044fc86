"""Dogs have four legs and pink tongues: tripod dogs have three legs, Chow Chows and Shar-Peis blue-black
tongues."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, exactly, is_colour
from builders.visage.drawings import quadruped

DOG = quadruped.Variant(
    head_shape="dog",
    head=14.0,
    head_angle=8.0,
    body=(16.0, 7.6),
    body_y=8.5,
    withers=1.0,
    tuck=0.45,
    chest=2.2,
    croup=0.2,
    dip=0.4,
    leg_width=3.3,
    limb="dog",
    neck=(9.0, 62.0),
    neck_width=6.4,
    tail="wagging",
    tongue=True,
)
BLUE_TONGUE = {"tongue": family("blue_black")}

CONCEPT = Concept(
    key="dog",
    domain="animals",
    name=Noun("dog", "dogs", aliases=("puppy",)),
    drawer=quadruped.DRAWER,
    typical=DOG,
    palette={
        "body": family("brown", "tan", "black", "white", "cream", "wood"),
        "tongue": family("pink"),
        "dark": family("coal", "dark_brown"),
    },
    norms=(
        Norm("four_legs", "have", "four legs", measure="legs", expect=exactly(4)),
        Norm(
            "pink_tongue",
            "have",
            "pink tongues",
            attribute_sg="a pink tongue",
            measure="tongue",
            expect=is_colour("pink"),
        ),
    ),
    exceptions=(
        Subcategory(
            "tripod_dog",
            Noun("tripod dog", "tripod dogs", aliases=("three-legged dog",)),
            ("four_legs",),
            quadruped.like(DOG, legs=3),
            fact="A tripod dog has lost a leg, usually to amputation, and walks on three.",
            reveals=("four_legs",),
        ),
        Subcategory(
            "chow_chow",
            Noun("Chow Chow", "Chow Chows", aliases=("chow",)),
            ("pink_tongue",),
            quadruped.like(DOG, fur=True, ears="round", body=(15.0, 8.2), head=12.0, tail="over"),
            palette={**BLUE_TONGUE, "body": family("wood", "tan", "cream")},
            fact="The Chow Chow breed standard asks for a blue-black tongue.",
        ),
        Subcategory(
            "shar_pei",
            Noun("Shar-Pei", "Shar-Peis", aliases=("Shar Pei", "Chinese Shar-Pei")),
            ("pink_tongue",),
            quadruped.like(DOG, ears="round", head=13.5, neck_width=7.4, wrinkles=True),
            palette={**BLUE_TONGUE, "body": family("tan", "maple", "wood")},
            fact="The Chinese Shar-Pei breed standard asks for a blue-black tongue.",
        ),
    ),
    # Drawn large: a dog's legs and tongue are its attributes, and small in a whole dog.
    pose=PoseRange(min_scale=0.9),
)
