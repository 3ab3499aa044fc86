"""Watermelons have red flesh and black seeds; Yellow Doll watermelons have yellow flesh, seedless ones no
black seeds."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, at_least, is_colour
from builders.visage.drawings import watermelon

CONCEPT = Concept(
    key="watermelon",
    domain="plants and produce",
    name=Noun("watermelon", "watermelons", aliases=("melon",)),
    drawer=watermelon.DRAWER,
    typical=watermelon.Variant(),
    palette={"flesh": family("red"), "rind": family("ivory", "cream")},
    norms=(
        Norm("red_flesh", "have", "red flesh", measure="colour", expect=is_colour("red")),
        Norm("black_seeds", "have", "black seeds", measure="seeds", expect=at_least(1)),
    ),
    exceptions=(
        Subcategory(
            "yellow_doll_watermelon",
            Noun("Yellow Doll watermelon", "Yellow Doll watermelons", aliases=("yellow watermelon",)),
            ("red_flesh",),
            watermelon.Variant(),
            palette={"flesh": family("yellow")},
            fact="Yellow Doll is a watermelon cultivar with yellow flesh.",
            reveals=("red_flesh",),
        ),
        Subcategory(
            "seedless_watermelon",
            Noun("seedless watermelon", "seedless watermelons"),
            ("black_seeds",),
            watermelon.Variant(seeds=False),
            fact="Seedless watermelons are sterile triploids: only soft pale seed coats, no black seeds.",
            reveals=("black_seeds",),
        ),
    ),
    # Drawn large: the seeds are small in a whole slice.
    pose=PoseRange(min_scale=0.88),
)
