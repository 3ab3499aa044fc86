"""Read model replies keyed by row id from a JSONL file or an inspect_ai log.

An inspect log (`.eval`, or `.json`) is read by `eval.inspect.log`. In a JSONL file two line shapes
are accepted, so lmms-eval's own logs can be scored without conversion:

- `{"id": "...", "response": "..."}`: the format of `python -m eval score --predictions` (VLMBias
  files may key by the released `ID` instead; both columns hold the same value);
- a line of an lmms-eval `--log_samples` file of our tasks: the reply is `filtered_resps` (what
  `process_results` was given) and the id comes from the graded record our tasks log as a metric
  value (lmms-eval 0.7 drops the doc from the log; a logged `doc.id` is used first), or, for a task of
  lmms-eval's own run on a build (its `doc_id` only), from the rows it read (`eval.doc_ids`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from eval.doc_ids import DocRows
from eval.errors import PredictionsError
from eval.inspect.log import is_inspect_log, read_log_replies
from eval.jsontext import JSONTextError, parse

#: The keys a line may carry its row id under, in order of preference.
ID_KEYS = ("id", "ID")


def read_responses(path: Path, doc_rows: DocRows | None = None) -> dict[str, str]:
    """`{id: reply}` from a JSONL file (blank lines are skipped) or an inspect log; `doc_rows` are the
    rows an lmms-eval task read, for samples lines that name their row by `doc_id` only.

    Raises:
        PredictionsError: the file is missing, a line is not a JSON object of either shape, or an
            id repeats; the message names the line. For an inspect log, see `read_log_replies`.
    """
    if is_inspect_log(path):
        return read_log_replies(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise PredictionsError(f"cannot read predictions file {str(path)!r} ({error.strerror})") from None
    except UnicodeDecodeError:
        raise PredictionsError(f"predictions file {str(path)!r} is not UTF-8 text") from None
    if lines and lines[0].startswith("\ufeff"):
        raise PredictionsError(
            f"predictions file {str(path)!r} begins with a byte-order mark; save it as UTF-8 without one"
        )
    responses: dict[str, str] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        row_id, response = _parse_line(line, f"{path}:{number}", doc_rows)
        if row_id in responses:
            raise PredictionsError(
                f"{path}:{number}: id {row_id!r} already has a prediction; keep one per id"
            )
        responses[row_id] = response
    return responses


def _parse_line(line: str, where: str, doc_rows: DocRows | None) -> tuple[str, str]:
    shape = 'expected {"id": "...", "response": "..."} or an lmms-eval samples line'
    try:
        item: Any = parse(line)
    except JSONTextError as error:
        raise PredictionsError(f"{where}: {error}; {shape}") from None
    if isinstance(item, dict) and "filtered_resps" in item:
        row_id, response = _sample_id(item, doc_rows, where), _first_reply(item["filtered_resps"])
    elif isinstance(item, dict):
        row_id, response = _row_id(item), item.get("response")
    else:
        row_id = response = None
    if not isinstance(row_id, str) or not isinstance(response, str):
        raise PredictionsError(f"{where}: no string id and response; {shape}")
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
