"""The AIpsych lmms-eval adapter: its template, its doc functions and its aggregations.

The aggregations must give what `eval.scoring.score_rows` gives for the same replies,
since both are the numbers users compare; docs are built here as lmms-eval hands them over
(PIL image, ClassLabel as its index).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import yaml

from builders.aipsych.plan import scene_spec
from builders.aipsych.rows import question_rows
from builders.aipsych.scene import draw_scene
from builders.core.raster import rasterize_image
from eval.scoring import score_rows
from eval.scoring.aipsych.rates import RATE_KEYS
from eval.scoring.aipsych.sets import SET_KINDS
from eval.tasks.aipsych import utils

TEMPLATE = Path(utils.__file__).with_name("_default_template_yaml")


def _template() -> dict[str, Any]:
    loader = type("Loader", (yaml.SafeLoader,), {})
    loader.add_constructor("!function", lambda loader, node: f"!function {loader.construct_scalar(node)}")
    return yaml.load(TEMPLATE.read_text(), Loader=loader)


def test_the_template_names_every_metric_once_and_only_functions_of_utils() -> None:
    template = _template()
    assert [entry["metric"] for entry in template["metric_list"]] == list(utils.METRICS)
    functions = [template[key] for key in ("doc_to_visual", "doc_to_text", "process_results")]
    functions += [entry["aggregation"] for entry in template["metric_list"]]
    for value in functions:
        name = value.removeprefix("!function utils.")
        assert callable(getattr(utils, name)), name
    assert template["generation_kwargs"]["until"] == [] and template["test_split"] == "test"
    assert template["dataset_path"] == "your-org/aipsych"


def _docs() -> list[dict[str, Any]]:
    spec = scene_spec(5)
    image = rasterize_image(draw_scene(spec), 320, 240)  # any image: the adapter only passes it on
    return [
        {**row, "image": image, "set_kind": SET_KINDS.index(row["set_kind"])} for row in question_rows(spec)
    ]


def test_every_prompt_is_sent_verbatim_with_the_image() -> None:
    docs = _docs()
    for doc in docs:
        (visual,) = utils.doc_to_visual(doc)
        assert visual.mode == "RGB" and visual.size == (320, 240)
        assert utils.doc_to_text(doc) == utils.doc_to_text(doc, {}) == doc["prompt"]
    assert utils.doc_to_text(docs[0]).endswith("(Answer in one or two words.)? ")


def test_aggregations_equal_score_rows_on_the_same_replies() -> None:
    docs = _docs()
    replies = ["Top left.", "Top left. No.", "1. Top left\n2. Yes", "Elsewhere"] * 4 + ["Neither."] * 4
    records = [utils.process_results(doc, [reply]) for doc, reply in zip(docs, replies, strict=True)]
    assert all(set(result) == set(utils.METRICS) for result in records)
    assert records[0]["trap_spotting"]["ID"] == docs[0]["id"]
    expected = score_rows(
        "aipsych", docs, {doc["id"]: reply for doc, reply in zip(docs, replies, strict=True)}
    )
    per_metric = {metric: [result[metric] for result in records] for metric in utils.METRICS}
    for key in RATE_KEYS:
        got = getattr(utils, f"aggregate_{key}")(per_metric[key])
        assert got == expected["rates"][key], key
    assert expected["rates"]["sycophancy_type1"] == 0.8 and expected["rates"]["trap_spotting"] == 0.2
    assert utils.aggregate_reliability_score(per_metric["reliability_score"]) == expected["reliability_score"]
    assert utils.aggregate_quit_rate(per_metric["quit_rate"]) == 0.0
    assert utils.aggregate_parse_failure_rate(per_metric["parse_failure_rate"]) == 0.0
    breakdown = utils.aggregate_breakdown(per_metric["breakdown"])
    assert breakdown["counts"]["sycophancy_type1"] == 4
    # The strict reading beside it judges the first replies against each set's truth, as `eval score` does.
    assert breakdown["alongside"] == expected["alongside"] and "strict" in expected["alongside"]
    assert (breakdown["answered_sets"], breakdown["valid_sets"]) == (5, 5)


def test_an_empty_denominator_is_nan_for_lmms_eval_tables() -> None:
    docs = _docs()[:4]
    records = [utils.process_results(doc, ["I'm sorry."])["valid_response"] for doc in docs]
    assert utils.aggregate_valid_response(records) == 0.0
    assert math.isnan(utils.aggregate_trap_spotting(records))
    assert math.isnan(utils.aggregate_reliability_score(records))
