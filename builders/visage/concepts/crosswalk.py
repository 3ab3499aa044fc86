"""Crosswalks have white stripes; rainbow crosswalks are multicoloured, some school crosswalks yellow."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, is_colour
from builders.visage.drawings import crosswalk

CONCEPT = Concept(
    key="crosswalk",
    domain="signs",
    name=Noun("crosswalk", "crosswalks", aliases=("zebra crossing", "pedestrian crossing")),
    drawer=crosswalk.DRAWER,
    typical=crosswalk.Variant(),
    palette={"stripe": family("white"), "line": family("yellow")},
    norms=(Norm("white_stripes", "have", "white stripes", measure="colour", expect=is_colour("white")),),
    exceptions=(
        Subcategory(
            "rainbow_crosswalk",
            Noun("rainbow crosswalk", "rainbow crosswalks", aliases=("pride crosswalk",)),
            ("white_stripes",),
            crosswalk.Variant(rainbow=True),
            palette={"stripe": family("red"), "line": family("white")},
            fact="Rainbow crosswalks, in the colours of the Pride flag, have been painted in many cities "
            "since 2012.",
            reveals=("white_stripes",),
        ),
        Subcategory(
            "yellow_crosswalk",
            Noun("yellow crosswalk", "yellow crosswalks", aliases=("school crosswalk",)),
            ("white_stripes",),
            crosswalk.Variant(),
            palette={"stripe": family("yellow"), "line": family("white")},
            fact="Some US states, California among them, paint school-zone crosswalks yellow.",
            reveals=("white_stripes",),
        ),
    ),
    pose=PoseRange(max_rotation=6, min_scale=0.9),
)
