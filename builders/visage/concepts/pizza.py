"""Pizzas are round; Sicilian and Detroit-style pizzas and pizza al taglio are rectangular."""

from builders.visage.concept import Concept, Norm, Noun, Subcategory, exactly
from builders.visage.drawings import pizza

CONCEPT = Concept(
    key="pizza",
    domain="food",
    name=Noun("pizza", "pizzas", aliases=("pepperoni pizza", "pizza pie")),
    drawer=pizza.DRAWER,
    typical=pizza.Variant(),
    norms=(Norm("round", "be", "round", measure="corners", expect=exactly(0)),),
    exceptions=(
        Subcategory(
            "sicilian_pizza",
            Noun("Sicilian pizza", "Sicilian pizzas", aliases=("sfincione", "square pizza")),
            ("round",),
            pizza.Variant("square"),
            fact="Sicilian pizza is baked in a rectangular pan and cut into squares.",
        ),
        Subcategory(
            "detroit_pizza",
            Noun("Detroit-style pizza", "Detroit-style pizzas", aliases=("Detroit pizza",)),
            ("round",),
            pizza.Variant("square", stripes=True),
            fact="Detroit-style pizza is baked in a rectangular steel pan, sauce ladled on top in stripes.",
        ),
        Subcategory(
            "pizza_al_taglio",
            Noun("pizza al taglio", "pizzas al taglio", aliases=("Roman pizza", "pizza by the slice")),
            ("round",),
            pizza.Variant("long"),
            fact="Roman pizza al taglio is baked in long rectangular trays and sold cut into rectangles.",
        ),
    ),
)
