"""The toy family's lmms-eval tasks: `toy_squares` (and its `_noimage` twin)."""

from pathlib import Path

from eval.tasks.declaration import FamilyTasks, TaskSet, Variant
from eval.tasks.templates import Generation, Template, aggregated, mean
from tests.toy.tasks import utils

TEMPLATE = Template(
    "_default_template_yaml",
    "The toy family's task: count the squares.",
    split="test",
    visual="utils.doc_to_visual",
    text="utils.doc_to_text",
    target="answer",
    process_results="utils.process_results",
    generation=Generation(max_new_tokens=16),
    metrics=(mean("accuracy", True), aggregated("breakdown", True)),
)

TASKS = FamilyTasks(
    family="toy",
    templates=(TEMPLATE,),
    sets=(TaskSet(("squares",), (Variant("", TEMPLATE),)),),
    prompt=utils.doc_to_text,
    ask=lambda row, split: TEMPLATE,
    category=("count",),
    folder=Path(__file__).parent,
)
