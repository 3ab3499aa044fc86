"""IllusionBench+ lmms-eval tasks: per config and per union, the questions (`test` split) with the
paper's prompt, with lmms-eval's prompt (`_lmms_prompt`) and under every rotation of their options
(`_circular`), and the description prompts (`descriptions` split) asked alone (`_descriptions`) and
step by step (`_stepbystep`). Every name starts with `illusionbench_plus_`, so lmms-eval's own
`illusionbench` task is never shadowed."""

from collections.abc import Mapping
from typing import Any

from builders.families import get_family
from builders.illusionbench.plan import DRAWN_CONFIGS, RELEASE_CONFIGS
from eval.tasks.declaration import FamilyTasks, TaskSet, Variant
from eval.tasks.illusionbench import utils
from eval.tasks.templates import NO_IMAGE, Generation, Template, aggregated, mean

FAMILY = get_family("illusionbench")
PREFIX = "illusionbench_plus"
QUESTIONS = Template(
    "_default_template_yaml",
    "Shared by every IllusionBench+ task (`illusionbench_plus_<config>`, never lmms-eval's own\n"
    "`illusionbench`): the true/false and multiple-choice rows of the `test` split, graded by the strict\n"
    "parser, with lmms-eval's own parser beside it. Each task YAML includes this and sets task and\n"
    "dataset_name. dataset_path is the Hub repo; to run on a local build, see `python -m eval tasks --help`.",
    split="test",
    visual="utils.doc_to_visual",
    text="utils.doc_to_text",
    target="answer",
    process_results="utils.process_results",
    prompt={"prompt": "paper"},
    prompt_notes={"prompt": "or lmms-eval: the question plus lmms-eval's answer instruction"},
    generation=Generation(max_new_tokens=128),
    metrics=(
        mean("accuracy", True),
        aggregated("tf_accuracy", True),
        aggregated("mc_accuracy", True),
        aggregated(
            "fp_ratio",
            False,
            'FP / (FP + FN) over true/false errors: 0.5 is unbiased, near 1 a bias to "True"',
        ),
        mean("parse_failure_rate", False),
        mean("lmms_eval_accuracy", True),
        aggregated("breakdown", True),
    ),
)
LMMS_PROMPT = Template(
    "_lmms_prompt_template_yaml",
    "The IllusionBench+ questions with lmms-eval's own prompt (`illusionbench_plus_<config>_lmms_prompt`):\n"
    'the question plus "Answer with True or False only." or "Answer with the option number (i, ii, iii, or\n'
    "iv) only.\", and lmms-eval's generation settings, as its `illusionbench` task sends them. Its\n"
    "`lmms_eval_accuracy` is then lmms-eval's number on this data; `accuracy` reads the same replies\n"
    "with the strict parser.",
    include=QUESTIONS,
    prompt={"prompt": "lmms-eval"},
    generation=Generation(max_new_tokens=128, top_p=1.0, num_beams=1, stop=None),
)
CIRCULAR = Template(
    "_circular_template_yaml",
    "The circular variant of the IllusionBench+ questions (`illusionbench_plus_<config>_circular`): every\n"
    "multiple-choice question asked under each rotation of its four options (a request per rotation,\n"
    "ids `<row id>#r<k>`), true/false questions once. A question counts under circular accuracy only\n"
    "when every rotation is answered right; `accuracy` is the plain one (rotation 0, the paper's order).",
    include=QUESTIONS,
    process_docs="utils.circular_docs",
    process_results="utils.process_circular",
    metrics=(
        aggregated("accuracy", True),
        aggregated("circular_accuracy", True),
        aggregated("mc_accuracy", True),
        aggregated("mc_circular_accuracy", True),
        aggregated("lmms_eval_circular_accuracy", True),
        aggregated("breakdown", True),
    ),
)
DESCRIPTIONS = Template(
    "_descriptions_template_yaml",
    "Shared by the IllusionBench+ description tasks (`illusionbench_plus_<config>_descriptions`): the\n"
    "paper's two open-ended prompts (semantic, illusion) of the `descriptions` split. lmms-eval only\n"
    "collects the replies (`answered` is the share that is not empty); the paper's 0-2 preciseness comes\n"
    "from `python -m eval score illusionbench --split descriptions --judge-url URL --judge-model NAME`\n"
    "on the samples log (--log_samples), with any OpenAI-compatible judge.",
    split="descriptions",
    visual="utils.doc_to_visual",
    text="utils.doc_to_text",
    target="answer",
    process_results="utils.process_description",
    generation=Generation(max_new_tokens=512),
    metrics=(mean("answered", True), aggregated("replies", True)),
)
STEP_BY_STEP = Template(
    "_stepbystep_template_yaml",
    "The paper's step-by-step questioning (Algorithm 1; `illusionbench_plus_<config>_stepbystep`): per\n"
    "image, the illusion question, the model's own answer to it, then the semantic question, in one\n"
    "chat. lmms-eval's OpenAI-compatible backend has no multi-round generation, so the first answers are\n"
    "replayed from a run of the matching `_descriptions` task: run it with --log_samples, then this task\n"
    "with ILLUSIONBENCH_FIRST_TURN set to its samples .jsonl file. lmms-eval only collects the replies;\n"
    "`python -m eval score illusionbench --split descriptions --predictions <descriptions samples>\n"
    "--step-by-step <these samples> --judge-url URL --judge-model NAME` gives the paper's comparison.",
    include=DESCRIPTIONS,
    process_docs="utils.step_by_step_docs",
    text="utils.step_by_step_transcript",
    messages="utils.step_by_step_messages",
)
STEP_BY_STEP_NOIMAGE = Template(
    "_stepbystep_noimage_template_yaml",
    "The step-by-step chat without the image: the illusion question, the model's first answer (replayed\n"
    "from a run of the matching `_descriptions_noimage` task) and the semantic question, as text only.",
    include=STEP_BY_STEP,
    visual=NO_IMAGE,
    messages="utils.step_by_step_messages_noimage",
)
#: (task suffix, template, the name its results are kept under; None: a judge scores its replies later).
VARIANTS = (
    ("", QUESTIONS, ""),
    ("_lmms_prompt", LMMS_PROMPT, "lmms_prompt"),
    ("_circular", CIRCULAR, "circular"),
    ("_descriptions", DESCRIPTIONS, None),
    ("_stepbystep", STEP_BY_STEP, None),
)
#: The step-by-step chat sends its image itself (`doc_to_messages`): its `_noimage` twin has a template.
NOIMAGE_TEMPLATES = {"_stepbystep": STEP_BY_STEP_NOIMAGE}


def _variants(tag: str | None) -> tuple[Variant, ...]:
    """Every variant; with `tag`, each tagged `illusionbench_plus_<tag><suffix>`, except step by step,
    which needs a first run's answers (a tag would run it beside the run it replays)."""
    return tuple(
        Variant(
            suffix,
            template,
            tags=(f"{PREFIX}_{tag}{suffix}",) if tag and suffix != "_stepbystep" else (),
            noimage_template=NOIMAGE_TEMPLATES.get(suffix),
            result=result,
        )
        for suffix, template, result in VARIANTS
    )


def ask(row: Mapping[str, Any], split: str) -> Template:
    """Description rows as the `_descriptions` tasks ask them; questions with the paper's prompt."""
    return DESCRIPTIONS if split == DESCRIPTIONS.split else QUESTIONS


TASKS = FamilyTasks(
    family="illusionbench",
    templates=(QUESTIONS, LMMS_PROMPT, CIRCULAR, DESCRIPTIONS, STEP_BY_STEP, STEP_BY_STEP_NOIMAGE),
    prompt=utils.doc_to_text,
    ask=ask,
    category=("category",),
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
