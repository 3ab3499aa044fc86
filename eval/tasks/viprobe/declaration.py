"""VI-Probe lmms-eval tasks: for every case, category and `all`, the paired task (forward and reversed
rows scored together) and the instructed one; the `viprobe` group pools the three categories."""

from collections.abc import Mapping
from typing import Any

from builders.families import get_family
from eval.tasks.declaration import FamilyTasks, Group, TaskSet, Variant
from eval.tasks.templates import NO_IMAGE, Generation, Metric, Template, aggregated, mean
from eval.tasks.viprobe import utils

FAMILY = get_family("viprobe")
CATEGORIES = tuple(union for union in FAMILY.unions if union != "all")
PAIRED = Template(
    "_default_template_yaml",
    "Shared by the paired VI-Probe tasks: each image's forward and reversed rows, scored together\n"
    "(PFA, PFC, TFI, CbW, illusion multiplier). Each task YAML includes this and sets task, tag, "
    "dataset_name.\n"
    "dataset_path is the Hub repo; to run on a local build, see `python -m eval tasks --help`.",
    split="test",
    process_docs="utils.paired_rows",
    visual="utils.doc_to_visual",
    text="utils.doc_to_text",
    target="label",
    process_results="utils.process_results",
    generation=Generation(max_new_tokens=1024),
    metrics=(
        aggregated("pfa", True),
        aggregated("pfc", True),
        aggregated("tfi", False),
        aggregated("cbw", False),
        aggregated("illusion_multiplier", False),
        mean("parse_failure_rate", False),
        aggregated("breakdown", True),
    ),
)
INSTRUCTED = Template(
    "_instructed_template_yaml",
    "Shared by the instructional VI-Probe tasks: the forward question with the paper's visual-comparison\n"
    "instructions as the system message. Single questions: accuracy is forward accuracy; compare it with\n"
    "the forward rows of the paired task for the instruction effect (`python -m eval score` does both).",
    split="test",
    process_docs="utils.instructed_rows",
    visual="utils.doc_to_visual",
    text="utils.doc_to_text",
    messages="utils.instructed_messages",
    target="label",
    process_results="utils.process_instructed_results",
    generation=Generation(max_new_tokens=1024),
    metrics=(
        mean("accuracy", True),
        mean("parse_failure_rate", False),
        Metric("breakdown", "aggregate_instructed_breakdown", True),
    ),
    system="system_prompt",
)
INSTRUCTED_NOIMAGE = Template(
    "_instructed_noimage_template_yaml",
    "The instructional tasks without the image: the visual-comparison instructions as the system message,\n"
    "then the question alone.",
    include=INSTRUCTED,
    visual=NO_IMAGE,
    messages="utils.instructed_messages_noimage",
)


def ask(row: Mapping[str, Any], split: str) -> Template:
    """Instructional rows (polarity `I`, as a name or its class index) are asked with the system message."""
    return INSTRUCTED if row["polarity"] in ("I", utils.INSTRUCTED) else PAIRED


TASKS = FamilyTasks(
    family="viprobe",
    templates=(PAIRED, INSTRUCTED, INSTRUCTED_NOIMAGE),
    prompt=utils.doc_to_text,
    ask=ask,
    category=("variant",),
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
