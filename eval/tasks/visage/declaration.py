"""VISaGE lmms-eval tasks: per config, the seven conditions (`visage_<config>`, split `test`) and the
recognition check (`visage_<config>_recognition`, "What is this object?")."""

from builders.families import get_family
from eval.tasks.declaration import FamilyTasks, TaskSet, Variant

CONFIGS = get_family("visage").configs

TASKS = FamilyTasks(
    family="visage",
    sets=(
        TaskSet(
            CONFIGS,
            (
                Variant("", "_default_template_yaml", tags=("visage_conditions",)),
                Variant("_recognition", "_recognition_template_yaml", tags=("visage_recognition",)),
            ),
            comment="Run the recognition task first: the condition effects mean little for drawings a\n"
            "model does not recognise.",
        ),
    ),
)
