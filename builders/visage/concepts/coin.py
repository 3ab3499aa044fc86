"""Coins are round; the UK fifty pence is seven-sided, the Australian fifty-cent coin twelve-sided."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, exactly
from builders.visage.drawings import coin

CONCEPT = Concept(
    key="coin",
    domain="artefacts",
    name=Noun("coin", "coins", aliases=("quarter",)),
    drawer=coin.DRAWER,
    typical=coin.Variant(),
    norms=(Norm("round", "be", "round", measure="corners", expect=exactly(0)),),
    exceptions=(
        Subcategory(
            "fifty_pence",
            Noun("fifty pence coin", "fifty pence coins", aliases=("50p", "50p coin", "fifty pence")),
            ("round",),
            coin.Variant(7, "50"),
            palette={"metal": family("silver")},
            fact="The UK fifty pence coin is an equilateral curve heptagon: seven curved sides.",
        ),
        Subcategory(
            "australian_fifty_cent",
            Noun("Australian fifty-cent coin", "Australian fifty-cent coins", aliases=("fifty-cent coin",)),
            ("round",),
            coin.Variant(12, "50c"),
            palette={"metal": family("silver")},
            fact="Australia's fifty-cent coin has been dodecagonal, twelve-sided, since 1969.",
        ),
    ),
    pose=PoseRange(max_rotation=0, flip=False),
)
