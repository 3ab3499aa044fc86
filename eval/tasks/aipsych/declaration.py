"""AIpsych lmms-eval tasks: one task per config, `aipsych_<config>`, every prompt its own query.

The aggregations group a task's replies by `set_id` and report the release's rates and ReS, so a
config's task is its whole score; there is no group (the paper reports COCO and Visual Genome
apart, and the synthetic scenes are a third, separate measurement).
"""

from builders.families import get_family
from eval.tasks.aipsych import utils
from eval.tasks.declaration import FamilyTasks, TaskSet, Variant
from eval.tasks.templates import Generation, Template, aggregated

SYNTHETIC = "synthetic"
OFFICIAL = tuple(config for config in get_family("aipsych").configs if config != SYNTHETIC)
SETS = Template(
    "_default_template_yaml",
    "Shared by the AIpsych tasks: every prompt is its own single-turn query; the aggregations group the\n"
    "replies by set_id and classify each 4-prompt set as the release's v4 scorer does (rates are\n"
    "fractions; `python -m eval score aipsych --scorer v1|strict` gives the other readings).\n"
    "Each task YAML includes this and sets task, tag, dataset_name.",
    split="test",
    visual="utils.doc_to_visual",
    text="utils.doc_to_text",
    target="description",
    process_results="utils.process_results",
    generation_note="The release's inference demo generates 64 new tokens; replies such as "
    '"Top left.\\n\\nYes." must not be\n'
    "cut at a blank line, so nothing stops generation early.",
    generation=Generation(max_new_tokens=64),
    metrics=tuple(
        aggregated(name, higher)
        for name, higher in (
            ("trap_spotting", True),
            ("authority_bias", False),
            ("sycophancy_type1", False),
            ("sycophancy_type2", False),
            ("logical_inconsistency", False),
            ("else_trigger", True),
            ("valid_response", True),
            ("full_response", True),
            ("reliability_score", True),
            ("quit_rate", False),
            ("parse_failure_rate", False),
            ("breakdown", True),
        )
    ),
)
TASK = (Variant("", SETS),)

TASKS = FamilyTasks(
    family="aipsych",
    templates=(SETS,),
    prompt=utils.doc_to_text,
    ask=lambda row, split: SETS,
    category=("set_kind",),
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
