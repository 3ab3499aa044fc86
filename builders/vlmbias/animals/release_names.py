"""The names the release gives its animal files and rows, as far as the project site shows them.

The site's human-study metadata (vlmsarebiased/vlmsarebiased.github.io,
`static/images/human_evaluation/animal_metadata.json` at dc53a21) lists every one
of the 273 released counterfactual animal images with its row ID and file
(`modified/asian elephant_4_1_768.png`): files are named
`<animal name in lower case>_<generation trial>_<edit trial>_<C>.png`, the two
trials being which generated picture and which edit of it were kept; unmodified
photos are `<animal name>_<C>px.png`. The same list writes animal 10's number
with four digits (`animal_0010_elk_notitle_Q1_px1152`).
"""

from __future__ import annotations

#: Release number -> (generation trial, edit trial) of the kept picture.
TRIALS: dict[int, tuple[int, int]] = {
    1: (2, 2), 2: (5, 3), 3: (0, 1), 4: (1, 1), 5: (4, 1), 6: (2, 3), 7: (1, 2), 8: (0, 0),
    9: (2, 2), 10: (1, 3), 11: (3, 1), 12: (1, 0), 13: (3, 3), 14: (3, 3), 15: (3, 2), 16: (0, 0),
    17: (2, 0), 18: (3, 2), 19: (1, 1), 20: (2, 2), 21: (0, 2), 22: (4, 3), 23: (4, 3), 24: (1, 2),
    25: (2, 3), 26: (3, 1), 27: (0, 3), 28: (2, 1), 29: (3, 3), 30: (1, 3), 31: (2, 3), 32: (1, 3),
    33: (1, 0), 34: (0, 0), 35: (3, 2), 36: (2, 2), 37: (1, 2), 38: (3, 0), 39: (4, 3), 40: (2, 1),
    41: (4, 1), 42: (0, 1), 43: (1, 3), 44: (3, 3), 45: (0, 3), 46: (2, 3), 47: (2, 1), 48: (2, 0),
    49: (4, 1), 50: (3, 2), 51: (1, 1), 52: (0, 2), 53: (4, 3), 54: (1, 1), 55: (0, 3), 56: (4, 2),
    57: (4, 3), 58: (2, 3), 59: (4, 0), 60: (0, 2), 61: (0, 3), 62: (0, 3), 63: (4, 2), 64: (1, 1),
    65: (0, 1), 66: (2, 2), 67: (2, 1), 68: (2, 2), 69: (0, 3), 70: (0, 3), 71: (1, 0), 72: (2, 3),
    73: (0, 3), 74: (4, 3), 75: (0, 3), 76: (2, 2), 77: (4, 1), 78: (2, 1), 79: (2, 3), 80: (1, 1),
    81: (1, 1), 82: (0, 3), 83: (0, 2), 84: (4, 3), 85: (4, 0), 86: (0, 2), 87: (2, 0), 88: (3, 0),
    89: (2, 3), 90: (0, 2), 91: (4, 1),
}  # fmt: skip

#: Release numbers the released IDs write other than as three digits.
NUMBER_TEXT = {10: "0010"}


def number_text(number: int) -> str:
    """The animal's number as its released IDs write it.

    >>> number_text(53), number_text(10)
    ('053', '0010')
    """
    return NUMBER_TEXT.get(number, f"{number:03d}")


def counterfactual_file(name: str, number: int, px: int) -> str:
    """The released file of an animal with an added leg.

    >>> counterfactual_file("Asian Elephant", 49, 768)
    'asian elephant_4_1_768.png'
    """
    generation, edit = TRIALS[number]
    return f"{name.lower()}_{generation}_{edit}_{px}.png"


def original_file(name: str, px: int) -> str:
    """The released file of an unmodified animal photo.

    >>> original_file("Asian Elephant", 768)
    'asian elephant_768px.png'
    """
    return f"{name.lower()}_{px}px.png"
