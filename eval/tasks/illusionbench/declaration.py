"""IllusionBench+ lmms-eval tasks: per config and per union, the questions (`test` split) with the
paper's prompt, with lmms-eval's prompt (`_lmms_prompt`) and under every rotation of their options
(`_circular`), and the description prompts (`descriptions` split) asked alone (`_descriptions`) and
step by step (`_stepbystep`). Every name starts with `illusionbench_plus_`, so lmms-eval's own
`illusionbench` task is never shadowed."""

from builders.families import get_family
from builders.illusionbench.plan import DRAWN_CONFIGS, RELEASE_CONFIGS
from eval.tasks.declaration import FamilyTasks, TaskSet, Variant

FAMILY = get_family("illusionbench")
PREFIX = "illusionbench_plus"
#: (task suffix, template) of every variant.
VARIANTS = (
    ("", "_default_template_yaml"),
    ("_lmms_prompt", "_lmms_prompt_template_yaml"),
    ("_circular", "_circular_template_yaml"),
    ("_descriptions", "_descriptions_template_yaml"),
    ("_stepbystep", "_stepbystep_template_yaml"),
)


#: The step-by-step chat sends its image itself (`doc_to_messages`): its `_noimage` twin has a template.
NOIMAGE_TEMPLATES = {"_stepbystep": "_stepbystep_noimage_template_yaml"}


def _variants(tag: str | None) -> tuple[Variant, ...]:
    """Every variant; with `tag`, each tagged `illusionbench_plus_<tag><suffix>`, except step by step,
    which needs a first run's answers (a tag would run it beside the run it replays)."""
    return tuple(
        Variant(
            suffix,
            template,
            tags=(f"{PREFIX}_{tag}{suffix}",) if tag and suffix != "_stepbystep" else (),
            noimage_template=NOIMAGE_TEMPLATES.get(suffix),
        )
        for suffix, template in VARIANTS
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
            _variants(None),
            comment="drawn: every drawn config; all: the whole release (the paper's tables).",
        ),
    ),
)
