"""An image's rows: its three or four condition questions (split `test`), and its recognition question."""

from __future__ import annotations

from typing import Any

from builders.core.family import image_columns
from builders.core.raster import Picture
from builders.visage.conditions import RECOGNITION_PROMPT, conditions_for
from builders.visage.predicates import PREDICATE_VERSION
from builders.visage.spec import VisageSpec

#: Condition rows, then the one "What is this object?" row per image (the schema is in `schema.py`).
SPLITS = ("test", "recognition")


def rows(spec: VisageSpec, picture: Picture) -> list[tuple[str, dict[str, Any]]]:
    """(split, row) pairs for one drawn or external image; rows carry everything but the image."""
    text = spec.tuple_text
    common = {
        "image_id": spec.image_id,
        "tuple_id": text.tuple_id,
        "norm_id": text.norm_id,
        "image_type": spec.image_type,
        "category": text.category,
        "category_pl": text.category_pl,
        "exception": text.exception,
        "exception_pl": text.exception_pl,
        "predicate": text.predicate,
        "attribute": text.attribute,
        "norm_text": text.norm_text,
        "name_reveals": text.name_reveals,
        "template_version": PREDICATE_VERSION,
        **image_columns(spec, picture),
    }
    found: list[tuple[str, dict[str, Any]]] = [
        (
            "test",
            {
                **common,
                "id": f"{spec.image_id}-{condition.code}",
                "condition": condition.code,
                "query_type": condition.query_type,
                "name_type": condition.name_type,
                "congruent": condition.congruent,
                "prompt": condition.prompt(text),
                "label": condition.label,
                "answers": [condition.label],
            },
        )
        for condition in conditions_for(spec.image_type)
    ]
    names = text.category_names if spec.image_type == "typical" else text.exception_names
    found.append(
        (
            "recognition",
            {
                **common,
                "id": f"{spec.image_id}-recognition",
                "condition": None,
                "query_type": None,
                "name_type": None,
                "congruent": None,
                "prompt": RECOGNITION_PROMPT,
                "label": None,
                "answers": list(names),
            },
        )
    )
    return found
