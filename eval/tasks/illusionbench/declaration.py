"""IllusionBench+ lmms-eval tasks: per config and per union, the questions (`test` split) and the
description prompts (`descriptions` split). Every name starts with `illusionbench_plus_`, so
lmms-eval's own `illusionbench` task is never shadowed."""

from builders.families import get_family
from builders.illusionbench.plan import DRAWN_CONFIGS, RELEASE_CONFIGS
from eval.tasks.declaration import FamilyTasks, TaskSet, Variant

FAMILY = get_family("illusionbench")
PREFIX = "illusionbench_plus"
QUESTIONS, DESCRIPTIONS = "_default_template_yaml", "_descriptions_template_yaml"


def _variants(tag: str) -> tuple[Variant, ...]:
    return (
        Variant("", QUESTIONS, tags=(f"{PREFIX}_{tag}",)),
        Variant("_descriptions", DESCRIPTIONS, tags=(f"{PREFIX}_{tag}_descriptions",)),
    )


TASKS = FamilyTasks(
    family="illusionbench",
    prefix=PREFIX,
    sets=(
        TaskSet(
            tuple(c for c in FAMILY.configs if c in DRAWN_CONFIGS),
            _variants("drawn_configs"),
            comment="Drawn by code (built by default).",
        ),
        TaskSet(
            tuple(c for c in FAMILY.configs if c in RELEASE_CONFIGS),
            _variants("release_configs"),
            comment="Read from your copy of the release: build with `--source release DIR` first.",
        ),
        TaskSet(
            tuple(FAMILY.unions),
            (Variant("", QUESTIONS), Variant("_descriptions", DESCRIPTIONS)),
            comment="drawn: every drawn config; all: the whole release (the paper's tables).",
        ),
    ),
)
