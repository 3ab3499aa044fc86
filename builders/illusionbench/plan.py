"""Configs, presets and the planner: config + preset (+ release) -> specs, in a fixed order.

A family turns each spec into an `ImageJob(config, spec.image_id, spec, role=spec.category)`,
draws it with `rows.scene(spec)` and gets its rows with `rows.rows(spec, picture)`.

Drawn configs (no download) are one per drawable category; release configs, read from a local
copy with `release.read_release`, are the paper's five categories. `drawn` and `all` are unions.
Under the `lite` preset a release config keeps its first `LITE_RELEASE_IMAGES` images. The first
image of each release config carries what the release could not match (`Release.reported`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from builders.core.errors import UsageError
from builders.core.gallery_view import Fact, Filter, GalleryView, QuestionColumn
from builders.core.spec import SpecRegistry
from builders.illusionbench.columns import CATEGORIES
from builders.illusionbench.release import Release, ReleaseImageSpec
from builders.illusionbench.rows import IllusionBenchSpec
from builders.illusionbench.spec import PRESETS, ClassicSpec, IshiharaSpec, SceneSpec, drawn_specs

DRAWN_CONFIGS = {
    "drawn_classic": "classic",
    "drawn_trap": "trap",
    "drawn_ishihara": "ishihara",
    "drawn_no_illusion": "no_illusion",
}
RELEASE_CONFIGS = {category: category for category in CATEGORIES}
UNIONS = {"drawn": tuple(DRAWN_CONFIGS), "all": tuple(RELEASE_CONFIGS)}
CONFIGS = (*DRAWN_CONFIGS, *RELEASE_CONFIGS)
LITE_RELEASE_IMAGES = 20

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


def specs(config: str, preset: str, release: Release | None = None) -> Iterator[IllusionBenchSpec]:
    """Every image of `config` under `preset`; release configs need the `release` read from disk.

    Raises:
        UsageError: unknown config or preset, or a release config without a release.
    """
    if preset not in PRESETS:
        raise UsageError(f"unknown preset {preset!r}; choose from {', '.join(PRESETS)}")
    if config in DRAWN_CONFIGS:
        return drawn_specs(DRAWN_CONFIGS[config], preset)
    if config not in RELEASE_CONFIGS:
        raise UsageError(f"unknown config {config!r}; choose from {', '.join(CONFIGS)}")
    if release is None:
        raise UsageError(
            f"config {config!r} is read from the release; pass --source release DIR with a local copy of "
            "MingZhangSJTU/IllusionBench"
        )
    found = release.in_category(RELEASE_CONFIGS[config])
    return release.reported(itertools.islice(found, LITE_RELEASE_IMAGES) if preset == "lite" else found)
