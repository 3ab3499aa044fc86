"""Metric arithmetic: hand-computed examples of every metric, and the paper's published aggregates
(Vo et al., arXiv 2505.23941 v1: Tables 2, 3 and 9) recomputed from its own per-topic numbers."""

from __future__ import annotations

import dataclasses

import pytest

from eval.scoring.vlmbias.answers import AnswerKind, ParsedAnswer
from eval.scoring.vlmbias.grading import Graded, grade
from eval.scoring.vlmbias.metrics import (
    Summary,
    accuracy_breakdown,
    breakdown,
    original_vs_counterfactual,
    report,
    summarize,
    task_mean,
)

TABLE2_TOPICS = (
    "Animals",
    "Logos",
    "Flags",
    "Chess Pieces",
    "Game Boards",
    "Optical Illusion",
    "Patterned Grid",
)
# Table 2: counting accuracy (%) on counterfactual images per topic, then the published task mean.
TABLE2 = {
    "Gemini-2.5 Pro": ((0.00, 1.96, 10.42, 26.74, 2.38, 49.81, 20.83), 16.02),
    "Sonnet-3.7": ((0.00, 2.72, 13.75, 9.03, 1.79, 54.29, 34.52), 16.59),
    "GPT-4.1": ((9.52, 9.07, 2.50, 8.68, 0.00, 48.61, 18.75), 13.88),
    "o3": ((0.92, 7.60, 5.00, 42.71, 2.38, 50.38, 20.54), 18.50),
    "o4-mini": ((0.18, 9.31, 14.58, 44.10, 4.76, 51.26, 17.56), 20.25),
}
TABLE2_MEAN_ROW = ((2.12, 6.13, 9.25, 26.25, 2.26, 50.87, 22.44), 17.05)

# Tables 3 and 9: sub-task accuracies (%) with the paper's row counts, then the published topic mean.
# Logos and illusions are left out: their published percentages imply varying denominators.
SUBTASKS = {
    "Animals": ({"Birds": 138, "Mammals": 408}, {
        "Gemini-2.5 Pro": ((0.00, 0.00), 0.00), "Sonnet-3.7": ((0.00, 0.00), 0.00),
        "GPT-4.1": ((5.07, 11.03), 9.52), "o3": ((0.00, 1.23), 0.92), "o4-mini": ((0.00, 0.25), 0.18)}),
    "Flags": ({"Stars": 156, "Stripes": 84}, {
        "Gemini-2.5 Pro": ((11.54, 8.33), 10.42), "Sonnet-3.7": ((20.51, 1.19), 13.75),
        "GPT-4.1": ((3.21, 1.19), 2.50), "o3": ((5.13, 4.76), 5.00), "o4-mini": ((18.59, 7.14), 14.58)}),
    "Chess Pieces": ({"Chess": 144, "Xiangqi": 144}, {
        "Gemini-2.5 Pro": ((17.36, 36.11), 26.74), "Sonnet-3.7": ((7.64, 10.42), 9.03),
        "GPT-4.1": ((11.81, 5.56), 8.68), "o3": ((56.94, 28.47), 42.71), "o4-mini": ((55.56, 32.64), 44.10)}),
    "Patterned Grid": ({"Remove": 168, "Replace or add": 168}, {
        "Gemini-2.5 Pro": ((13.10, 28.57), 20.83), "Sonnet-3.7": ((35.71, 33.33), 34.52),
        "GPT-4.1": ((10.12, 27.38), 18.75), "o3": ((14.88, 26.19), 20.54),
        "o4-mini": ((12.50, 22.62), 17.56)}),
    "Game Boards": ({"Chess": 48, "Go": 24, "Sudoku": 48, "Xiangqi": 48}, {
        "Gemini-2.5 Pro": ((2.08, 0, 0, 6.25), 2.38), "Sonnet-3.7": ((0, 0, 0, 6.25), 1.79),
        "GPT-4.1": ((0, 0, 0, 0), 0.00), "o3": ((0, 0, 0, 8.33), 2.38), "o4-mini": ((16.67, 0, 0, 0), 4.76)}),
}  # fmt: skip


