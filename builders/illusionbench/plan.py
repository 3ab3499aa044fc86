"""Configs and the planner: config + parameters + edition (+ release) -> specs, in a fixed order.

A family turns each spec into an `ImageJob(config, spec.image_id, spec, role=spec.category)`,
draws it with `rows.scene(spec)` and gets its rows with `rows.rows(spec, picture)`.

Drawn configs (no download) are one per drawable category, planned by `drawn_specs` from the
build's parameters (`params.IllusionBenchParameters`); release configs, read from a local
copy with `release.read_release`, are the paper's five categories. `drawn` and `all` are unions.
A release config keeps its first `release_images` images (a parameter; 0 keeps them all); it is
the authors' files, the same in every edition. The first image of each release config carries
what the release could not match (`Release.reported`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from builders.core.errors import UsageError
from builders.core.gallery_view import Fact, Filter, GalleryView, QuestionColumn
from builders.core.hashing import rng_for
from builders.core.spec import SpecRegistry
from builders.illusionbench import scenes
from builders.illusionbench.classic import ILLUSIONS
from builders.illusionbench.columns import CATEGORIES
from builders.illusionbench.params import IllusionBenchParameters
from builders.illusionbench.release import Release, ReleaseImageSpec
from builders.illusionbench.rows import IllusionBenchSpec
from builders.illusionbench.spec import (
    CANVAS_WIDTH,
    DRAWN_CATEGORIES,
    LADDERS,
    SCALES,
    ClassicSpec,
    DrawnSpec,
    IshiharaSpec,
    SceneSpec,
)

DRAWN_CONFIGS = {
    "drawn_classic": "classic",
    "drawn_trap": "trap",
    "drawn_ishihara": "ishihara",
    "drawn_no_illusion": "no_illusion",
}
RELEASE_CONFIGS = {category: category for category in CATEGORIES}
UNIONS = {"drawn": tuple(DRAWN_CONFIGS), "all": tuple(RELEASE_CONFIGS)}
CONFIGS = (*DRAWN_CONFIGS, *RELEASE_CONFIGS)

#: Review pages: a card per image with its statements, questions (options inline) and answers.
GALLERY_VIEW = GalleryView(
    filters=(
        Filter("category", "category"),
        Filter("difficulty", "difficulty"),
        Filter("illusion", "illusion"),
    ),
    facts=(Fact("category"), Fact("illusion"), Fact("difficulty"), Fact("perturbation", "perturbation")),
    questions=(
        QuestionColumn("question_type", "type"),
        QuestionColumn("question", "question", "prompt"),
        QuestionColumn("answer", "answer", "truth"),
    ),
    text="question",
)

SPECS = SpecRegistry(ClassicSpec, IshiharaSpec, SceneSpec, ReleaseImageSpec)


def specs(
    config: str,
    params: IllusionBenchParameters,
    release: Release | None = None,
    edition: int | None = None,
) -> Iterator[IllusionBenchSpec]:
    """Every image of `config` under `params` in `edition` (None: the canonical one); release configs
    need the `release` read from disk, and have no other edition than the release itself.

    Raises:
        UsageError: unknown config, a release config without a release or with an edition seed.
    """
    if config in DRAWN_CONFIGS:
        return drawn_specs(DRAWN_CONFIGS[config], params, edition)
    if config not in RELEASE_CONFIGS:
        raise UsageError(f"unknown config {config!r}; choose from {', '.join(CONFIGS)}")
    if edition is not None:
        raise refuse_edition(config)
    if release is None:
        raise UsageError(
            f"config {config!r} is read from the release; pass --source release DIR with a local copy of "
            "MingZhangSJTU/IllusionBench"
        )
    found = release.in_category(RELEASE_CONFIGS[config])
    kept = params.release_images
    return release.reported(itertools.islice(found, kept) if kept else found)


def refuse_edition(config: str) -> UsageError:
    """The one sentence for `--seed` on a release config: the authors' files have no other edition."""
    return UsageError(
        f"config {config!r} is the release's own images and questions, the same in every edition, so "
        "--seed cannot redraw it; build the release configs without --seed, into a folder of the "
        "canonical edition (--seed draws fresh editions of the drawn configs)"
    )


def digit_order(edition: int | None) -> tuple[int, ...]:
    """The digits plates show in turn: 0-9 in the canonical edition, a fresh order in another, so every
    digit still appears equally often (plate `index` shows `digit_order(edition)[index % 10]`)."""
    digits = list(range(10))
    if edition is not None:
        rng_for("illusionbench", "digits", edition=edition).shuffle(digits)
    return tuple(digits)


def drawn_specs(
    category: str, params: IllusionBenchParameters, edition: int | None = None
) -> Iterator[DrawnSpec]:
    """The specs of one drawn category under the build's parameters and edition, in a fixed order.

    Illusions take turns (index modulo the 11 illusions), levels cycle easy, neutral, hard (index
    modulo 3) and take their perturbation size from the category's ladder, plates' digits cycle
    through `digit_order`, so every count spreads them evenly (with 11 illusions and 3 levels, each
    illusion meets every level once it has 3 images). An edition redraws the random choices and
    keeps all of that.

    Raises:
        UsageError: unknown category.
    """
    if category not in DRAWN_CATEGORIES:
        raise UsageError(f"category {category!r} cannot be drawn; choose from {', '.join(DRAWN_CATEGORIES)}")
    table = params.table(category)
    drawn: dict[str, Any] = {
        "ladder": None if table.ladder == LADDERS[category] else table.ladder,
        "px": None if params.resolution == CANVAS_WIDTH else params.resolution,
        "edition": edition,
    }
    names, digits = list(ILLUSIONS), digit_order(edition)
    for index in range(table.images):
        rng = rng_for("illusionbench", "drawn", category, index, edition=edition)
        step = table.ladder[index % 3]
        if category in ("classic", "trap"):
            name = names[index % len(names)]
            sign = rng.choice((-1, 1)) if ILLUSIONS[name].signed else 1
            scale = round(rng.uniform(*SCALES), 2)
            if category == "classic":  # the step is the inducer's strength; the targets stay equal
                # (0 times the sign: -0.0 after a negative draw, as classic specs have always recorded)
                yield ClassicSpec(
                    illusion=name, index=index, scale=scale, perturbation=sign * 0.0, inducer=step, **drawn
                )
            else:
                yield ClassicSpec(illusion=name, index=index, scale=scale, perturbation=sign * step, **drawn)
        elif category == "ishihara":
            yield IshiharaSpec(index=index, digit=digits[index % 10], contrast=step, **drawn)
        else:
            shape, shapes = scenes.plan_shapes(rng, rng.choice((2, 3, 3, 4)), step)
            yield SceneSpec(index=index, shape=shape, shapes=shapes, perturbation=step, **drawn)
