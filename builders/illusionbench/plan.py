"""Configs and the planner: config + parameters + edition (+ release) -> specs, in a fixed order.

A family turns each spec into an `ImageJob(config, spec.image_id, spec, role=spec.category)`,
draws it with `rows.scene(spec)` and gets its rows with `rows.rows(spec, picture)`.

Drawn configs (no download) are one per drawable category; release configs, read from a local
copy with `release.read_release`, are the paper's five categories. `drawn` and `all` are unions.
A release config keeps its first `release_images` images (a parameter; 0 keeps them all); it is
the authors' files, the same in every edition. The first image of each release config carries
what the release could not match (`Release.reported`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from builders.core.errors import UsageError
from builders.core.gallery_view import Fact, Filter, GalleryView, QuestionColumn
from builders.core.spec import SpecRegistry
from builders.illusionbench.columns import CATEGORIES
from builders.illusionbench.params import IllusionBenchParameters
from builders.illusionbench.release import Release, ReleaseImageSpec
from builders.illusionbench.rows import IllusionBenchSpec
from builders.illusionbench.spec import ClassicSpec, IshiharaSpec, SceneSpec, drawn_specs

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

SPECS = SpecRegistry()
for _cls in (ClassicSpec, IshiharaSpec, SceneSpec, ReleaseImageSpec):
    SPECS.register(_cls)


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
