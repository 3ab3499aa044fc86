"""Yield signs are red; the first US yield signs were yellow with black letters."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, is_colour
from builders.visage.drawings import road_sign

CONCEPT = Concept(
    key="yield_sign",
    domain="signs",
    name=Noun("yield sign", "yield signs", aliases=("give way sign",)),
    drawer=road_sign.DRAWER,
    typical=road_sign.Variant("yield", "none"),
    palette={"plate": family("red")},
    norms=(Norm("red", "be", "red", measure="colour", expect=is_colour("red")),),
    exceptions=(
        Subcategory(
            "yellow_yield_sign",
            Noun("yellow yield sign", "yellow yield signs"),
            ("red",),
            road_sign.Variant("yield", "none", field=False),
            palette={"plate": family("yellow")},
            fact="US yield signs were yellow with black lettering from 1950 until red and white became "
            "standard in 1971.",
            reveals=("red",),
        ),
    ),
    pose=PoseRange(max_rotation=8, flip=False),
)
