"""Airplanes have tails; a flying wing such as the B-2 Spirit has none."""

from builders.visage.concept import Concept, Norm, Noun, Subcategory, at_least
from builders.visage.drawings import airplane

CONCEPT = Concept(
    key="airplane",
    domain="vehicles",
    name=Noun("airplane", "airplanes", aliases=("aeroplane", "plane", "airliner", "jet")),
    drawer=airplane.DRAWER,
    typical=airplane.Variant(),
    norms=(Norm("tail", "have", "tails", attribute_sg="a tail", measure="tail", expect=at_least(1)),),
    exceptions=(
        Subcategory(
            "flying_wing",
            Noun("flying wing", "flying wings", aliases=("B-2 Spirit", "B-2 bomber", "stealth bomber")),
            ("tail",),
            airplane.Variant("flying_wing"),
            fact="A flying wing such as the Northrop B-2 Spirit has no fuselage to speak of and no tail.",
        ),
    ),
)
