"""Doughnuts have holes; jelly doughnuts, Boston cream doughnuts and long johns are filled or bars."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, exactly
from builders.visage.drawings import doughnut

CONCEPT = Concept(
    key="doughnut",
    domain="food",
    name=Noun("doughnut", "doughnuts", aliases=("donut", "ring doughnut")),
    drawer=doughnut.DRAWER,
    typical=doughnut.Variant(),
    norms=(Norm("hole", "have", "holes", attribute_sg="a hole", measure="hole", expect=exactly(2)),),
    exceptions=(
        Subcategory(
            "jelly_doughnut",
            Noun("jelly doughnut", "jelly doughnuts", aliases=("jelly donut", "Berliner", "bismarck")),
            ("hole",),
            doughnut.Variant("jelly"),
            palette={
                "icing": family("cream", "ivory"),
                "sprinkle_b": family("white"),
                "filling": family("red"),
            },
            fact="A jelly doughnut is a round filled doughnut without a hole, injected with jam.",
        ),
        Subcategory(
            "boston_cream_doughnut",
            Noun("Boston cream doughnut", "Boston cream doughnuts", aliases=("Boston cream donut",)),
            ("hole",),
            doughnut.Variant("cream"),
            palette={"icing": family("dark_brown")},
            fact="A Boston cream doughnut is filled with custard and topped with chocolate; it has no hole.",
        ),
        Subcategory(
            "long_john",
            Noun("long john", "long johns", aliases=("bar doughnut", "éclair doughnut")),
            ("hole",),
            doughnut.Variant("long_john"),
            palette={"icing": family("dark_brown", "cream")},
            fact="A long john is a bar-shaped doughnut, iced on top, with no hole.",
        ),
    ),
)
