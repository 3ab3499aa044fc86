"""Spec -> scene and spec + picture -> rows: the two calls a family makes per image.

Both kinds of image go through here: drawn specs (`spec.DrawnSpec`) and the release's photos
(`release.ReleaseImageSpec`). `scene(spec)` draws or decodes the image; `rows(spec, picture)`
returns its `(split, row)` pairs, every field but `image` (the pipeline adds the picture).
"""

from __future__ import annotations

import random
from typing import Any

from builders.core.family import image_columns
from builders.core.hashing import rng_for
from builders.core.raster import Picture
from builders.core.scene import Scene
from builders.core.svg import Canvas
from builders.illusionbench import scenes
from builders.illusionbench.classic import ILLUSIONS
from builders.illusionbench.ishihara import plate
from builders.illusionbench.ishihara import questions as ishihara_questions
from builders.illusionbench.questions import (
    TEMPLATE_VERSION,
    Facts,
    Question,
    descriptions,
    multiple_choice,
    prompt,
    true_false,
)
from builders.illusionbench.release import ReleaseImageSpec, release_picture
from builders.illusionbench.spec import ClassicSpec, DrawnSpec, IshiharaSpec

IllusionBenchSpec = DrawnSpec | ReleaseImageSpec


def scene(spec: IllusionBenchSpec) -> Scene:
    """The image of a spec: a drawn canvas at its own size, or the release's photo."""
    if isinstance(spec, ReleaseImageSpec):
        image = release_picture(spec)
        return Scene(image, image.width, image.height)
    if isinstance(spec, ClassicSpec):
        illusion = ILLUSIONS[spec.illusion]
        canvas = illusion.canvas(spec.scale, spec.perturbation, spec.inducer, edition=spec.edition)
        return Scene(canvas, *spec.size(illusion.width, illusion.height))
    if isinstance(spec, IshiharaSpec):
        canvas = Canvas(plate.SIZE, plate.SIZE, background="#ffffff")
        plate.draw(plate.dots(spec.digit, spec.contrast, _rng(spec, "dots")), canvas)
        return Scene(canvas, *spec.size(plate.SIZE, plate.SIZE))
    canvas = Canvas(scenes.WIDTH, scenes.HEIGHT, background=scenes.BACKGROUND)
    scenes.draw(spec.shape, spec.shapes, canvas)
    return Scene(canvas, *spec.size(scenes.WIDTH, scenes.HEIGHT))


def facts(spec: DrawnSpec) -> Facts:
    """What a drawn image's rows say, computed from its spec."""
    rng = _rng(spec, "facts")
    if isinstance(spec, ClassicSpec):
        titles = [illusion.title for illusion in ILLUSIONS.values()]
        return ILLUSIONS[spec.illusion].facts(spec.perturbation, titles, rng)
    if isinstance(spec, IshiharaSpec):
        return ishihara_questions.facts(spec.digit, rng)
    return scenes.facts(spec.shape, spec.shapes, rng)


def _rng(spec: DrawnSpec, purpose: str) -> random.Random:
    return rng_for("illusionbench", purpose, spec.image_id, edition=spec.edition)


def questions(spec: IllusionBenchSpec) -> list[Question]:
    """Every question of the image: true/false, multiple choice, then the two description prompts."""
    if isinstance(spec, ReleaseImageSpec):
        return spec.questions()
    known = facts(spec)
    return [
        *true_false(known, spec.image_id, spec.index, spec.edition),
        *multiple_choice(known, spec.image_id, spec.edition),
        *descriptions(known),
    ]


def rows(spec: IllusionBenchSpec, picture: Picture) -> list[tuple[str, dict[str, Any]]]:
    """The (split, row) pairs of one image: questions in `test`, description prompts in `descriptions`."""
    if isinstance(spec, ReleaseImageSpec):
        name, source, perturbation = spec.image_name, "release", None
    else:
        name, source, perturbation = f"{spec.image_id}.png", "drawn", spec.perturbation
    common = {
        "image_id": spec.image_id,
        "image_name": name,
        "source": source,
        "category": spec.category,
        "illusion": getattr(spec, "illusion", ""),
        "difficulty": spec.difficulty,
        "perturbation": perturbation,
        "template_version": TEMPLATE_VERSION,
        **image_columns(spec, picture),
    }
    return [
        (
            "test" if question.question_type in ("tf", "mc") else "descriptions",
            {
                **common,
                "id": f"{spec.image_id}-{question.key}",
                "question_type": question.question_type,
                "source_question_type": question.source_type,
                "question": question.question,
                "options": list(question.options),
                "answer": question.answer,
                "prompt": prompt(question.question_type, question.question),
            },
        )
        for question in questions(spec)
    ]
