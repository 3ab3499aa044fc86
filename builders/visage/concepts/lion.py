"""Lions have manes; lionesses, maneless lions and lion cubs do not."""

from dataclasses import replace

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, at_least
from builders.visage.drawings import quadruped

LION = quadruped.Variant(
    head_shape="big_cat",
    head=13.0,
    head_angle=4.0,
    body=(19.5, 8.8),
    body_y=7.0,
    tuck=0.3,
    chest=1.4,
    croup=0.3,
    dip=0.4,
    leg_width=3.6,
    limb="cat",
    neck=(5.0, 40.0),
    neck_width=8.6,
    tail="hanging",
    tuft="dark",
    mane="lion",
    muzzle="pale",
)
MANELESS = quadruped.like(LION, mane="none")

CONCEPT = Concept(
    key="lion",
    domain="animals",
    name=Noun("lion", "lions"),
    drawer=quadruped.DRAWER,
    typical=LION,
    palette={
        "body": family("tan", "gold"),
        "mane": family("brown", "dark_brown"),
        "pale": family("cream", "ivory"),
        "dark": family("dark_brown", "coal"),
    },
    norms=(Norm("mane", "have", "manes", attribute_sg="a mane", measure="mane", expect=at_least(1)),),
    exceptions=(
        Subcategory(
            "lioness",
            Noun("lioness", "lionesses"),
            ("mane",),
            replace(MANELESS, head=12.0, body=(18.5, 8.2), neck=(6.0, 42.0)),
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
            replace(MANELESS, head=14.0, body=(15.0, 7.5), leg_width=3.4, size=0.72),
            fact="Male lions start to grow a mane at about a year old; cubs have none.",
        ),
    ),
)
