"""Cats have tails, long tails and four legs: Manx and Cymric cats are tailless, pixie-bobs and Japanese
Bobtails short-tailed, tripod cats three-legged."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, at_least, exactly
from builders.visage.drawings import quadruped

CAT = quadruped.Variant(
    head_shape="cat",
    head=12.0,
    head_angle=4.0,
    body=(14.0, 6.6),
    body_y=11.5,
    tuck=0.3,
    chest=0.6,
    croup=0.9,
    dip=0.3,
    leg_width=2.9,
    limb="cat",
    neck=(9.0, 72.0),
    neck_width=5.6,
    tail="raised",
    whiskers=True,
    muzzle="pale",
)

CONCEPT = Concept(
    key="cat",
    domain="animals",
    name=Noun("cat", "cats", aliases=("kitten",)),
    drawer=quadruped.DRAWER,
    typical=CAT,
    palette={
        "body": family("orange", "grey", "black", "tan"),
        "pale": family("white", "cream"),
        "eye": family("gold", "lime"),
        "nose": family("skin_pink", "pink"),
    },
    norms=(
        Norm("tail", "have", "tails", attribute_sg="a tail", measure="tail", expect=at_least(1)),
        Norm(
            "long_tail",
            "have",
            "long tails",
            attribute_sg="a long tail",
            measure="long_tail",
            expect=at_least(1),
        ),
        Norm("four_legs", "have", "four legs", measure="legs", expect=exactly(4)),
    ),
    exceptions=(
        Subcategory(
            "manx_cat",
            Noun("Manx cat", "Manx cats"),
            ("tail",),
            quadruped.like(CAT, tail="none", croup=2.6),
            fact="The Manx cat's dominant tailless gene leaves the show 'rumpy' Manx without a tail.",
        ),
        Subcategory(
            "cymric_cat",
            Noun("Cymric cat", "Cymric cats", aliases=("longhaired Manx",)),
            ("tail",),
            quadruped.like(CAT, tail="none", croup=2.6, fur=True),
            fact="The Cymric is the longhaired Manx and shares its taillessness.",
        ),
        Subcategory(
            "pixie_bob",
            Noun("pixie-bob", "pixie-bobs", aliases=("pixie-bob cat",)),
            ("long_tail",),
            quadruped.like(CAT, tail="bob", coat="spots"),
            palette={"body": family("tan"), "marks": family("brown", "dark_brown")},
            fact="The pixie-bob breed standard asks for a short tail, 2 to 4 inches long.",
        ),
        Subcategory(
            "japanese_bobtail",
            Noun("Japanese Bobtail", "Japanese Bobtails", aliases=("Japanese Bobtail cat",)),
            ("long_tail",),
            quadruped.like(CAT, tail="bob", coat="cow"),
            palette={"body": family("white"), "pale": family("cream"), "marks": family("black", "orange")},
            fact="A recessive gene gives the Japanese Bobtail a short kinked tail, about 3 inches long.",
        ),
        Subcategory(
            "tripod_cat",
            Noun("tripod cat", "tripod cats", aliases=("three-legged cat",)),
            ("four_legs",),
            quadruped.like(CAT, legs=3),
            fact="A tripod cat has lost a leg, usually to amputation, and walks on three.",
            reveals=("four_legs",),
        ),
    ),
    # Drawn large: a cat's tail and legs are its attributes, and small in a whole cat.
    pose=PoseRange(min_scale=0.9),
)
