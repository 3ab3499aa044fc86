"""`python -m eval score` as a library call: a predictions file scored on one split of a built folder.

The command line, VLMEvalKit's `evaluate` and scripts call `score`; it reads the rows (without their
images) and the replies (JSONL, an lmms-eval samples log, an inspect log or a VLMEvalKit prediction
file), runs the family's scoring (`eval.scoring.score`) and adds what only a file run knows: the
family, config and split, and the ids that did not match.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from builders.core.errors import shown
from eval.data import check_split, default_split, load_rows, open_folder
from eval.doc_ids import DocRows
from eval.errors import UsageError
from eval.predictions import read_replies
from eval.registry import family_eval
from eval.scoring.bootstrap import DEFAULT_RESAMPLES, DEFAULT_SEED
from eval.scoring.score import score_replies


def score(
    family: str,
    data: Path,
    config: str,
    split: str | None,
    predictions: Path,
    options: dict[str, Any] | None = None,
    *,
    blind: Path | None = None,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
) -> dict[str, Any]:
    """The metrics JSON of `predictions` on `config`/`split`, with the ids that did not match.

    Rows without a prediction are left out of the metrics and listed in `missing_ids`; predictions
    for no row are listed in `unknown_ids`. Replies are keyed by the rows' `id` (a family's scorer
    says which row a prediction id answers, `row_id_of`, when one row takes several replies);
    `options` go to the family's scoring (by keyword). `blind` holds replies to the same rows without
    the image; `resamples` and `seed` make the 95 % intervals (`ci95`).

    Raises:
        UsageError: `data` is not a build of `family`, an option is not the family's, or no
            prediction (or blind reply) matches a row.
    """
    scorer = family_eval(family).scorer
    scorer.options.given(family, options or {})  # a misspelt option is refused before any file is read
    folder = open_folder(data)
    if folder.family != family:
        raise UsageError(
            f"{str(data)!r} holds a {folder.family} build, not {family}; "
            f"score it with `python -m eval score {folder.family}`"
        )
    split = default_split(family, split)
    check_split(folder, config, split)
    where = f"{config}/{split}"
    # The rows are read when a file needs them (a VLMEvalKit table, samples lines naming rows by
    # `doc_id`) or after every file is read: a bad file is refused before the Parquet stack loads.
    doc_rows = DocRows(lambda: load_rows(folder, config, split), where, family)
    responses = _some(read_replies(predictions, doc_rows), predictions)
    blind_responses = None if blind is None else _some(read_replies(blind, doc_rows, "--blind file"), blind)
    rows = doc_rows.rows
    row_ids = {row["id"] for row in rows}
    row_of = scorer.row_id_of
    _matching(responses, predictions, row_ids, row_of, where)
    if blind is not None and blind_responses is not None:
        _matching(blind_responses, blind, row_ids, row_of, where)
    scored = score_replies(
        family, rows, responses, blind=blind_responses, resamples=resamples, seed=seed, **(options or {})
    )
    outcomes = scored.pop("outcomes")
    answered = {row_of(prediction) for prediction in responses}
    return {
        **scored,
        "family": family,
        "config": config,
        "split": split,
        "rows": len(rows),
        "missing_ids": [row["id"] for row in rows if row["id"] not in answered],
        "unknown_ids": sorted(prediction for prediction in responses if row_of(prediction) not in row_ids),
        **(
            {}
            if blind_responses is None
            else {"blind_unknown_ids": sorted(p for p in blind_responses if row_of(p) not in row_ids)}
        ),
        "outcomes": outcomes,
    }


def _some(responses: dict[str, str], path: Path) -> dict[str, str]:
    """`responses`, refused in one sentence when the file held none."""
    if not responses:
        raise UsageError(f"predictions file {str(path)!r} holds no predictions; nothing to score")
    return responses


def _matching(
    responses: dict[str, str], path: Path, row_ids: set[str], row_of: Callable[[str], str], where: str
) -> dict[str, str]:
    """`responses`, refused in one sentence when none of them answers a row of `where`."""
    if row_ids.isdisjoint(row_of(prediction) for prediction in responses):
        raise UsageError(
            f"none of the {len(responses)} predictions in {str(path)!r} matches a row of "
            f"{where} (first id: {shown(next(iter(responses)))}); check --config and --split"
        )
    return responses
