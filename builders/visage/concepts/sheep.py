"""Sheep are white and woolly: black sheep and Soay sheep are not white, Katahdin and Barbados Blackbelly
sheep grow hair, not wool."""

from dataclasses import replace

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, at_least, is_colour
from builders.visage.drawings import quadruped

SHEEP = quadruped.Variant(
    head_shape="sheep",
    head=10.5,
    head_angle=30.0,
    body=(13.5, 7.0),
    body_y=8.0,
    dip=0.3,
    croup=0.4,
    chest=0.6,
    belly=1.2,
    leg_width=2.6,
    neck=(4.0, 40.0),
    neck_width=6.4,
    tail="short",
    wool=True,
)
HAIR = quadruped.like(SHEEP, wool=False)

CONCEPT = Concept(
    key="sheep",
    domain="animals",
    name=Noun("sheep", "sheep", aliases=("lamb", "ram", "ewe")),
    drawer=quadruped.DRAWER,
    typical=SHEEP,
    palette={"wool": family("white"), "body": family("black", "cream", "dark_brown")},
    norms=(
        Norm("white", "be", "white", measure="colour", expect=is_colour("white")),
        Norm("wool", "have", "wool", measure="wool", expect=at_least(1)),
    ),
    exceptions=(
        Subcategory(
            "black_sheep",
            Noun("black sheep", "black sheep"),
            ("white",),
            SHEEP,
            palette={"wool": family("black"), "body": family("dark_grey", "dark_brown")},
            fact="A recessive gene gives some sheep black wool.",
            reveals=("white",),
        ),
        Subcategory(
            "soay_sheep",
            Noun("Soay sheep", "Soay sheep"),
            ("white",),
            quadruped.like(SHEEP, horns="ram"),
            palette={
                "wool": family("brown"),
                "body": family("dark_brown", "black"),
                "horn": family("tan", "maple"),
            },
            fact="Soay sheep, a primitive breed from St Kilda, are dark or light brown.",
        ),
        Subcategory(
            "katahdin_sheep",
            Noun("Katahdin sheep", "Katahdin sheep", aliases=("Katahdin", "hair sheep")),
            ("wool",),
            HAIR,
            palette={"body": family("white", "tan", "cream")},
            fact="The Katahdin is a hair sheep breed: it grows hair, not wool, and sheds it each spring.",
        ),
        Subcategory(
            "barbados_blackbelly",
            Noun("Barbados Blackbelly sheep", "Barbados Blackbelly sheep", aliases=("Barbados Blackbelly",)),
            ("wool",),
            replace(HAIR, patches=(("belly", "marks"), ("legs", "marks"))),
            palette={"body": family("tan", "wood"), "marks": family("black", "dark_brown")},
            fact="The Barbados Blackbelly is a woolless hair sheep breed, tan with a black belly and legs.",
        ),
    ),
)
