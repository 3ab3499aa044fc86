"""The release's closed vocabularies: 12 colour names, the position strings, and the distractor rules.

Colour names and their order are the release's (its colour traps draw from exactly these twelve).
Positions are the nine strings of the release's vocabulary that name one cell of a 3 x 3 grid
("top left", "center", "bottom center", ...): all occur verbatim in its descriptions. The
position-trap rule was recovered from every released record (spec §2.2): the true position's words
decide the two wrong corners offered, and "left" wins over "right", "right" over "bottom",
"bottom" over "top"; anything else ("center", "middle", free text) gets top right / bottom left.
"""

from __future__ import annotations

import random
import re

#: The release's palette, in its order, with the sRGB fill we draw each name in.
PALETTE: dict[str, str] = {
    "red": "#dc141e",
    "orange": "#ff8c00",
    "yellow": "#ffd700",
    "green": "#1e9632",
    "blue": "#1e50dc",
    "purple": "#8228aa",
    "pink": "#ff78be",
    "brown": "#824b1e",
    "black": "#191919",
    "white": "#ffffff",
    "gray": "#808080",
    "silver": "#c0c0c0",
}
COLOURS: tuple[str, ...] = tuple(PALETTE)

#: Position string -> (column, row) of its cell in a 3 x 3 grid, 0-based from the top left.
POSITION_CELLS: dict[str, tuple[int, int]] = {
    "top left": (0, 0),
    "top center": (1, 0),
    "top right": (2, 0),
    "center left": (0, 1),
    "center": (1, 1),
    "center right": (2, 1),
    "bottom left": (0, 2),
    "bottom center": (1, 2),
    "bottom right": (2, 2),
}
POSITIONS: tuple[str, ...] = tuple(POSITION_CELLS)

#: The release's rule, first matching word wins: (word, the two wrong positions offered).
_POSITION_RULES = (
    ("left", ("top right", "bottom right")),
    ("right", ("top left", "bottom left")),
    ("bottom", ("top right", "top left")),
    ("top", ("bottom right", "bottom left")),
)
_OTHERWISE = ("top right", "bottom left")


def position_distractors(position: str) -> tuple[str, str]:
    """The two wrong positions the release offers for an object at `position`.

    Words are split on spaces and commas, so "center-left" (one word) falls through to the default,
    as in the release.

    >>> position_distractors("bottom left"), position_distractors("top center")
    (('top right', 'bottom right'), ('bottom right', 'bottom left'))
    >>> position_distractors("center"), position_distractors("center-left")
    (('top right', 'bottom left'), ('top right', 'bottom left'))
    """
    words = set(re.split(r"[\s,]+", position.lower()))
    for word, offered in _POSITION_RULES:
        if word in words:
            return offered
    return _OTHERWISE


def colour_distractors(true_colour: str, rng: random.Random) -> tuple[str, str]:
    """Two different palette colours, neither the true one, in random order (the release's rule)."""
    first, second = rng.sample([colour for colour in COLOURS if colour != true_colour], 2)
    return first, second
