"""VLMBias metrics as a Hugging Face `evaluate` module, for scoring inside your own scripts.

    import evaluate
    from eval.metric import VLMBIAS          # the folder of this file; a relative path works too
    metric = evaluate.load(VLMBIAS)          # local module: works with HF_HUB_OFFLINE=1
    rows = dataset.remove_columns("image")
    metric.compute(predictions=replies, references=rows["ground_truth"],
                   **{column: rows[column] for column in metric.row_columns})

It computes the metrics `python -m eval score` reports, through `eval.scoring` (without their intervals:
`eval.scoring.score_pairs` adds those).
"""

from __future__ import annotations

from typing import Any

import datasets
import evaluate

from eval.scoring.vlmbias.grading import grade
from eval.scoring.vlmbias.metrics import report

_DESCRIPTION = """\
VLMBias (Vo, Nguyen et al., "Vision Language Models are Biased", arXiv 2505.23941): reads the answer
from each reply (last {...} group, else an unambiguous bare number or yes/no word) and reports
accuracy, bias-aligned rates, parse-failure rate, the paper's task mean and breakdowns.
"""

_KWARGS_DESCRIPTION = """\
Args:
    predictions (list of str): the model's replies.
    references (list of str): the rows' `ground_truth`.
    Optional, one value per reply, named as the dataset's columns (see `row_columns`):
    expected_bias, answer_type, topic, sub_topic, pixel, type_of_question, is_counterfactual, ID.
    Without `answer_type` it is inferred from the ground truth; without `expected_bias` the bias
    rates are None; missing grouping columns read "unspecified" (pixel 0).
Returns:
    dict: accuracy, bias_aligned_rate, bias_aligned_share_of_wrong, parse_failure_rate, n, task_mean,
    by_topic, by_sub_topic, by_pixel, by_type_of_question, original_vs_counterfactual.
"""

_CITATION = """\
@article{vo2025vlmsarebiased,
  title={Vision Language Models are Biased},
  author={Vo, An and Nguyen, Khai-Nguyen and Taesiri, Mohammad Reza and Dang, Vy Tuong
          and Nguyen, Anh Totti and Kim, Daeyoung},
  journal={arXiv preprint arXiv:2505.23941},
  year={2025}
}
"""

_DEFAULTS: dict[str, Any] = {
    "expected_bias": None,
    "answer_type": None,
    "topic": "unspecified",
    "sub_topic": "unspecified",
    "pixel": 0,
    "type_of_question": "unspecified",
    "is_counterfactual": None,
    "ID": None,
}


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class Vlmbias(evaluate.Metric):
    #: The optional per-reply inputs, named as the dataset's columns.
    row_columns = tuple(_DEFAULTS)

    def _info(self) -> evaluate.MetricInfo:
        return evaluate.MetricInfo(
            description=_DESCRIPTION,
            citation=_CITATION,
            inputs_description=_KWARGS_DESCRIPTION,
            features=datasets.Features(
                {"predictions": datasets.Value("string"), "references": datasets.Value("string")}
            ),
        )

    def _compute(self, predictions: list[str], references: list[str], **columns: Any) -> dict[str, Any]:
        unknown = sorted(set(columns) - set(_DEFAULTS))
        if unknown:
            raise ValueError(f"unknown inputs {unknown}; the optional inputs are: {', '.join(_DEFAULTS)}")
        for name, values in columns.items():
            if len(values) != len(predictions):
                raise ValueError(
                    f"{name} has {len(values)} values for {len(predictions)} predictions; give one per reply"
                )
        rows = [
            {
                **{
                    name: columns[name][i] if name in columns else default
                    for name, default in _DEFAULTS.items()
                },
                "ground_truth": references[i],
            }
            for i in range(len(predictions))
        ]
        for i, row in enumerate(rows):
            row["ID"] = str(i) if row["ID"] is None else row["ID"]
        return report([grade(row, reply) for row, reply in zip(rows, predictions, strict=True)])
