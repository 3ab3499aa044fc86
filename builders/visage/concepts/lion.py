"""Lions have manes; lionesses, maneless lions and lion cubs do not."""

from dataclasses import replace

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, at_least
from builders.visage.drawings import quadruped

LION = quadruped.Variant(
    body=(21.0, 10.0),
    body_y=5.0,
    leg_width=3.8,
    neck=(5.0, 30.0),
    neck_width=8.5,
    head=(7.0, 6.0),
    snout=3.2,
    ears="round",
    tail="tufted",
    mane=True,
)
MANELESS = replace(LION, mane=False)

CONCEPT = Concept(
    key="lion",
    domain="animals",
    name=Noun("lion", "lions"),
    drawer=quadruped.DRAWER,
    typical=LION,
    palette={
        "body": family("tan", "gold"),
        "shade": family("brown", "wood"),
        "mane": family("brown", "dark_brown"),
    },
    norms=(Norm("mane", "have", "manes", attribute_sg="a mane", measure="mane", expect=at_least(1)),),
    exceptions=(
        Subcategory(
            "lioness",
            Noun("lioness", "lionesses"),
            ("mane",),
            replace(MANELESS, head=(6.2, 5.0)),
            fact="Only male lions grow manes.",
        ),
        Subcategory(
            "maneless_lion",
            Noun("maneless lion", "maneless lions"),
            ("mane",),
            MANELESS,
            fact="Male lions of Tsavo, Kenya, are maneless or nearly so.",
            reveals=("mane",),
        ),
        Subcategory(
            "lion_cub",
            Noun("lion cub", "lion cubs"),
            ("mane",),
            replace(MANELESS, head=(7.2, 6.2), body=(18.0, 9.0), size=0.75),
            fact="Male lions start to grow a mane at about a year old; cubs have none.",
        ),
    ),
)
