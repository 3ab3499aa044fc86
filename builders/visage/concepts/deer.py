"""Deer have antlers; does, fawns and Chinese water deer have none."""

from dataclasses import replace

from builders.visage.colours import family
from builders.visage.concept import Concept, Framing, Norm, Noun, Subcategory, at_least
from builders.visage.drawings import quadruped

STAG = quadruped.Variant(
    head_shape="deer",
    head=13.0,
    head_angle=22.0,
    body=(16.5, 7.8),
    body_y=2.0,
    tuck=0.35,
    chest=1.2,
    croup=0.5,
    dip=0.5,
    leg_width=2.3,
    neck=(11.0, 62.0),
    neck_width=5.4,
    tail="stub",
    patches=(("belly", "pale"),),
    muzzle="pale",
    horns="antlers",
)
DOE = quadruped.like(STAG, horns="none")

CONCEPT = Concept(
    key="deer",
    domain="animals",
    name=Noun("deer", "deer", aliases=("stag", "buck")),
    drawer=quadruped.DRAWER,
    typical=STAG,
    palette={
        "body": family("brown", "wood", "tan"),
        "horn": family("cream", "ivory", "maple"),
        "pale": family("white", "cream"),
        "dark": family("coal", "dark_brown"),
    },
    norms=(
        Norm(
            "antlers",
            "have",
            "antlers",
            measure="horn",
            expect=at_least(1),
            # Head, antlers and forequarters, closer: antlers are thin in a whole deer.
            framing=Framing(focus=(8.0, -6.0), zoom=1.5),
        ),
    ),
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
            replace(DOE, coat="fawn", size=0.74, head=12.5, leg_width=2.2),
            palette={"body": family("wood", "brown")},
            fact="Fawns, deer in their first summer, have no antlers yet.",
        ),
        Subcategory(
            "chinese_water_deer",
            Noun("Chinese water deer", "Chinese water deer", aliases=("water deer",)),
            ("antlers",),
            replace(DOE, ears="round", neck=(9.0, 52.0), fangs=True),
            fact="The Chinese water deer has no antlers; its males have long tusks instead.",
        ),
    ),
)
