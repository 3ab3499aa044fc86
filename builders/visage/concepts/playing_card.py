"""Playing cards have a suit; jokers and blank cards have none."""

from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, at_least
from builders.visage.drawings import card

CONCEPT = Concept(
    key="playing_card",
    domain="artefacts",
    name=Noun("playing card", "playing cards", aliases=("card",)),
    drawer=card.DRAWER,
    typical=card.Variant(),
    norms=(Norm("suit", "have", "suits", attribute_sg="a suit", measure="suit", expect=at_least(1)),),
    exceptions=(
        Subcategory(
            "joker",
            Noun("joker", "jokers", aliases=("joker card",)),
            ("suit",),
            card.Variant("joker"),
            fact="Jokers belong to no suit.",
        ),
        Subcategory(
            "blank_card",
            Noun("blank playing card", "blank playing cards", aliases=("blank card",)),
            ("suit",),
            card.Variant("blank"),
            fact="Blank playing cards are sold to replace lost cards or design games; they show no suit.",
            reveals=("suit",),
        ),
    ),
    # Lettering is never mirrored.
    pose=PoseRange(max_rotation=20, flip=False),
)
