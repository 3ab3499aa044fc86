"""All 91 animals in release order (`animal_001_horse` ... `animal_091_serval`), checked as a whole.

Adding an animal is one entry in `mammals.py` or `birds.py` with the next free
number; this module refuses gaps, duplicates and clashing names.
"""

from __future__ import annotations

from builders.core.errors import SpecError
from builders.vlmbias.animals.birds import BIRDS
from builders.vlmbias.animals.mammals import MAMMALS
from builders.vlmbias.animals.species import Species, slug


def build_catalogue(entries: tuple[Species, ...]) -> dict[str, Species]:
    """Name -> entry, ordered by release number; SpecError on gaps, duplicate numbers or names."""
    ordered = sorted(entries, key=lambda entry: entry.number)
    numbers = [entry.number for entry in ordered]
    if numbers != list(range(1, len(ordered) + 1)):
        missing = sorted(set(range(1, max(numbers) + 1)) - set(numbers))
        repeated = sorted({n for n in numbers if numbers.count(n) > 1})
        raise SpecError(
            f"animal numbers must run 1..{len(ordered)} without gaps or repeats; "
            f"missing {missing}, repeated {repeated}"
        )
    catalogue: dict[str, Species] = {}
    slugs: dict[str, str] = {}
    for entry in ordered:
        if entry.name in catalogue or slug(entry.name) in slugs:
            raise SpecError(f"animal name {entry.name!r} is declared twice; give each species one entry")
        catalogue[entry.name] = entry
        slugs[slug(entry.name)] = entry.name
    return catalogue


CATALOGUE: dict[str, Species] = build_catalogue(MAMMALS + BIRDS)
