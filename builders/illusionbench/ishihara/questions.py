"""What an Ishihara-style plate's rows say: the digit, the dot colours, and that it is no illusion.

The paper labels Ishihara plates as holding no illusion (Appendix A1), so their golden
description has no reason sentence and "There is a visual illusion" is a false statement.
"""

from __future__ import annotations

import random

from builders.illusionbench.questions import Choice, Facts, Statement

#: Digits a reader of a dot plate is likeliest to confuse with each digit (wrong options first).
LOOK_ALIKES = {0: (8, 6, 9), 1: (7, 4, 2), 2: (7, 3, 5), 3: (8, 5, 9), 4: (1, 9, 7),
               5: (6, 3, 8), 6: (5, 8, 0), 7: (1, 2, 4), 8: (3, 0, 6), 9: (8, 4, 0)}  # fmt: skip


def facts(digit: int, rng: random.Random) -> Facts:
    wrong = LOOK_ALIKES[digit]
    other = rng.choice(wrong)
    return Facts(
        statements=(
            Statement(f"The dots show the number {digit}.", True, about_change=True),
            Statement("The picture is made of many coloured dots.", True),
            Statement(f"The dots show the number {other}.", False, about_change=True),
            Statement("The number is formed by green dots.", False),
            Statement("There is a visual illusion in the image.", False),
        ),
        choices=(
            Choice("What number do the dots show?", str(digit), tuple(str(d) for d in wrong)),
            Choice(
                "What colour are the dots that form the number?",
                "Orange and red",
                ("Green", "Blue and purple", "Black"),
            ),
            Choice(
                "What kind of picture is this?",
                "A colour-vision test plate made of dots",
                ("A photograph of a fruit bowl", "A mosaic of square tiles", "A map of islands"),
            ),
        ),
        content=(
            "a circle filled with dots of many sizes, in the style of an Ishihara colour-vision plate; "
            f"orange and red dots among green ones form the number {digit}"
        ),
        cause=None,
    )
