"""Score JSON files: written readably, read back safely (by `eval compare` and `eval report`).

A score JSON holds every metric, its `ci95`, and one `outcomes` record per scored row so later
commands can recompute metrics on resampled rows. Nested objects are indented; a list holds one
element per line, written compactly, so tens of thousands of outcome records stay one line each,
and a `[low, high]` interval stays on its line. Reading refuses, in one sentence, a file that is
missing, unreadable, not UTF-8, begins with a byte-order mark, is not JSON, nests too deeply or is
not an object.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from builders.core.bounded_json import safe_text
from eval.errors import UsageError
from eval.jsontext import JSONTextError, parse

_INDENT = "  "


def dumps(value: Any) -> str:
    """`value` as JSON text ending in a newline: objects indented, list elements one per line.

    >>> print(dumps({"ci95": {"accuracy": [0.1, 0.2]}, "ids": ["a", "b"]}), end="")
    {
      "ci95": {
        "accuracy": [0.1, 0.2]
      },
      "ids": [
        "a",
        "b"
      ]
    }
    """
    return safe_text(_dump(value, 0) + "\n")


def _dump(value: Any, depth: int) -> str:
    pad, inner = _INDENT * depth, _INDENT * (depth + 1)
    if isinstance(value, dict) and value:
        items = [
            f"{inner}{json.dumps(str(k), ensure_ascii=False)}: {_dump(v, depth + 1)}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + f"\n{pad}}}"
    if isinstance(value, list) and value and not _is_interval(value):
        items = [inner + json.dumps(item, ensure_ascii=False) for item in value]
        return "[\n" + ",\n".join(items) + f"\n{pad}]"
    return json.dumps(value, ensure_ascii=False)


def _is_interval(value: list[Any]) -> bool:
    return len(value) == 2 and all(isinstance(v, float | int) and not isinstance(v, bool) for v in value)


def load(path: Path, role: str, label: str | None = None) -> dict[str, Any]:
    """The JSON object in `path`; `role` names the file in messages ("result A"), with its `label` if any.

    Raises:
        UsageError: the file is missing, unreadable, not UTF-8, has a byte-order mark, is not JSON,
            nests too deeply (`eval.jsontext`) or is not an object.
    """
    where = f"{role} {str(path)!r}" + ("" if label is None else f" of {label!r}")
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise UsageError(f"{where} does not exist; pass the JSON `python -m eval score` wrote") from None
    except OSError as error:
        raise UsageError(
            f"cannot read {where} ({error.strerror}); check the path and its permissions"
        ) from None
    if data.startswith(b"\xef\xbb\xbf"):
        raise UsageError(f"{where} begins with a byte-order mark; save it as UTF-8 without one")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"{where} is not UTF-8 text; pass the JSON `python -m eval score` wrote") from None
    try:
        value = parse(text)
    except JSONTextError as error:
        raise UsageError(f"{where} is {error}; pass the JSON `python -m eval score` wrote") from None
    if not isinstance(value, dict):
        raise UsageError(
            f"{where} holds a JSON {type(value).__name__}, not an object; it is not a score JSON"
        )
    return value
