"""Elephants have tusks and are grey; tuskless elephants and female Asian elephants lack tusks."""

from dataclasses import replace

from builders.visage.colours import family
from builders.visage.concept import Concept, Framing, Norm, Noun, Subcategory, at_least, is_colour
from builders.visage.drawings import quadruped

ELEPHANT = quadruped.Variant(
    head_shape="elephant",
    head=17.0,
    head_angle=12.0,
    body=(21.0, 12.5),
    body_y=1.0,
    belly=1.0,
    chest=0.8,
    croup=0.0,
    dip=-1.2,
    withers=1.5,
    leg_width=6.0,
    limb="pillar",
    neck=(1.0, 40.0),
    neck_width=12.0,
    tail="hanging",
    tuft="dark",
    horns="tusks",
    trunk=True,
)
TUSKLESS = quadruped.like(ELEPHANT, horns="none")

CONCEPT = Concept(
    key="elephant",
    domain="animals",
    name=Noun("elephant", "elephants"),
    drawer=quadruped.DRAWER,
    typical=ELEPHANT,
    palette={"body": family("grey"), "horn": family("ivory", "cream"), "pale": family("silver", "white")},
    norms=(
        Norm(
            "tusks",
            "have",
            "tusks",
            measure="horn",
            expect=at_least(1),
            # Head, trunk and tusks, closer: tusks are a small share of a whole elephant.
            framing=Framing(focus=(18.0, 1.0), zoom=1.8),
        ),
        Norm("grey", "be", "grey", measure="colour", expect=is_colour("grey")),
    ),
    exceptions=(
        Subcategory(
            "tuskless_elephant",
            Noun("tuskless elephant", "tuskless elephants"),
            ("tusks",),
            TUSKLESS,
            fact=(
                "Tusklessness is inherited: in Mozambique's Gorongosa about half of the females born after "
                "the civil war are tuskless."
            ),
            reveals=("tusks",),
        ),
        Subcategory(
            "female_asian_elephant",
            Noun("female Asian elephant", "female Asian elephants", aliases=("Asian elephant",)),
            ("tusks",),
            replace(TUSKLESS, ears="asian", head=15.5, withers=3.0),
            fact="Female Asian elephants lack tusks or have short tushes that hardly leave the lip.",
        ),
        Subcategory(
            "white_elephant",
            Noun("white elephant", "white elephants", aliases=("albino elephant",)),
            ("grey",),
            quadruped.like(ELEPHANT, ears="asian", head=15.5, withers=3.0),
            palette={"body": family("albino"), "horn": family("ivory", "cream")},
            fact=(
                "White elephants are rare albino Asian elephants, pale pinkish white, kept as royal symbols "
                "in Thailand and Myanmar."
            ),
            reveals=("grey",),
        ),
    ),
)
