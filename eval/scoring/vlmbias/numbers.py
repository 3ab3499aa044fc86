"""Numbers as models write them: digits ("7", "07", "7.0", "٧") or English words ("seven", "twenty-one").

Every reading gives a canonical decimal string ("7", "4.5"), so "7", "7.0" and "seven" compare equal
without `int()` (which refuses strings over 4,300 digits) and without floating point.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

# fmt: off
_UNITS = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
]
# fmt: on
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
WORD_VALUES: dict[str, int] = {word: value for value, word in enumerate(_UNITS)} | {
    word: 20 + 10 * index for index, word in enumerate(_TENS)
}

# A number in digits that is a word of its own: "C3", "8x8" and "3rd" hold no number.
_DIGITS = r"(?<!\w)(?P<int>\d+)(?:\.(?P<frac>\d+))?(?!\w)"
# "twenty-one" and "twenty one" are one number; so is a lone unit or tens word.
_WORDS = r"(?<!\w)(?P<tens>{tens})(?:[-\s](?P<unit>{units}))?(?!\w)|(?<!\w)(?P<word>{all})(?!\w)".format(
    tens="|".join(_TENS),
    units="|".join(_UNITS[1:10]),
    all="|".join(_UNITS + _TENS),
)
NUMBER = re.compile(f"{_DIGITS}|{_WORDS}", re.IGNORECASE)


def canonical_digits(integer: str, fraction: str = "") -> str:
    """The canonical form of a number written in (any script's) decimal digits.

    >>> canonical_digits("007"), canonical_digits("4", "50"), canonical_digits("4", "0")
    ('7', '4.5', '4')
    >>> canonical_digits("٤")  # ARABIC-INDIC DIGIT FOUR
    '4'
    """
    whole = "".join(str(unicodedata.decimal(char)) for char in integer).lstrip("0") or "0"
    part = "".join(str(unicodedata.decimal(char)) for char in fraction).rstrip("0")
    return f"{whole}.{part}" if part else whole


def _word_value(word: str) -> int:
    # IGNORECASE also matches "ı", "İ", "ſ" and the Kelvin sign, which `lower()` keeps apart.
    if word.lower() in WORD_VALUES:
        return WORD_VALUES[word.lower()]
    return next(value for name, value in WORD_VALUES.items() if re.fullmatch(name, word, re.IGNORECASE))


def _value(match: re.Match[str]) -> str:
    if match["int"] is not None:
        return canonical_digits(match["int"], match["frac"] or "")
    if match["tens"] is not None:
        return str(_word_value(match["tens"]) + (_word_value(match["unit"]) if match["unit"] else 0))
    return str(_word_value(match["word"]))


def find_numbers(text: str) -> Iterator[tuple[str, tuple[int, int]]]:
    """Every number mentioned in `text`, in order, as (canonical value, span).

    >>> [value for value, _ in find_numbers("4 stripes, not three; cell C3 of an 8x8 board, twenty-one")]
    ['4', '3', '21']
    """
    for match in NUMBER.finditer(text):
        yield _value(match), match.span()
