"""Elephants have tusks and are grey; tuskless elephants and female Asian elephants lack tusks."""

from dataclasses import replace

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, at_least
from builders.visage.drawings import quadruped

ELEPHANT = quadruped.Variant(
    body=(22.0, 13.0),
    body_y=2.0,
    leg_width=6.0,
    neck=(0.0, 0.0),
    head=(8.0, 8.0),
    snout=0.0,
    ears="big",
    tail="hanging",
    horns="tusks",
    trunk=True,
)
TUSKLESS = replace(ELEPHANT, horns="none")

CONCEPT = Concept(
    key="elephant",
    domain="animals",
    name=Noun("elephant", "elephants"),
    drawer=quadruped.DRAWER,
    typical=ELEPHANT,
    palette={"body": family("grey"), "shade": family("dark_grey", "silver")},
    norms=(Norm("tusks", "have", "tusks", measure="horn", expect=at_least(1)),),
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
            replace(TUSKLESS, ears="round", head=(8.5, 8.5)),
            fact="Female Asian elephants lack tusks or have short tushes that hardly leave the lip.",
        ),
    ),
)
