"""Forks have four tines; carving forks have two, oyster and pastry forks three."""

from builders.visage.concept import Concept, Framing, Norm, Noun, PoseRange, Subcategory, exactly
from builders.visage.drawings import fork

CONCEPT = Concept(
    key="fork",
    domain="artefacts",
    name=Noun("fork", "forks"),
    drawer=fork.DRAWER,
    typical=fork.Variant(),
    norms=(
        Norm(
            "four_tines",
            "have",
            "four tines",
            measure="tines",
            expect=exactly(4),
            # The head and tines, closer: a fork is a thin thing in a square picture.
            framing=Framing(focus=(0.0, -16.0), zoom=1.5),
        ),
    ),
    exceptions=(
        Subcategory(
            "carving_fork",
            Noun("carving fork", "carving forks"),
            ("four_tines",),
            fork.Variant(tines=2, tine_width=2.6, gap=5.0, tine_length=24.0, carving=True),
            fact="A carving fork has two long tines for holding a roast.",
        ),
        Subcategory(
            "oyster_fork",
            Noun("oyster fork", "oyster forks"),
            ("four_tines",),
            fork.Variant(tines=3, tine_width=2.1, gap=2.0, tine_length=14.0),
            fact="An oyster fork has three short tines.",
        ),
        Subcategory(
            "pastry_fork",
            Noun("pastry fork", "pastry forks"),
            ("four_tines",),
            fork.Variant(tines=3, tine_width=2.4, gap=2.0, wide_left=True),
            fact="A pastry fork has three tines, the outer one widened into a cutting edge.",
        ),
    ),
    pose=PoseRange(max_rotation=35),
)
