"""Dice have dots and are cube-shaped; blank and numbered dice have no dots, d4s and d20s are no cubes."""

from builders.visage.concept import Concept, Norm, Noun, PoseRange, Subcategory, at_least, exactly
from builders.visage.drawings import die

CONCEPT = Concept(
    key="die",
    domain="artefacts",
    name=Noun("die", "dice"),
    drawer=die.DRAWER,
    typical=die.Variant(),
    norms=(
        Norm("dots", "have", "dots", measure="pips", expect=at_least(1)),
        Norm("cube_shaped", "be", "cube-shaped", measure="corners", expect=exactly(4)),
    ),
    exceptions=(
        Subcategory(
            "blank_die",
            Noun("blank die", "blank dice"),
            ("dots",),
            die.Variant(marks="blank"),
            fact="A blank die is a cube with unmarked faces, sold for games to mark by hand.",
            reveals=("dots",),
        ),
        Subcategory(
            "numbered_die",
            Noun("numbered die", "numbered dice"),
            ("dots",),
            die.Variant(marks="numeral"),
            fact="A numbered die shows numerals instead of pips.",
        ),
        Subcategory(
            "four_sided_die",
            Noun("four-sided die", "four-sided dice", aliases=("d4",)),
            ("cube_shaped",),
            die.Variant(shape="d4", marks="numeral"),
            fact="A four-sided die (d4) is a tetrahedron.",
            reveals=("cube_shaped",),
        ),
        Subcategory(
            "twenty_sided_die",
            Noun("twenty-sided die", "twenty-sided dice", aliases=("d20",)),
            ("cube_shaped",),
            die.Variant(shape="d20", marks="numeral"),
            fact="A twenty-sided die (d20) is an icosahedron.",
            reveals=("cube_shaped",),
        ),
    ),
    # Numerals are never mirrored.
    pose=PoseRange(max_rotation=30, flip=False),
)
