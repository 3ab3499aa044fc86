"""Eggs have one yolk; double-yolk eggs have two, yolkless ("wind") eggs none."""

from builders.visage.concept import Concept, Norm, Noun, Subcategory, exactly
from builders.visage.drawings import fried_egg

CONCEPT = Concept(
    key="egg",
    domain="food",
    name=Noun("egg", "eggs", aliases=("fried egg", "sunny-side-up egg")),
    drawer=fried_egg.DRAWER,
    typical=fried_egg.Variant(1),
    norms=(Norm("one_yolk", "have", "one yolk", measure="yolks", expect=exactly(1)),),
    exceptions=(
        Subcategory(
            "double_yolk_egg",
            Noun("double-yolk egg", "double-yolk eggs", aliases=("double-yolked egg", "double yolker")),
            ("one_yolk",),
            fried_egg.Variant(2),
            fact="A double-yolk egg forms when a hen releases two yolks at once, often in young hens.",
            reveals=("one_yolk",),
        ),
        Subcategory(
            "yolkless_egg",
            Noun("yolkless egg", "yolkless eggs", aliases=("wind egg", "fairy egg", "fart egg")),
            ("one_yolk",),
            fried_egg.Variant(0),
            fact="A yolkless egg, or wind egg, is a small egg of albumen alone, often a hen's first.",
            reveals=("one_yolk",),
        ),
    ),
)
