"""VLMBias scoring for `python -m eval score`: grade every reply, then every metric.

The parser and metrics live in `answers`, `grading` and `metrics` (exported by
`eval.scoring`); this module is the family's entry point the command line finds
by name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from eval.scoring.grading import grade
from eval.scoring.metrics import report


def score_rows(rows: list[dict[str, Any]], responses: Mapping[str, str]) -> dict[str, Any]:
    """Metrics of the rows that have a reply in `responses` (keyed by the rows' `id`)."""
    return report([grade(row, responses[row["id"]]) for row in rows if row["id"] in responses])
