"""Mushrooms have gills; boletes have pores instead, morels a honeycombed cap."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, at_least
from builders.visage.drawings import mushroom

CONCEPT = Concept(
    key="mushroom",
    domain="nature",
    name=Noun("mushroom", "mushrooms", aliases=("toadstool", "fungus", "button mushroom")),
    drawer=mushroom.DRAWER,
    typical=mushroom.Variant(),
    palette={"cap": family("tan", "red", "wood", "cream"), "under": family("cream", "ivory", "maple")},
    norms=(Norm("gills", "have", "gills", measure="gills", expect=at_least(1)),),
    exceptions=(
        Subcategory(
            "bolete",
            Noun("bolete", "boletes", aliases=("porcini", "cep", "penny bun")),
            ("gills",),
            mushroom.Variant("bolete"),
            palette={"cap": family("brown", "wood"), "under": family("yellow", "cream")},
            fact="Boletes such as the porcini bear their spores in a spongy layer of pores, not on gills.",
        ),
        Subcategory(
            "morel",
            Noun("morel", "morels", aliases=("morel mushroom",)),
            ("gills",),
            mushroom.Variant("morel"),
            palette={"cap": family("tan", "wood", "maple")},
            fact="Morels have a pitted, honeycomb-like cap and no gills.",
        ),
    ),
    pose=PoseRange(max_rotation=10),
)
