"""Carrots are orange; purple, white and yellow carrots are not."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, is_colour
from builders.visage.drawings import produce

CONCEPT = Concept(
    key="carrot",
    domain="plants and produce",
    name=Noun("carrot", "carrots"),
    drawer=produce.DRAWER,
    typical=produce.Variant("carrot"),
    palette={"body": family("orange")},
    norms=(Norm("orange", "be", "orange", measure="colour", expect=is_colour("orange")),),
    exceptions=(
        Subcategory(
            "purple_carrot",
            Noun("purple carrot", "purple carrots"),
            ("orange",),
            produce.Variant("carrot"),
            palette={"body": family("purple")},
            fact="Purple carrots, coloured by anthocyanins, are older than orange ones.",
            reveals=("orange",),
        ),
        Subcategory(
            "white_carrot",
            Noun("white carrot", "white carrots"),
            ("orange",),
            produce.Variant("carrot"),
            palette={"body": family("white")},
            fact="White carrots lack the carotene that makes carrots orange.",
            reveals=("orange",),
        ),
        Subcategory(
            "yellow_carrot",
            Noun("yellow carrot", "yellow carrots"),
            ("orange",),
            produce.Variant("carrot"),
            palette={"body": family("yellow")},
            fact="Yellow carrots owe their colour to xanthophylls rather than beta-carotene.",
            reveals=("orange",),
        ),
    ),
)
