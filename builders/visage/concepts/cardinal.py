"""Cardinals are red; the female northern cardinal is brown."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, is_colour
from builders.visage.drawings import bird

CONCEPT = Concept(
    key="cardinal",
    domain="animals",
    name=Noun("cardinal", "cardinals", aliases=("northern cardinal", "cardinal bird", "redbird")),
    drawer=bird.DRAWER,
    typical=bird.Variant("songbird", crest=True, mask=True),
    palette={
        "body": family("red"),
        "beak": family("orange"),
        "marks": family("black"),
        "perch": family("wood", "brown"),
        "legs": family("skin_pink", "dark_grey"),
    },
    norms=(Norm("red", "be", "red", measure="colour", expect=is_colour("red")),),
    exceptions=(
        Subcategory(
            "female_cardinal",
            Noun("female cardinal", "female cardinals", aliases=("female northern cardinal",)),
            ("red",),
            bird.Variant("songbird", crest=True),
            palette={"body": family("brown"), "beak": family("orange"), "perch": family("wood")},
            fact="The female northern cardinal is buff brown, only her wings, crest and tail tinged red.",
        ),
    ),
    pose=PoseRange(max_rotation=8),
)
