"""The release's category and difficulty codes as our names: the defaults we assume and the user's maps.

The release writes each image's "Category" and "Difficult Level" as codes nobody documents in
full, so what they mean is partly assumed:

- categories: "A" classic, "B" real scene, "C" trap, as lmms-eval's conversion (PR #1035) says;
  the Ishihara and no-illusion codes are undocumented. Names ("Classic", "No Illusion",
  "Ishihara image", ...) read as what they say.
- difficulties: "Easy", "Neutral" (or "Medium"), "Hard" read as what they say; 1, 2, 3 are assumed
  to be easy, neutral, hard (the paper names three levels in that order); any other code, 0
  included (lmms-eval's conversion writes 0 where a level is missing), has no default.

The user's `category_map.json` and `difficulty_map.json` beside the release's JSON (or the
`read_release` arguments) map codes to names and win over the defaults, e.g.
`{"D": "ishihara", "E": "no_illusion"}` and `{"0": "easy", "1": "neutral", "2": "hard"}`.
Every code a build met is recorded with its name and which rule gave it (`Mapped`), so the card
can say which meanings were assumed.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from builders.core.errors import UsageError
from builders.core.user_files import read_json
from builders.illusionbench.columns import CATEGORIES, DIFFICULTIES

CATEGORY_MAP = "category_map.json"
DIFFICULTY_MAP = "difficulty_map.json"
#: A map names a handful of codes; a file this large is not one.
MAX_MAP_BYTES = 1 << 20

#: Rules a code was read by, as the card names them.
YOUR_MAP, ASSUMED, NAMED = "your map", "assumed", "by name"

DEFAULT_CATEGORIES = {"A": "classic", "B": "real_scene", "C": "trap"}
DEFAULT_DIFFICULTIES = {"1": "easy", "2": "neutral", "3": "hard"}
_CATEGORY_NAMES = {  # keyed by the name's letters only
    "classic": "classic", "classicillusion": "classic", "classiccognitiveillusion": "classic",
    "realscene": "real_scene", "realsceneillusion": "real_scene", "noillusion": "no_illusion",
    "ishihara": "ishihara", "ishiharaimage": "ishihara", "trap": "trap", "trapillusion": "trap",
}  # fmt: skip
_DIFFICULTY_NAMES = {"easy": "easy", "neutral": "neutral", "medium": "neutral", "hard": "hard"}


@dataclasses.dataclass(frozen=True)
class Mapped:
    """One code as the release wrote it, the name it became, and the rule that said so."""

    field: str  # "category" or "difficulty"
    code: str
    name: str
    rule: str  # YOUR_MAP, ASSUMED or NAMED


@dataclasses.dataclass(frozen=True)
class Codes:
    """How to read the codes of one release copy: the user's maps over the defaults."""

    categories: Mapping[str, str]  # the user's, by code as written (stripped)
    difficulties: Mapping[str, str]

    def category(self, value: Any) -> Mapped | None:
        """The category of a "Category" value, or None when nothing maps it."""
        code = _code(value)
        if code in self.categories:
            return Mapped("category", code, self.categories[code], YOUR_MAP)
        if code.upper() in DEFAULT_CATEGORIES:
            return Mapped("category", code, DEFAULT_CATEGORIES[code.upper()], ASSUMED)
        name = _CATEGORY_NAMES.get(_letters(code))
        return Mapped("category", code, name, NAMED) if name else None

    def difficulty(self, value: Any) -> Mapped | None:
        """The difficulty of a "Difficult Level" value, or None when nothing maps it."""
        code = _code(value)
        if code in self.difficulties:
            return Mapped("difficulty", code, self.difficulties[code], YOUR_MAP)
        if code in DEFAULT_DIFFICULTIES:
            return Mapped("difficulty", code, DEFAULT_DIFFICULTIES[code], ASSUMED)
        name = _DIFFICULTY_NAMES.get(code.lower())
        return Mapped("difficulty", code, name, NAMED) if name else None


def read_codes(
    folder: Path,
    category_map: Mapping[str, str] | None = None,
    difficulty_map: Mapping[str, str] | None = None,
) -> Codes:
    """The codes of the release copy in `folder`: its map files, then the arguments, over the defaults.

    Raises:
        UsageError: a map file is not a JSON object of strings, or maps a code to an unknown name.
    """
    return Codes(
        _checked({**_map_file(folder / CATEGORY_MAP), **(category_map or {})}, CATEGORIES, CATEGORY_MAP),
        _checked(
            {**_map_file(folder / DIFFICULTY_MAP), **(difficulty_map or {})}, DIFFICULTIES, DIFFICULTY_MAP
        ),
    )


def _code(value: Any) -> str:
    """A code as text: 2.0 is "2", True is "True", text is stripped."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def _letters(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.lower())


def _map_file(path: Path) -> dict[str, str]:
    """A user's map beside the JSON ({} when there is none)."""
    if not path.exists() and not path.is_symlink():  # a broken link is read, and refused, below
        return {}
    example = '{"D": "ishihara", "E": "no_illusion"}' if path.name == CATEGORY_MAP else '{"0": "easy"}'
    what = "category" if path.name == CATEGORY_MAP else "difficulty"
    fix = f"it must be a JSON object from {what} codes to names, such as {example}"
    found = read_json(path, repr(str(path)), fix, max_bytes=MAX_MAP_BYTES)
    if not isinstance(found, dict) or not all(isinstance(v, str) for v in found.values()):
        raise UsageError(f"{str(path)!r} must be a JSON object from {what} codes to names, such as {example}")
    return found


def _checked(mapping: Mapping[Any, str], names: Sequence[str], file: str) -> dict[str, str]:
    codes = {}
    for code, name in mapping.items():
        if name not in names:
            raise UsageError(f"{file} sends {code!r} to {name!r}; choose from {', '.join(names)}")
        codes[_code(code)] = name
    return codes


def unknown_category(value: Any, image: str, entry: int) -> UsageError:
    """The error for a category code nothing maps, with the map file that fixes it."""
    return UsageError(
        f"unknown category {value!r} for {image!r} (entry {entry}); map it to one of "
        f"{', '.join(CATEGORIES)} in a {CATEGORY_MAP} beside the release's JSON, such as "
        f'{{{json.dumps(_code(value))}: "ishihara"}}'
    )


def unknown_difficulty(value: Any, image: str, entry: int) -> UsageError:
    """The error for a difficulty code nothing maps, with the map file that fixes it."""
    return UsageError(
        f"unknown 'Difficult Level' {value!r} for {image!r} (entry {entry}); only Easy, Neutral, Hard "
        f"and 1-3 have a default meaning: map it to one of {', '.join(DIFFICULTIES)} in a "
        f'{DIFFICULTY_MAP} beside the release\'s JSON, such as {{{json.dumps(_code(value))}: "easy"}}'
    )
