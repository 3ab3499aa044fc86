"""The drawn catalogue: one module per category, each defining `CONCEPT`.

Adding a category is adding its module name here; its tuples follow from its
exceptions. Order is the build order, grouped by domain (`concept.DOMAINS`).
"""

from __future__ import annotations

from builders.core.catalogue import entries
from builders.core.errors import SpecError
from builders.visage.concept import Concept
from builders.visage.predicates import VisageTuple

MODULES = (
    # artefacts
    "clock",
    "guitar",
    "violin",
    "banjo",
    "chair",
    "table",
    "fork",
    "die",
    "pencil",
    "playing_card",
    "snowman",
    "hammer",
    "cup",
    "shoe",
    "coin",
    "basketball",
    # signs
    "stop_sign",
    "traffic_light",
    "warning_sign",
    "yield_sign",
    "crosswalk",
    # vehicles
    "bicycle",
    "helicopter",
    "airplane",
    "taxi",
    # food
    "pizza",
    "doughnut",
    "egg",
    "chocolate_bar",
    "pretzel",
    # body
    "eye",
    "peacock_feather",
    # nature
    "snowflake",
    "rainbow",
    "iceberg",
    "mushroom",
    # animals
    "cat",
    "dog",
    "zebra",
    "tiger",
    "lion",
    "deer",
    "cow",
    "elephant",
    "giraffe",
    "sheep",
    "pig",
    "bear",
    "rhinoceros",
    "swan",
    "cardinal",
    "crow",
    "peacock",
    "goldfish",
    "starfish",
    "ladybug",
    # plants and produce
    "banana",
    "apple",
    "strawberry",
    "carrot",
    "tomato",
    "pumpkin",
    "eggplant",
    "sunflower",
    "cauliflower",
    "watermelon",
    "clover",
    "cactus",
    "tree",
)

CONCEPTS: dict[str, Concept] = {concept.key: concept for concept in entries(__name__, MODULES, "CONCEPT")}

#: Every (norm, exception) tuple of the catalogue, keyed by tuple id (`<concept>-<norm>-<exception>`).
TUPLES: dict[str, VisageTuple] = {t.tuple_id: t for concept in CONCEPTS.values() for t in concept.tuples()}


def concept(key: str) -> Concept:
    """The catalogue entry `key`, or a SpecError listing the known ones."""
    if key not in CONCEPTS:
        raise SpecError(f"unknown VISaGE concept {key!r}; known: {', '.join(CONCEPTS)}")
    return CONCEPTS[key]
