"""Basketballs are orange; the ABA's basketball was red, white and blue."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, Subcategory, is_colour
from builders.visage.drawings import basketball

CONCEPT = Concept(
    key="basketball",
    domain="artefacts",
    name=Noun("basketball", "basketballs", aliases=("ball",)),
    drawer=basketball.DRAWER,
    typical=basketball.Variant(),
    palette={"body": family("orange", "carrot_orange")},
    norms=(Norm("orange", "be", "orange", measure="colour", expect=is_colour("orange")),),
    exceptions=(
        Subcategory(
            "aba_basketball",
            Noun("ABA basketball", "ABA basketballs", aliases=("red, white and blue basketball",)),
            ("orange",),
            basketball.Variant(panels=True),
            palette={"body": family("red"), "panel_a": family("white"), "panel_b": family("blue")},
            fact="The American Basketball Association (1967-1976) played with a red, white and blue ball.",
        ),
    ),
)
