"""VLMBias lmms-eval tasks: per topic, one task per split (the background-removed images' two included)
plus the debiased and double-check prompts on `main`; the `vlmbias` group averages the topics' `main`
tasks (the paper's headline). A local overlay also runs lmms-eval's own `vlms_are_biased` on the build,
as `vlmbias_vlms_are_biased`."""

from builders.families import get_family
from builders.vlmbias.columns import NO_BACKGROUND_SPLITS
from eval.tasks.declaration import Borrowed, FamilyTasks, Group, TaskSet, Variant

FAMILY = get_family("vlmbias")
TOPICS = FAMILY.configs
#: Topics with an `original` split (the release has no unmodified patterned grids).
WITH_ORIGINALS = tuple(config for config in TOPICS if FAMILY.topics[config].has_originals)  # type: ignore[attr-defined]
DEFAULT = "_default_template_yaml"

TASKS = FamilyTasks(
    family="vlmbias",
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
                    "_debiased_template_yaml",
                    "main",
                    ("vlmbias_{config}", "vlmbias_debiased"),
                ),
                Variant(
                    "_main_doublecheck",
                    "_doublecheck_template_yaml",
                    "main",
                    ("vlmbias_doublecheck",),
                    noimage_template="_doublecheck_noimage_template_yaml",
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
        # Its YAML names no config, so it reads the default one (`all`, every built topic), split main.
        Borrowed("vlmbias_vlms_are_biased", "vlms_are_biased/vlms_are_biased.yaml", "all", "main"),
    ),
)
