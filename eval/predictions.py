"""Read model replies keyed by row `ID` from a JSONL file.

Two line shapes are accepted, so lmms-eval's own logs can be scored without conversion:

- `{"ID": "...", "response": "..."}`: the format of `python -m eval score --predictions`;
- a line of an lmms-eval `--log_samples` file of our tasks: the reply is `filtered_resps` (what
  `process_results` was given) and the `ID` comes from the graded record our tasks log as a metric
  value (lmms-eval 0.7 drops the doc from the log; a logged `doc.ID` is used first).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from eval.errors import PredictionsError


def read_responses(path: Path) -> dict[str, str]:
    """`{ID: reply}` from a JSONL file; blank lines are skipped.

    Raises:
        PredictionsError: the file is missing, a line is not a JSON object of either shape, or an
            `ID` repeats; the message names the line.
    """
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise PredictionsError(f"cannot read predictions file {str(path)!r} ({error.strerror})") from None
    except UnicodeDecodeError:
        raise PredictionsError(f"predictions file {str(path)!r} is not UTF-8 text") from None
    responses: dict[str, str] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        row_id, response = _parse_line(line, f"{path}:{number}")
        if row_id in responses:
            raise PredictionsError(
                f"{path}:{number}: ID {row_id!r} already has a prediction; keep one per ID"
            )
        responses[row_id] = response
    return responses


def _parse_line(line: str, where: str) -> tuple[str, str]:
    shape = 'expected {"ID": "...", "response": "..."} or an lmms-eval samples line'
    try:
        item: Any = json.loads(line)
    except json.JSONDecodeError as error:
        raise PredictionsError(f"{where}: not valid JSON ({error.msg}); {shape}") from None
    if isinstance(item, dict) and "filtered_resps" in item:
        row_id, response = _sample_id(item), _first_reply(item["filtered_resps"])
    elif isinstance(item, dict):
        row_id, response = item.get("ID"), item.get("response")
    else:
        row_id = response = None
    if not isinstance(row_id, str) or not isinstance(response, str):
        raise PredictionsError(f"{where}: no string ID and response; {shape}")
    return row_id, response


def _sample_id(item: dict[str, Any]) -> Any:
    """The row ID of a samples line: from the doc, else from a graded record logged as a metric value."""
    for source in (item.get("doc"), *item.values()):
        if isinstance(source, dict) and "ID" in source:
            return source["ID"]
    return None


def _first_reply(replies: Any) -> Any:
    # One request per doc gives a bare string; lmms-eval keeps a list when there are several.
    while isinstance(replies, list) and replies:
        replies = replies[0]
    return replies
