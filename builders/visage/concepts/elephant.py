"""Elephants have tusks; tuskless elephants, most female Asian elephants and young calves show none."""

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
    name=Noun("elephant", "elephants"),
    drawer=quadruped.DRAWER,
    typical=ELEPHANT,
    palette={"body": family("grey"), "shade": family("dark_grey", "silver")},
    norms=(Norm("tusks", "have", "tusks", measure="horn", expect=at_least(1)),),
    exceptions=(
        Subcategory(
            "tuskless_elephant", Noun("tuskless elephant", "tuskless elephants"), ("tusks",), TUSKLESS
        ),
        Subcategory(
            "female_asian_elephant",
            Noun("female Asian elephant", "female Asian elephants", aliases=("Asian elephant",)),
            ("tusks",),
            replace(TUSKLESS, ears="round", head=(8.5, 8.5)),
        ),
        Subcategory(
            "elephant_calf",
            Noun("elephant calf", "elephant calves", aliases=("baby elephant",)),
            ("tusks",),
            replace(TUSKLESS, size=0.72, head=(9.0, 9.0)),
        ),
    ),
)
