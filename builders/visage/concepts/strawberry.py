"""Strawberries are red; pineberries are white, Yellow Wonder strawberries yellow."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, is_colour
from builders.visage.drawings import produce

CONCEPT = Concept(
    key="strawberry",
    domain="plants and produce",
    name=Noun("strawberry", "strawberries"),
    drawer=produce.DRAWER,
    typical=produce.Variant("strawberry"),
    palette={"body": family("red")},
    norms=(Norm("red", "be", "red", measure="colour", expect=is_colour("red")),),
    exceptions=(
        Subcategory(
            "pineberry",
            Noun("pineberry", "pineberries", aliases=("white strawberry",)),
            ("red",),
            produce.Variant("strawberry"),
            palette={"body": family("white"), "seeds": family("red")},
            fact="Pineberries are white strawberries with red seeds.",
        ),
        Subcategory(
            "yellow_wonder_strawberry",
            Noun("Yellow Wonder strawberry", "Yellow Wonder strawberries", aliases=("yellow strawberry",)),
            ("red",),
            produce.Variant("strawberry"),
            palette={"body": family("yellow"), "seeds": family("tan")},
            fact="Yellow Wonder is an alpine strawberry whose ripe fruit is pale yellow.",
            reveals=("red",),
        ),
    ),
)
