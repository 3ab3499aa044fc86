"""Sheep are white; black sheep and Soay sheep are not."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, is_colour
from builders.visage.drawings import quadruped

SHEEP = quadruped.Variant(
    body=(17.0, 9.5),
    body_y=7.0,
    leg_width=2.8,
    neck=(3.0, 30.0),
    neck_width=6.0,
    head=(5.2, 4.2),
    snout=2.6,
    ears="long",
    tail="short",
    wool=True,
    hooves=True,
)

CONCEPT = Concept(
    key="sheep",
    domain="animals",
    name=Noun("sheep", "sheep", aliases=("lamb",)),
    drawer=quadruped.DRAWER,
    typical=SHEEP,
    palette={"body": family("white"), "shade": family("black", "dark_grey")},
    norms=(Norm("white", "be", "white", measure="colour", expect=is_colour("white")),),
    exceptions=(
        Subcategory(
            "black_sheep",
            Noun("black sheep", "black sheep"),
            ("white",),
            SHEEP,
            palette={"body": family("black"), "shade": family("dark_grey", "brown")},
            fact="A recessive gene gives some sheep black wool.",
            reveals=("white",),
        ),
        Subcategory(
            "soay_sheep",
            Noun("Soay sheep", "Soay sheep"),
            ("white",),
            SHEEP,
            palette={"body": family("brown"), "shade": family("dark_brown", "black")},
            fact="Soay sheep, a primitive breed from St Kilda, are dark or light brown.",
        ),
    ),
)
