"""`python -m eval report`: one offline page of figures comparing models on every family scored.

Each `LABEL=RESULT` names a model and an `eval score` JSON or an lmms-eval `--output_path` folder of
our tasks (scored again through `eval.scoring`). The page shows, per family, the paper's figures
with the models side by side, each beside a table of its numbers and the metric's definition; the
paper's published numbers appear as separate rows when a label names a model the paper evaluated.
Inputs that are not results (samples logs of tasks that are not ours) are skipped, never silently:
the page lists each with its reason, and so does standard error.
Each family's part is its `FamilySection` (`eval.report.section`), which its `FamilyEval` names
(`eval.registry`). Drawing needs matplotlib (the `report` extra), so
it is imported only when a report is written: `python -m eval score` does not need it.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from eval.errors import UsageError


def run_report(arguments: Sequence[str], out: Path) -> str:
    """Write the report for `arguments` (LABEL=RESULT each) into `out`; returns what was written."""
    try:
        import matplotlib  # noqa: F401
    except ModuleNotFoundError:
        raise UsageError(
            "the report draws its figures with matplotlib, which is not installed; pip install -e '.[report]'"
        ) from None
    from eval.report.writer import write_report

    written = write_report(arguments, out)
    for skipped in written.skipped:
        print(f"warning: skipped {skipped.source} of {skipped.label!r}: {skipped.reason}", file=sys.stderr)
    return (
        f"wrote a report of {written.models} model(s) on {written.families} family(ies), "
        f"{written.figures} figures, to {written.page}"
        + (f"; skipped {len(written.skipped)} input(s), listed on the page" if written.skipped else "")
    )
