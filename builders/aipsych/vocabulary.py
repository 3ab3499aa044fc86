"""The release's closed vocabularies: 12 colour names and the distractor rules.

Colour names and their order are the release's (its colour traps draw from exactly these twelve).
The position-trap rule was recovered from every released record (spec §2.2): the true position's
words decide the two wrong corners offered, and "left" wins over "right", "right" over "bottom",
"bottom" over "top"; anything else ("center", "middle", free text) gets top right / bottom left.
The colour-trap rule is the release's (two different palette colours, never the true one) minus
near-synonyms: a colour that looks like the truth when drawn (`colours.NEAR_SYNONYM`) is never
offered as the wrong one. The position phrases themselves are in `positions`.
"""

from __future__ import annotations

import random
import re

from builders.aipsych.colours import NEAR_SYNONYM, delta_e

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
    """Two different palette colours, neither the true one nor a near-synonym of it, in random order."""
    first, second = rng.sample(wrong_colours(true_colour), 2)
    return first, second


def wrong_colours(true_colour: str) -> list[str]:
    """The palette colours a trap may offer for `true_colour`: not it, and not drawn alike.

    >>> [colour for colour in COLOURS if colour not in wrong_colours("silver")]
    ['white', 'gray', 'silver']
    """
    truth = PALETTE.get(true_colour)
    return [
        colour
        for colour in COLOURS
        if colour != true_colour and (truth is None or delta_e(PALETTE[colour], truth) >= NEAR_SYNONYM)
    ]
