"""Score JSON files: written readably, read back safely (by `eval compare` and `eval report`).

A score JSON holds every metric, its `ci95`, and one `outcomes` record per scored row so later
commands can recompute metrics on resampled rows. Nested objects are indented; a list holds one
element per line, written compactly, so tens of thousands of outcome records stay one line each,
and a `[low, high]` interval stays on its line. Reading refuses, in one sentence, a file that is
not a regular file we can read (under `builders.core.user_files`' rules), not UTF-8, begins with a
byte-order mark, is not JSON, nests too deeply, is not an object, or holds NaN or Infinity (which
`eval score` never writes: a tampered number would be printed as "nan" in a report).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from builders.core.bounded_json import KeyPath, key_path, safe_text
from builders.core.user_files import read_text
from eval.errors import UsageError
from eval.jsontext import JSONTextError, parse

_INDENT = "  "
#: The largest score JSON read: a split of 100,000 scored rows writes about 30 MB of outcomes.
MAX_SCORE_BYTES = 512 << 20
SCORE_FIX = "pass the JSON `python -m eval score` wrote"


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


def load(path: Path, role: str, label: str | None = None, fix: str = SCORE_FIX) -> dict[str, Any]:
    """The JSON object in `path`; `role` names the file in messages ("result A"), with its `label` if any.

    Raises:
        UsageError: the file is not a regular file we can read (a folder, a pipe or a device is named
            as what it is), is over `MAX_SCORE_BYTES`, not UTF-8, has a byte-order mark, is not JSON,
            nests too deeply (`eval.jsontext`), is not an object, or holds a number that is not finite
            (NaN or Infinity, which `eval score` never writes): `fix` ends the sentence.
    """
    where = f"{role} {str(path)!r}" + ("" if label is None else f" of {label!r}")
    text = read_text(path, where, fix, max_bytes=MAX_SCORE_BYTES, bom="refuse", error=UsageError)
    try:
        value = parse(text)
    except JSONTextError as error:
        raise UsageError(f"{where} is {error}; {fix}") from None
    if not isinstance(value, dict):
        raise UsageError(
            f"{where} holds a JSON {type(value).__name__}, not an object; it is not a score JSON"
        )
    found = _not_finite(value, ())
    if found is not None:
        number, keys = found
        raise UsageError(
            f"{where} holds {number} at {key_path(keys).removeprefix('.')!r}, a number `eval score` "
            f"never writes (was it changed by hand?); {fix}"
        )
    return value


def _not_finite(value: Any, keys: KeyPath) -> tuple[str, KeyPath] | None:
    """The first NaN or Infinity below `value` (as JSON writes it) and its key path, or None."""
    if isinstance(value, float) and not math.isfinite(value):
        return json.dumps(value), keys
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        if isinstance(item, float | dict | list):
            found = _not_finite(item, (*keys, key))
            if found is not None:
                return found
    return None