def _graded(topic: str = "Flags", sub_topic: str = "Stars", *, correct: bool, **changes) -> Graded:
    """A graded row with a parsed answer (unparsed when `parsed=False`)."""
    parsed = changes.pop("parsed", True)
    answer = (
        ParsedAnswer("1", AnswerKind.NUMBER, "{1}", (0, 3))
        if parsed
        else ParsedAnswer(None, AnswerKind.UNPARSED)
    )
    fields = {
        "ID": "x",
        "pixel": 384,
        "type_of_question": "Q1",
        "is_counterfactual": True,
        "bias_aligned": False,
    }
    return Graded(topic=topic, sub_topic=sub_topic, answer=answer, correct=correct, **{**fields, **changes})


def _percent(value: float | None) -> float:
    assert value is not None
    return round(100 * value, 2)


@pytest.mark.parametrize("model", sorted(TABLE2))
def test_table2_task_mean_is_the_unweighted_mean_of_topic_accuracies(model):
    topics, published = TABLE2[model]
    assert round(task_mean(dict(zip(TABLE2_TOPICS, topics, strict=True))), 2) == published


def test_table2_mean_row():
    per_model = [task_mean(dict(zip(TABLE2_TOPICS, topics, strict=True))) for topics, _ in TABLE2.values()]
    assert round(sum(per_model) / len(per_model), 2) == TABLE2_MEAN_ROW[1] == 17.05
    columns = zip(*(topics for topics, _ in TABLE2.values()), strict=True)
    assert tuple(round(sum(column) / len(TABLE2), 2) for column in columns) == TABLE2_MEAN_ROW[0]
    assert round(task_mean(dict(zip(TABLE2_TOPICS, TABLE2_MEAN_ROW[0], strict=True))), 2) == 17.05


@pytest.mark.parametrize(
    ("topic", "model"),
    [(topic, model) for topic, (_, models) in SUBTASKS.items() for model in sorted(models)],
)
def test_tables_3_and_9_topic_accuracy_pools_its_sub_tasks(topic, model):
    counts, models = SUBTASKS[topic]
    percents, published = models[model]
    rows = []
    for (sub_topic, n), percent in zip(counts.items(), percents, strict=True):
        correct = round(percent * n / 100)
        rows += [_graded(topic, sub_topic, correct=i < correct) for i in range(n)]
    by_sub_topic = breakdown(rows, "sub_topic")
    assert [_percent(by_sub_topic[sub_topic].accuracy) for sub_topic in counts] == [
        float(p) for p in percents
    ]
    assert _percent(summarize(rows).accuracy) == published
    assert _percent(breakdown(rows, "topic")[topic].accuracy) == published


