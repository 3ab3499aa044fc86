"""VISaGE lmms-eval tasks: per config, the seven conditions (`visage_<config>`, split `test`) and the
recognition check (`visage_<config>_recognition`, "What is this object?")."""

from builders.families import get_family
from eval.tasks.declaration import FamilyTasks, TaskSet, Variant
from eval.tasks.templates import Generation, Metric, Template, aggregated, mean
from eval.tasks.visage import utils

CONFIGS = get_family("visage").configs
CONDITIONS = Template(
    "_default_template_yaml",
    "Shared by the VISaGE condition tasks: every row of the `test` split, the paper's seven conditions.\n"
    "The first word of the reply must be yes or no (the paper scores the first token), so generation is\n"
    "short and greedy. Each task YAML includes this and sets task, tag and dataset_name (the config).\n"
    "dataset_path is the Hub repo; to run on a local build, see `python -m eval tasks --help`.",
    split="test",
    visual="utils.doc_to_visual",
    text="utils.doc_to_text",
    target="label",
    process_results="utils.process_results",
    generation=Generation(max_new_tokens=16),
    metrics=(
        mean("accuracy", True),
        mean("parse_failure_rate", False),
        *(aggregated(f"acc_{code}", True) for code in ("1a", "1b", "1c", "1d", "2a", "2b", "2c")),
        aggregated("congruency_category", False),
        aggregated("congruency_exception", False),
        aggregated("semantic_prior", False),
        aggregated("naming_rescue", True),
        aggregated("breakdown", True),
    ),
)
RECOGNITION = Template(
    "_recognition_template_yaml",
    'Shared by the VISaGE recognition tasks: every image of a config asked "What is this object?" (the\n'
    "`recognition` split). Right when the reply names one of the row's accepted answers; the category\n"
    "rate also accepts the category's name. Check these before trusting the condition effects.",
    split="recognition",
    visual="utils.doc_to_visual",
    text="utils.doc_to_text",
    target="answers",
    target_function="utils.recognition_target",
    process_results="utils.process_recognition_results",
    generation=Generation(max_new_tokens=32),
    metrics=(
        mean("recognition_accuracy", True),
        mean("category_recognition", True),
        Metric("breakdown", "aggregate_recognition_breakdown", True),
    ),
)

TASKS = FamilyTasks(
    family="visage",
    templates=(CONDITIONS, RECOGNITION),
    prompt=utils.doc_to_text,
    ask=lambda row, split: RECOGNITION if split == RECOGNITION.split else CONDITIONS,
    category=("condition", "image_type"),
    sets=(
        TaskSet(
            CONFIGS,
            (
                Variant("", CONDITIONS, tags=("visage_conditions",)),
                Variant("_recognition", RECOGNITION, tags=("visage_recognition",)),
            ),
            comment="Run the recognition task first: the condition effects mean little for drawings a\n"
            "model does not recognise.",
        ),
    ),
)
