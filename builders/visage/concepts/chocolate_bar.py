"""Chocolate bars are brown; white chocolate is white, ruby chocolate pink."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, is_colour
from builders.visage.drawings import chocolate_bar

CONCEPT = Concept(
    key="chocolate_bar",
    domain="food",
    name=Noun("chocolate bar", "chocolate bars", aliases=("bar of chocolate", "chocolate", "candy bar")),
    drawer=chocolate_bar.DRAWER,
    typical=chocolate_bar.Variant(),
    palette={"chocolate": family("brown")},
    norms=(Norm("brown", "be", "brown", measure="colour", expect=is_colour("brown")),),
    exceptions=(
        Subcategory(
            "white_chocolate_bar",
            Noun("white chocolate bar", "white chocolate bars", aliases=("white chocolate",)),
            ("brown",),
            chocolate_bar.Variant(),
            palette={"chocolate": family("white"), "label": family("gold", "yellow")},
            fact="White chocolate is cocoa butter, sugar and milk without cocoa solids: ivory white.",
            reveals=("brown",),
        ),
        Subcategory(
            "ruby_chocolate_bar",
            Noun("ruby chocolate bar", "ruby chocolate bars", aliases=("ruby chocolate", "pink chocolate")),
            ("brown",),
            chocolate_bar.Variant(),
            palette={"chocolate": family("pink")},
            fact="Ruby chocolate, launched by Barry Callebaut in 2017, is naturally pink.",
            reveals=("brown",),
        ),
    ),
)
