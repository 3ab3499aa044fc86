"""Score a VLMEvalKit prediction file as `eval score` does, for the dataset class's `evaluate`.

The full score JSON (every metric, its `ci95`, the outcomes) is written beside the prediction file;
VLMEvalKit is handed the family's headline metrics as a table, one line per metric with its interval.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from builders.core.atomic import write_file
from eval.data import open_folder
from eval.registry import family_eval
from eval.score import score
from eval.scorefile import dumps
from eval.scoring.bootstrap import flatten

#: The ending of the score JSON written beside a prediction file `<name>.xlsx`: `<name>_score.json`.
SCORE_SUFFIX = "_score.json"


def score_file(data: Path, config: str, split: str | None, predictions: Path) -> tuple[dict[str, Any], Path]:
    """The score JSON of `predictions` on `config`/`split` of the build at `data`, and where it is saved.

    Raises:
        EvalError: what `python -m eval score` refuses (a wrong build, config, split or prediction file).
    """
    family = open_folder(data).family
    result = score(family, data, config, split, predictions)
    out = predictions.with_name(predictions.stem + SCORE_SUFFIX)
    write_file(out, dumps(result))
    return result, out


def headline(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The family's headline metrics of a score JSON: metric, value, the 95 % interval's ends, rows scored."""
    values, bounds = flatten(result), result.get("ci95", {})
    lines = []
    for path in family_eval(result["family"]).scorer.headline:
        low, high = bounds.get(path) or (None, None)
        lines.append({"metric": path, "value": values.get(path), "ci95_low": low, "ci95_high": high})
    return lines
