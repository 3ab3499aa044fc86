"""Cauliflowers are white; Cheddar cauliflowers are orange, Graffiti cauliflowers purple."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, is_colour
from builders.visage.drawings import cauliflower

CONCEPT = Concept(
    key="cauliflower",
    domain="plants and produce",
    name=Noun("cauliflower", "cauliflowers"),
    drawer=cauliflower.DRAWER,
    typical=cauliflower.Variant(),
    palette={"curd": family("white")},
    norms=(Norm("white", "be", "white", measure="colour", expect=is_colour("white")),),
    exceptions=(
        Subcategory(
            "cheddar_cauliflower",
            Noun("Cheddar cauliflower", "Cheddar cauliflowers", aliases=("orange cauliflower",)),
            ("white",),
            cauliflower.Variant(),
            palette={"curd": family("orange")},
            fact="The Cheddar cauliflower is an orange cultivar, rich in beta-carotene.",
        ),
        Subcategory(
            "graffiti_cauliflower",
            Noun("Graffiti cauliflower", "Graffiti cauliflowers", aliases=("purple cauliflower",)),
            ("white",),
            cauliflower.Variant(),
            palette={"curd": family("purple")},
            fact="The Graffiti cauliflower is a purple cultivar, coloured by anthocyanins.",
        ),
    ),
)
