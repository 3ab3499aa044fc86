"""Rows of one image: its five question sets, four prompts each, with the image's shared fields.

`scene_rows` gives the 20 rows of a drawn scene, `official_rows` (in `official`) those of a
released record; both go through `set_rows`, so the two configs' rows differ only in content.
Rows carry every column but `image`, which the pipeline adds from the drawn picture.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from builders.aipsych.masks import layout_rows
from builders.aipsych.questions import TEMPLATE_VERSION, QuestionSet, description, scene_question_sets
from builders.aipsych.spec import CONFIG, SceneObject, SceneSpec
from builders.core.family import image_columns
from builders.core.raster import Picture
from builders.core.spec import Spec


def row_id(image_id: str, set_number: int, prompt_idx: int) -> str:
    """`<image_id>-s<set>-p<prompt>`.

    >>> row_id("synthetic-00042", 3, 2)
    'synthetic-00042-s3-p2'
    """
    return f"{set_id(image_id, set_number)}-p{prompt_idx}"


def set_id(image_id: str, set_number: int) -> str:
    return f"{image_id}-s{set_number}"


def set_rows(
    image_id: str,
    sets: Sequence[QuestionSet],
    text: str,
    objects: Sequence[SceneObject],
    references: Sequence[str | None] | None = None,
) -> list[dict[str, Any]]:
    """The question fields of every prompt of `sets`, in order; `references` aligns with the prompts."""
    rows = []
    for question_set in sets:
        for index, prompt in enumerate(question_set.prompts):
            position = (question_set.number - 1) * len(question_set.prompts) + index
            rows.append(
                {
                    "id": row_id(image_id, question_set.number, index + 1),
                    "image_id": image_id,
                    "set_id": set_id(image_id, question_set.number),
                    "set_kind": question_set.kind,
                    "target": question_set.target,
                    "prompt_idx": index + 1,
                    "prompt": prompt,
                    "description": text,
                    "objects": [
                        {"name": obj.name, "colour": obj.colour, "position": obj.position} for obj in objects
                    ],
                    "true_colour": question_set.true_colour,
                    "true_position": question_set.true_position,
                    "offered_positions": list(question_set.offered_positions),
                    "offered_colours": list(question_set.offered_colours),
                    "reference_response": None if references is None else references[position],
                }
            )
    return rows


def question_rows(spec: SceneSpec) -> list[dict[str, Any]]:
    """The 20 question rows of a drawn scene, without the picture's fields."""
    objects = spec.scene_objects
    return set_rows(spec.image_id, scene_question_sets(spec), description(objects), objects)


def scene_rows(spec: SceneSpec, picture: Picture) -> list[dict[str, Any]]:
    """The 20 rows of a drawn scene, complete but for `image`; each row's `layout` names its target asked."""
    shared = {
        **picture_fields(spec, picture),
        "config": CONFIG,
        "setting": spec.setting,
        "clutter": [name for name, _, _ in spec.clutter],
        "source_image": "",
    }
    layouts = layout_rows(spec)
    return [{**row, **shared, "layout": layouts[row["target"]]} for row in question_rows(spec)]


def picture_fields(spec: Spec, picture: Picture, template_version: str = TEMPLATE_VERSION) -> dict[str, Any]:
    """The columns every row of one image shares about its pixels and provenance."""
    return {"template_version": template_version, **image_columns(spec, picture)}
