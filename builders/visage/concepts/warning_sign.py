"""Warning signs are yellow; US work zone signs are orange, school zone signs fluorescent yellow-green."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, is_colour
from builders.visage.drawings import road_sign

CONCEPT = Concept(
    key="warning_sign",
    domain="signs",
    name=Noun("warning sign", "warning signs", aliases=("road sign", "curve sign", "caution sign")),
    drawer=road_sign.DRAWER,
    typical=road_sign.Variant(),
    palette={"plate": family("yellow")},
    norms=(Norm("yellow", "be", "yellow", measure="colour", expect=is_colour("yellow")),),
    exceptions=(
        Subcategory(
            "work_zone_sign",
            Noun("work zone sign", "work zone signs", aliases=("construction sign", "road work sign")),
            ("yellow",),
            road_sign.Variant(symbol="worker"),
            palette={"plate": family("orange")},
            fact="US work zone (temporary traffic control) warning signs are orange and black (MUTCD).",
        ),
        Subcategory(
            "school_zone_sign",
            Noun("school zone sign", "school zone signs", aliases=("school crossing sign", "school sign")),
            ("yellow",),
            road_sign.Variant("pentagon", "children"),
            palette={"plate": family("yellow_green")},
            fact="US school warning signs are pentagons in fluorescent yellow-green (MUTCD).",
        ),
    ),
    pose=PoseRange(max_rotation=8, flip=False),
)