def test_every_metric_on_a_hand_computed_example():
    base = {"topic": "Game Boards", "sub_topic": "Go Grid", "pixel": 384, "type_of_question": "Q1",
            "ground_truth": "18", "expected_bias": "19", "answer_type": "number",
            "is_counterfactual": True}  # fmt: skip
    illusion = {"topic": "Optical Illusion", "sub_topic": "Ponzo illusion", "pixel": 768,
                "type_of_question": "Q2", "answer_type": "yes_no"}  # fmt: skip
    cases = [
        ({**base}, "{18}"),  # correct
        ({**base}, "{19}"),  # bias-aligned
        ({**base, "pixel": 768}, "{17}"),  # wrong, not bias
        ({**base, "pixel": 768, "type_of_question": "Q2"}, "no idea"),  # unparsed
        ({**base, "type_of_question": "Q2", "expected_bias": None}, "{19}"),  # no bias named: wrong only
        ({**illusion, "ground_truth": "Yes", "expected_bias": "No", "is_counterfactual": False}, "{Yes}"),
        ({**illusion, "ground_truth": "Yes", "expected_bias": "No", "is_counterfactual": False}, "{No}"),
        ({**illusion, "ground_truth": "No", "expected_bias": "Yes", "is_counterfactual": True}, "{Yes}"),
    ]
    graded = [grade({**row, "ID": str(i)}, reply) for i, (row, reply) in enumerate(cases)]
    assert [g.correct for g in graded] == [True, False, False, False, False, True, False, False]
    assert [g.bias_aligned for g in graded] == [False, True, False, False, None, False, True, True]

    # 2 correct of 8; 3 bias-aligned of the 7 rows naming a bias; of the wrong parsed answers with a
    # bias named ({19}, {17}, {No}, {Yes}) 3 are aligned; 1 unparsed of 8.
    assert summarize(graded) == Summary(8, 2 / 8, 3 / 7, 3 / 4, 1 / 8)
    result = report(graded)
    assert result["task_mean"] == pytest.approx((1 / 5 + 1 / 3) / 2)  # topics 1/5 and 1/3, unweighted
    assert result["by_topic"]["Game Boards"] == dataclasses.asdict(Summary(5, 1 / 5, 1 / 4, 1 / 2, 1 / 5))
    assert result["by_pixel"] == {
        "384": dataclasses.asdict(Summary(3, 1 / 3, 1 / 2, 1.0, 0.0)),
        "768": dataclasses.asdict(Summary(5, 1 / 5, 2 / 5, 2 / 3, 1 / 5)),
    }
    assert {key: value["n"] for key, value in result["by_type_of_question"].items()} == {"Q1": 3, "Q2": 5}
    assert set(result["by_sub_topic"]) == {"Go Grid", "Ponzo illusion"}
    assert result["original_vs_counterfactual"] == {
        "original": dataclasses.asdict(Summary(2, 1 / 2, 1 / 2, 1.0, 0.0)),
        "counterfactual": dataclasses.asdict(Summary(1, 0.0, 1.0, 1.0, 0.0)),
        "accuracy_gap": 1 / 2,
    }
    assert accuracy_breakdown(graded)["original_vs_counterfactual"] == {
        "original": 0.5,
        "counterfactual": 0.0,
    }
    assert accuracy_breakdown(graded)["pixel"] == {"384": 1 / 3, "768": 1 / 5}


def test_empty_denominators_are_none_not_zero():
    assert summarize([]) == Summary(0, None, None, None, None)
    assert task_mean({}) is None and task_mean({"Flags": None}) is None
    assert original_vs_counterfactual([_graded(correct=True)]) is None
    all_correct = [_graded(correct=True), _graded(correct=True)]
    assert summarize(all_correct).bias_aligned_share_of_wrong is None
    no_bias = [_graded(correct=False, bias_aligned=None)]
    assert summarize(no_bias).bias_aligned_rate is None
    assert report([])["by_topic"] == {} and report([])["task_mean"] is None
    with pytest.raises(ValueError, match="cannot break down by 'ID'; choose from: topic, sub_topic"):
        breakdown(all_correct, "ID")


def test_grade_reads_answer_types_and_released_rows_without_typed_columns():
    row = {"ID": "q", "topic": "Flags", "sub_topic": "Flags 2D Stars", "pixel": 384, "type_of_question": "Q3",
           "ground_truth": "No", "expected_bias": "Yes"}  # fmt: skip
    for answer_type in (1, "yes_no", None):  # class-label index, name, or inferred from the truth
        graded = grade({**row, "answer_type": answer_type}, "{No}")
        assert graded.correct and graded.answer.kind is AnswerKind.YES_NO
    # The released data has no `is_counterfactual`: the paper's conventions decide.
    assert grade(row, "{No}").is_counterfactual
    assert not grade({**row, "expected_bias": None}, "x").is_counterfactual
    illusion = {**row, "topic": "Optical Illusion", "ground_truth": "Yes", "expected_bias": "No"}
    assert not grade(illusion, "{Yes}").is_counterfactual
    assert grade({**illusion, "is_counterfactual": True}, "{Yes}").is_counterfactual
    assert not grade(
        {**illusion, "is_counterfactual": True, "modification": "none"}, "{Yes}"
    ).is_counterfactual


def test_graded_records_round_trip_through_json_types():
    graded = grade({"ID": "q", "topic": "T", "sub_topic": "S", "pixel": 1152, "type_of_question": "Q1",
                    "ground_truth": "5", "expected_bias": "4"}, "I see {five} legs")  # fmt: skip
    record = graded.to_record()
    assert record["answer"] == {"value": "5", "kind": "number", "raw": "{five}", "span": (6, 12)}
    assert Graded.from_record({**record, "answer": {**record["answer"], "span": [6, 12]}}) == graded
