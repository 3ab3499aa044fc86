"""Dice have dots and are cube-shaped; blank and numbered dice have no dots, d4s and d20s are no cubes."""

from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, at_least, exactly
from builders.visage.drawings import die

CONCEPT = Concept(
    key="die",
    name=Noun("die", "dice"),
    drawer=die.DRAWER,
    typical=die.Variant(),
    norms=(
        Norm("dots", "have", "dots", measure="pips", expect=at_least(1)),
        Norm("cube_shaped", "be", "cube-shaped", measure="corners", expect=exactly(4)),
    ),
    exceptions=(
        Subcategory("blank_die", Noun("blank die", "blank dice"), ("dots",), die.Variant(marks="blank")),
        Subcategory(
            "numbered_die", Noun("numbered die", "numbered dice"), ("dots",), die.Variant(marks="numeral")
        ),
        Subcategory(
            "four_sided_die",
            Noun("four-sided die", "four-sided dice", aliases=("d4",)),
            ("cube_shaped",),
            die.Variant(shape="d4", marks="numeral"),
        ),
        Subcategory(
            "twenty_sided_die",
            Noun("twenty-sided die", "twenty-sided dice", aliases=("d20",)),
            ("cube_shaped",),
            die.Variant(shape="d20", marks="numeral"),
        ),
    ),
    # Numerals are never mirrored.
    pose=PoseRange(max_rotation=30, flip=False),
)
