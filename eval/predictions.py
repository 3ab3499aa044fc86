"""Read model replies keyed by row id, from every kind of predictions file `eval score` takes.

`read_replies` is the one entry for `--predictions` and `--blind`; `read_responses` for files of
replies alone (`--step-by-step`, a replayed first answer). Every file is read through the user-file
rules of `builders.core.user_files` (regular files only: a folder, device, pipe or link loop is named
as what it is and never waited on; a size cap; no byte-order mark):

- a VLMEvalKit prediction file (`.xlsx`, `.tsv`, `.csv`), by its ending (`eval.vlmevalkit.table`);
- an inspect_ai log (`.eval`, or `.json` laid out as inspect writes one: `eval.inspect.log`);
- JSONL, streamed line by line, in either of two line shapes, so lmms-eval's own logs can be scored
  without conversion:
  - `{"id": "...", "response": "..."}`: the format of `python -m eval score --predictions` (VLMBias
    files may key by the released `ID` instead; both columns hold the same value);
  - a line of an lmms-eval `--log_samples` file of our tasks: the reply is `filtered_resps` (what
    `process_results` was given) and the id comes from the graded record our tasks log as a metric
    value (lmms-eval 0.7 drops the doc from the log; a logged `doc.id` is used first), or, for a
    task of lmms-eval's own run on a build (its `doc_id` only), from the rows it read (`eval.doc_ids`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from builders.core.errors import shown
from builders.core.user_files import text_lines
from eval.doc_ids import DocRows
from eval.errors import PredictionsError
from eval.inspect.log import is_inspect_log, read_log_replies
from eval.jsontext import JSONTextError, parse
from eval.vlmevalkit.table import is_table, read_table

#: The keys a line may carry its row id under, in order of preference.
ID_KEYS = ("id", "ID")
#: The largest JSONL file read, and its longest line: a reply with long reasoning is tens of kilobytes.
MAX_JSONL_BYTES = 1 << 30
MAX_LINE_BYTES = 64 << 20
SHAPE = 'expected {"id": "...", "response": "..."} or an lmms-eval samples line'
FIX = "pass the JSONL, samples log, inspect log or VLMEvalKit file the model's run wrote"


def read_replies(path: Path, doc_rows: DocRows, role: str = "predictions file") -> dict[str, str]:
    """`{id: reply}` of any predictions file: a VLMEvalKit table (by its ending; rows by index), an
    inspect log or JSONL (`read_responses`); `doc_rows` are the config and split scored.

    Raises:
        PredictionsError: one sentence naming the file (as `role`), the place in it and the fix.
    """
    if is_table(path):
        return read_table(path, [row["id"] for row in doc_rows.rows], doc_rows.where, role)
    return read_responses(path, role, doc_rows)


def read_responses(
    path: Path, role: str = "predictions file", doc_rows: DocRows | None = None
) -> dict[str, str]:
    """`{id: reply}` from a JSONL file (blank lines are skipped) or an inspect log; `doc_rows` are the
    rows an lmms-eval task read, for samples lines that name their row by `doc_id` only.

    Raises:
        PredictionsError: the file is not a regular file we can read, a line is not a JSON object of
            either shape, or an id repeats; the message names the line. For an inspect log, see
            `read_log_replies`.
    """
    if is_inspect_log(path):
        return read_log_replies(path, role)
    name = f"{role} {str(path)!r}"
    lines = text_lines(
        path,
        name,
        FIX,
        max_bytes=MAX_JSONL_BYTES,
        max_line_bytes=MAX_LINE_BYTES,
        bom="refuse",
        error=PredictionsError,
    )
    responses: dict[str, str] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        row_id, response = _parse_line(line, f"{path}:{number}", doc_rows)
        if row_id in responses:
            raise PredictionsError(
                f"{path}:{number}: id {shown(row_id)} already has a prediction; keep one per id"
            )
        responses[row_id] = response
    return responses


def _parse_line(line: str, where: str, doc_rows: DocRows | None) -> tuple[str, str]:
    try:
        item: Any = parse(line)
    except JSONTextError as error:
        raise PredictionsError(f"{where}: {error}; {SHAPE}") from None
    if isinstance(item, dict) and "filtered_resps" in item:
        row_id, response = _sample_id(item, doc_rows, where), _first_reply(item["filtered_resps"])
    elif isinstance(item, dict):
        row_id, response = _row_id(item), item.get("response")
    else:
        row_id = response = None
    if not isinstance(row_id, str) or not isinstance(response, str):
        raise PredictionsError(f"{where}: no string id and response; {SHAPE}")
    return row_id, response


def _row_id(item: dict[str, Any]) -> Any:
    return next((item[key] for key in ID_KEYS if key in item), None)


def _sample_id(item: dict[str, Any], doc_rows: DocRows | None, where: str) -> Any:
    """The row id of a samples line: from the doc, else from a graded record logged as a metric value,
    else from the rows the task read, by its `doc_id`."""
    for source in (item.get("doc"), *item.values()):
        if isinstance(source, dict) and _row_id(source) is not None:
            return _row_id(source)
    return None if doc_rows is None else doc_rows.row_id(item, where)


def _first_reply(replies: Any) -> Any:
    # One request per doc gives a bare string; lmms-eval keeps a list when there are several.
    while isinstance(replies, list) and replies:
        replies = replies[0]
    return replies
