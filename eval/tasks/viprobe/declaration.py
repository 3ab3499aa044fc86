"""VI-Probe lmms-eval tasks: for every case, category and `all`, the paired task (forward and reversed
rows scored together) and the instructed one; the `viprobe` group pools the three categories."""

from builders.families import get_family
from eval.tasks.declaration import FamilyTasks, Group, TaskSet, Variant

FAMILY = get_family("viprobe")
CATEGORIES = tuple(union for union in FAMILY.unions if union != "all")
PAIRED, INSTRUCTED = "_default_template_yaml", "_instructed_template_yaml"
INSTRUCTED_NOIMAGE = "_instructed_noimage_template_yaml"

TASKS = FamilyTasks(
    family="viprobe",
    sets=(
        TaskSet(
            FAMILY.configs,
            (
                Variant("", PAIRED, tags=("viprobe_cases",)),
                Variant(
                    "_instructed",
                    INSTRUCTED,
                    tags=("viprobe_cases_instructed",),
                    noimage_template=INSTRUCTED_NOIMAGE,
                ),
            ),
        ),
        TaskSet(
            CATEGORIES,
            (
                Variant("", PAIRED, tags=("viprobe_categories",)),
                Variant(
                    "_instructed",
                    INSTRUCTED,
                    tags=("viprobe_categories_instructed",),
                    noimage_template=INSTRUCTED_NOIMAGE,
                ),
            ),
        ),
        TaskSet(
            ("all",),
            (Variant("", PAIRED), Variant("_instructed", INSTRUCTED, noimage_template=INSTRUCTED_NOIMAGE)),
            comment="Every case in one task: the paper's pooled numbers (Table 2), R included.",
        ),
    ),
    groups=(
        Group(
            name="viprobe",
            tasks=tuple(f"viprobe_{category}" for category in CATEGORIES),
            metrics=("pfa", "pfc", "tfi", "cbw", "parse_failure_rate"),
            weight_by_size=True,
            comment=(
                "The three categories; each subtask reports its own illusion multiplier R.\n"
                "The group's rates pool the categories by size (PFA, PFC, TFI and CbW are\n"
                "per-image means). For R over everything, run viprobe_all."
            ),
        ),
    ),
)
