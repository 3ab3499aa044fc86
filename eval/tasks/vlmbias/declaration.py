"""VLMBias lmms-eval tasks: per topic, one task per split (the background-removed images' two included)
plus the debiased and double-check prompts on `main`; the `vlmbias` group averages the topics' `main`
tasks (the paper's headline). A local overlay also runs lmms-eval's own `vlms_are_biased` on the build,
as `vlmbias_vlms_are_biased`."""

from builders.vlmbias.columns import NO_BACKGROUND_SPLITS
from builders.vlmbias.family import FAMILY
from eval.tasks.declaration import Borrowed, FamilyTasks, Group, TaskSet, Variant
from eval.tasks.templates import NO_IMAGE, Generation, Template, aggregated, mean
from eval.tasks.vlmbias import utils

TOPICS = FAMILY.configs
#: Topics with an `original` split (the release has no unmodified patterned grids).
WITH_ORIGINALS = tuple(config for config in TOPICS if FAMILY.topics[config].has_originals)

DEFAULT = Template(
    "_default_template_yaml",
    "Shared by every VLMBias task: each task YAML includes this and sets task, tag, dataset_name, "
    "test_split.\n"
    "dataset_path is the Hub repo; to run on a local build, see `python -m eval tasks --help`.",
    visual="utils.doc_to_visual",
    text="utils.doc_to_text",
    target="ground_truth",
    process_results="utils.process_results",
    generation=Generation(max_new_tokens=1024),
    metrics=(
        mean("accuracy", True),
        aggregated("bias_aligned_rate", False),
        aggregated("bias_aligned_share_of_wrong", False),
        mean("parse_failure_rate", False),
        aggregated("breakdown", True),
    ),
)
DEBIASED = Template(
    "_debiased_template_yaml",
    "The paper's debiased prompt (its section 4.8): this sentence, then a newline, then the question.",
    include=DEFAULT,
    prompt={
        "prefix": "Do not assume from prior knowledge and answer only based on what is visible in the image."
    },
)
DOUBLECHECK = Template(
    "_doublecheck_template_yaml",
    "The paper's double-check variant: the question, the model's own first answer, then a second user\n"
    "turn. The first answers come from an earlier run of the matching `main` task (see utils.py).",
    include=DEFAULT,
    process_docs="utils.attach_first_answers",
    text="utils.doublecheck_transcript",
    messages="utils.doublecheck_messages",
    prompt={
        "double_check": "Please double-check your answer and give your final answer in curly brackets, "
        "following the format above."
    },
)
DOUBLECHECK_NOIMAGE = Template(
    "_doublecheck_noimage_template_yaml",
    "The double-check variant without the image: the question, the model's first answer (replayed from a\n"
    "run of the matching `_main_noimage` task, see utils.py) and the double-check turn, as text only.",
    include=DOUBLECHECK,
    visual=NO_IMAGE,
    messages="utils.doublecheck_messages_noimage",
)

TASKS = FamilyTasks(
    family="vlmbias",
    templates=(DEFAULT, DEBIASED, DOUBLECHECK, DOUBLECHECK_NOIMAGE),
    prompt=utils.doc_to_text,
    ask=lambda row, split: DEFAULT,
    category=("topic",),
    sets=(
        TaskSet(
            TOPICS,
            (
                Variant(
                    "_identification",
                    DEFAULT,
                    "identification",
                    ("vlmbias_{config}", "vlmbias_identification"),
                ),
                Variant("_main", DEFAULT, "main", ("vlmbias_{config}", "vlmbias_main")),
                Variant(
                    "_main_debiased",
                    DEBIASED,
                    "main",
                    ("vlmbias_{config}", "vlmbias_debiased"),
                    result="debiased",
                ),
                Variant(
                    "_main_doublecheck",
                    DOUBLECHECK,
                    "main",
                    ("vlmbias_doublecheck",),
                    noimage_template=DOUBLECHECK_NOIMAGE,
                    result="doublecheck",
                ),
                Variant("_withtitle", DEFAULT, "withtitle", ("vlmbias_{config}", "vlmbias_withtitle")),
                *(
                    Variant(f"_{split}", DEFAULT, split, ("vlmbias_{config}", f"vlmbias_{split}"))
                    for split in NO_BACKGROUND_SPLITS
                ),
            ),
        ),
        TaskSet(
            WITH_ORIGINALS,
            (Variant("_original", DEFAULT, "original", ("vlmbias_{config}", "vlmbias_original")),),
        ),
    ),
    groups=(
        Group(
            name="vlmbias",
            tasks=tuple(f"vlmbias_{topic}_main" for topic in TOPICS),
            metrics=("accuracy", "bias_aligned_rate", "bias_aligned_share_of_wrong", "parse_failure_rate"),
            weight_by_size=False,
            comment=(
                "The paper's headline: counting accuracy on the main split of the seven topics.\n"
                "Accuracy is the unweighted mean of the topic accuracies (the paper's task mean);\n"
                "so are the other rates."
            ),
        ),
    ),
    borrowed=(
        # Its YAML names no config, so it reads the default one (`all`, every built topic), split main;
        # its replies are read by its own rules (`--parser lmms-eval`).
        Borrowed(
            "vlmbias_vlms_are_biased",
            "vlms_are_biased/vlms_are_biased.yaml",
            "all",
            "main",
            result="vlms_are_biased",
            options={"parser": "lmms-eval"},
        ),
    ),
)
