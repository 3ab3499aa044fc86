"""Snowflakes have six arms; twelve-branched snowflakes have twelve, triangular snowflakes three."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, exactly
from builders.visage.drawings import snowflake

CONCEPT = Concept(
    key="snowflake",
    domain="nature",
    name=Noun("snowflake", "snowflakes", aliases=("snow crystal", "ice crystal")),
    drawer=snowflake.DRAWER,
    typical=snowflake.Variant(6),
    palette={"ice": family("white", "pale_blue")},
    norms=(Norm("six_arms", "have", "six arms", measure="arms", expect=exactly(6)),),
    exceptions=(
        Subcategory(
            "twelve_branched_snowflake",
            Noun(
                "twelve-branched snowflake", "twelve-branched snowflakes", aliases=("twelve-sided snowflake",)
            ),
            ("six_arms",),
            snowflake.Variant(12),
            fact="Twelve-branched snowflakes are two six-armed crystals grown together, 30 degrees apart.",
            reveals=("six_arms",),
        ),
        Subcategory(
            "triangular_snowflake",
            Noun("triangular snowflake", "triangular snowflakes", aliases=("triangular snow crystal",)),
            ("six_arms",),
            snowflake.Variant(3),
            fact="Triangular snow crystals, documented by Kenneth Libbrecht, grow with three-fold symmetry.",
            reveals=("six_arms",),
        ),
    ),
    pose=PoseRange(max_rotation=30, flip=False),
)
