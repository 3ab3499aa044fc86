"""Whether an exception's name states the violation of its norm ("maneless lion", "seven-string guitar").

Then the questions that name the exception (1c, 1d, 2c) are answerable from
the words alone, so scoring reports every effect again without such tuples.
The drawn catalogue marks each tuple by hand (`Subcategory.reveals`); a tuples
file may say so in a `name_reveals` column and otherwise gets this rule, which
the tests check against every hand-marked tuple of the catalogue.

The name states the violation when it
- negates the attribute: a word ending in "less" ("maneless", "seedless"), or
  blank, bald, polled, without, no, non;
- names another colour for a colour norm ("black sheep", "Golden Delicious
  apple" for "red");
- names another number for a counted norm ("seven-string guitar", "tripod
  cat", "double-yolk egg", "triangular snowflake" for "six arms", "four-sided
  die" for "cube-shaped");
- names another shape for a shape norm ("pretzel rod" for "knot-shaped");
- names another pattern for a pattern norm ("polka-dot zebra" for "stripes").
"""

from __future__ import annotations

import re

NEGATIONS = frozenset({"blank", "bald", "polled", "without", "no", "non"})
COLOURS = frozenset(
    {
        "red", "orange", "yellow", "green", "blue", "purple", "violet", "white", "black", "grey",
        "gray", "brown", "pink", "golden", "gold", "silver", "ruby", "jade", "copper", "rainbow",
        "cream", "ivory",
    }
)  # fmt: skip
NUMBERS = {
    "one": 1, "single": 1, "monochrome": 1, "mono": 1, "two": 2, "double": 2, "twin": 2,
    "three": 3, "triple": 3, "tripod": 3, "triangular": 3, "four": 4, "square": 4, "five": 5,
    "pentagonal": 5, "six": 6, "hexagonal": 6, "cube": 6, "seven": 7, "heptagonal": 7,
    "eight": 8, "octagonal": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "twenty": 20,
}  # fmt: skip
SHAPES = frozenset(
    {"round", "circular", "square", "rectangular", "triangular", "octagonal", "hexagonal", "oval",
     "straight", "rod", "stick", "knot", "cube"}
)  # fmt: skip
#: Pattern words, each under one stem ("spotted" and "spots" are both "spot").
PATTERNS = {
    "spot": "spot", "spots": "spot", "spotted": "spot", "stripe": "stripe", "stripes": "stripe",
    "striped": "stripe", "dot": "dot", "dots": "dot", "polka": "dot", "patch": "patch",
    "patches": "patch",
}  # fmt: skip


def words(text: str) -> list[str]:
    """Lower-case words, hyphenated compounds split ("Seven-string" -> seven, string).

    >>> words("Twenty-two-spot ladybug"), words("d20")
    (['twenty', 'two', 'spot', 'ladybug'], ['d', '20'])
    """
    return re.findall(r"[^\W\d_]+|\d+", text.casefold())


def _numbers(tokens: list[str]) -> set[int]:
    return {int(t) if t.isdigit() else NUMBERS[t] for t in tokens if t.isdigit() or t in NUMBERS}


def name_reveals(exception: str, attribute: str) -> bool:
    """Whether the exception's name states that it lacks `attribute` (the rule above).

    >>> name_reveals("maneless lion", "manes"), name_reveals("lioness", "manes")
    (True, False)
    >>> name_reveals("seven-string guitar", "six strings"), name_reveals("bass guitar", "six strings")
    (True, False)
    >>> name_reveals("black sheep", "white"), name_reveals("white giraffe", "spots")
    (True, False)
    """
    name, wanted = words(exception), words(attribute)
    if any(t in NEGATIONS or (t.endswith("less") and len(t) > 5) for t in name):
        return True
    colours = set(wanted) & COLOURS
    if colours and set(name) & COLOURS - colours:
        return True
    counts, named = _numbers(wanted), _numbers(name)
    if counts and named and named != counts:
        return True
    shapes = set(wanted) & SHAPES
    if shapes and set(name) & SHAPES - shapes:
        return True
    patterns = {PATTERNS[t] for t in wanted if t in PATTERNS}
    return bool(patterns) and bool({PATTERNS[t] for t in name if t in PATTERNS} - patterns)
