"""Ladybugs are red and have spots; some lady beetles are yellow, black, or spotless."""

from builders.visage.colours import family
from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, at_least, is_colour
from builders.visage.drawings import ladybug

CONCEPT = Concept(
    key="ladybug",
    domain="animals",
    name=Noun("ladybug", "ladybugs", aliases=("ladybird", "lady beetle")),
    drawer=ladybug.DRAWER,
    typical=ladybug.Variant(),
    norms=(
        Norm("red", "be", "red", measure="colour", expect=is_colour("red")),
        Norm("spots", "have", "spots", measure="spots", expect=at_least(1)),
    ),
    exceptions=(
        Subcategory(
            "twenty_two_spot_ladybug",
            Noun("twenty-two-spot ladybug", "twenty-two-spot ladybugs", aliases=("22-spot ladybird",)),
            ("red",),
            ladybug.Variant(spots=22, spot_radius=1.9),
            palette={"shell": family("yellow")},
            fact="Psyllobora vigintiduopunctata, the 22-spot ladybird, is yellow with black spots.",
        ),
        Subcategory(
            "twice_stabbed_lady_beetle",
            Noun("twice-stabbed lady beetle", "twice-stabbed lady beetles"),
            ("red",),
            ladybug.Variant(spots=2, spot_radius=3.8, spot_role="mark"),
            palette={"shell": family("black"), "ink": family("dark_grey")},
            fact="Chilocorus stigma, the twice-stabbed lady beetle, is black with two red spots.",
        ),
        Subcategory(
            "spotless_lady_beetle",
            Noun("spotless lady beetle", "spotless lady beetles"),
            ("spots",),
            ladybug.Variant(spots=0),
            fact="Cycloneda munda, the spotless lady beetle, has plain red wing covers.",
            reveals=("spots",),
        ),
    ),
    pose=PoseRange(max_rotation=180),
)
