"""The subject of a released animal photo, for its title bar under `--source upstream`."""

from __future__ import annotations

import re

from builders.vlmbias.animals.catalogue import CATALOGUE
from builders.vlmbias.animals.species import slug
from builders.vlmbias.animals.topic import SUB_TOPIC
from builders.vlmbias.photo_release import ReleasedRow


def released_animal_title(first: ReleasedRow, rows: list[ReleasedRow]) -> str:
    """The animal's name: from the slug in the released ID (`animal_053_arcticfox_...`)."""
    names = {slug(name): name for name in CATALOGUE}
    match = re.match(r"animal_\d+_([a-z]+)_", first.id)
    if match is None:
        return SUB_TOPIC
    return names.get(match.group(1), match.group(1).title())
