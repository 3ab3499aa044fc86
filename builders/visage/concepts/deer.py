"""Deer have antlers; does, fawns and Chinese water deer have none."""

from dataclasses import replace

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, at_least
from builders.visage.drawings import quadruped

STAG = quadruped.Variant(
    body=(18.0, 8.5),
    body_y=1.0,
    leg_width=2.7,
    neck=(10.0, 60.0),
    neck_width=5.6,
    head=(5.0, 3.8),
    snout=4.0,
    ears="long",
    tail="short",
    horns="antlers",
    hooves=True,
)
DOE = replace(STAG, horns="none")

CONCEPT = Concept(
    key="deer",
    domain="animals",
    name=Noun("deer", "deer", aliases=("stag", "buck")),
    drawer=quadruped.DRAWER,
    typical=STAG,
    palette={"body": family("brown", "wood", "tan"), "horn": family("cream", "ivory", "maple")},
    norms=(Norm("antlers", "have", "antlers", measure="horn", expect=at_least(1)),),
    exceptions=(
        Subcategory(
            "doe",
            Noun("doe", "does"),
            ("antlers",),
            DOE,
            fact="Among deer only the males grow antlers, except in reindeer.",
        ),
        Subcategory(
            "fawn",
            Noun("fawn", "fawns"),
            ("antlers",),
            replace(DOE, coat="dots", size=0.78, head=(5.4, 4.2)),
            palette={"marks": family("white")},
            fact="Fawns, deer in their first summer, have no antlers yet.",
        ),
        Subcategory(
            "chinese_water_deer",
            Noun("Chinese water deer", "Chinese water deer", aliases=("water deer",)),
            ("antlers",),
            replace(DOE, ears="round", neck=(8.0, 50.0)),
            fact="The Chinese water deer has no antlers; its males have long tusks instead.",
        ),
    ),
)
