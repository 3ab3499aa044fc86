"""AIpsych lmms-eval tasks: one task per config, `aipsych_<config>`, every prompt its own query.

The aggregations group a task's replies by `set_id` and report the release's rates and ReS, so a
config's task is its whole score; there is no group (the paper reports COCO and Visual Genome
apart, and the synthetic scenes are a third, separate measurement).
"""

from builders.families import get_family
from eval.tasks.declaration import FamilyTasks, TaskSet, Variant

SYNTHETIC = "synthetic"
OFFICIAL = tuple(config for config in get_family("aipsych").configs if config != SYNTHETIC)
TASK = (Variant("", "_default_template_yaml"),)

TASKS = FamilyTasks(
    family="aipsych",
    sets=(
        TaskSet((SYNTHETIC,), TASK),
        TaskSet(
            OFFICIAL,
            TASK,
            comment="The release's questions over your photos: rows exist only in a build made with\n"
            "`python -m builders build aipsych --source official --questions FILE --images DIR`.",
        ),
    ),
)
