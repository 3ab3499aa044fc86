"""JSON nobody vouches for, parsed within bounds: the one JSON reader of both packages.

A user's files, a built folder's manifest, prediction lines, score files and a judge's replies are
all read with `parse`, each reader choosing its bounds:

- `max_depth`: how deeply containers may nest (the top object or list is level 1). Deeper text is
  refused even where `json` could read it, so no later recursive step (writing the value back,
  walking it) meets it; text deep enough to exhaust `json`'s own recursion is refused the same way.
- `surrogates`: what to do with a lone UTF-16 surrogate (`"\\ud800"` is valid JSON, but no UTF-8
  file, Parquet column or web page can hold one): `"refuse"` it, or `"replace"` each with U+FFFD
  (keys included), as `safe_text` does for text from elsewhere.

A refusal is one `JSONProblem`, neutral: it names no file and suggests no fix, but carries what a
reader needs to word its own sentence (the kind of problem, json's message with line and column,
the key path to the place). Invalid JSON and an integer of thousands of digits (which Python refuses
to convert) are refusals too.
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal

#: What `parse` does with a lone surrogate: refuse the text, or replace each with U+FFFD.
Surrogates = Literal["refuse", "replace"]
#: A key path: object keys and list indexes from the top down to a value.
KeyPath = tuple[str | int, ...]

_SURROGATE = re.compile("[\ud800-\udfff]")
_STRING_OR_BRACKET = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')


class JSONProblem(ValueError):
    """Why a JSON text was refused; `str()` says it as the words after the text's name ("is not valid
    JSON (...)"), and each reader puts its own name and fix around them (or words it its own way).

    `kind` is one of:

    - "syntax": not JSON; `detail` is json's message, `line` and `column` where it stopped;
    - "number": an integer too long to convert; `detail` is Python's message, shortened;
    - "depth": containers nest more than `limit` levels; `keys` leads to the first too deep, or is
      None when `json` itself ran out of recursion first (so the place is unknown);
    - "surrogate": a string or key at `keys` holds a lone surrogate.
    """

    def __init__(
        self,
        kind: Literal["syntax", "number", "depth", "surrogate"],
        *,
        detail: str = "",
        line: int = 0,
        column: int = 0,
        limit: int = 0,
        keys: KeyPath | None = (),
    ) -> None:
        self.kind = kind
        self.detail = detail
        self.line = line
        self.column = column
        self.limit = limit
        self.keys = keys
        super().__init__(self._clause())

    @property
    def at(self) -> str:
        """The key path as a reader shows it, e.g. `[0].qa_data[3]["Correct Answer"]`; "the top" when
        empty. Long paths are cut to 60 characters.

        >>> JSONProblem("surrogate", keys=(0, "qa_data", 3, "Correct Answer")).at
        '[0].qa_data[3]["Correct Answer"]'
        """
        return key_path(self.keys or ())

    def _clause(self) -> str:
        """What is wrong, as the words after the text's name ("'f.json' is not valid JSON (...)")."""
        if self.kind == "syntax":
            return f"is not valid JSON (line {self.line}, column {self.column}: {self.detail})"
        if self.kind == "number":
            return f"is not valid JSON ({self.detail})"
        if self.kind == "depth":
            place = "" if self.keys is None else f" (at {self.at})"
            return f"nests more than {self.limit} levels deep{place}"
        return (
            f"holds text that is not valid Unicode at {self.at} (a lone surrogate escape such as "
            "\\ud800, which no UTF-8 file can store)"
        )


def parse(text: str | bytes, *, max_depth: int, surrogates: Surrogates) -> Any:
    """The JSON value of `text`, within `max_depth` levels, its lone surrogates handled as `surrogates` says.

    >>> parse('{"id": "a\\\\ud800"}', max_depth=2, surrogates="replace")
    {'id': 'a\\ufffd'}
    >>> parse('[[["x"]]]', max_depth=2, surrogates="refuse")
    Traceback (most recent call last):
    ...
    builders.core.bounded_json.JSONProblem: nests more than 2 levels deep (at [0][0])

    Raises:
        JSONProblem: see the class.
    """
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        detail = error.msg.removesuffix(" at")  # "Unterminated string starting at"
        raise JSONProblem("syntax", detail=detail, line=error.lineno, column=error.colno) from None
    except RecursionError:
        raise JSONProblem("depth", limit=max_depth, keys=None) from None
    except ValueError as error:  # an integer of over 4,300 digits
        raise JSONProblem("number", detail=str(error).split(";")[0][:80]) from None
    if isinstance(value, str):
        return _string(value, (), surrogates)
    _walk(value, max_depth, (), surrogates)
    return value


def key_path(keys: KeyPath) -> str:
    """A key path as messages show it, e.g. `[0].qa_data[3]["Correct Answer"]`; "the top" when empty.
    Long paths are cut to 60 characters.

    >>> key_path(("ci95", "accuracy")), key_path(("k" * 100,))
    ('.ci95.accuracy', '["kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk"]')
    """
    text = "".join(f"[{key}]" if isinstance(key, int) else _field(key) for key in keys)
    text = text or "the top"
    return text if len(text) <= 60 else text[:57] + "..."


def safe_text(text: str) -> str:
    """`text` with each lone surrogate (which UTF-8 cannot encode) replaced by U+FFFD.

    >>> safe_text("ok\\udc80")
    'ok\\ufffd'
    """
    return _SURROGATE.sub("\ufffd", text) if not text.isascii() else text


def too_deep(data: bytes, limit: int) -> bool:
    """Whether the JSON text `data` nests more than `limit` levels deep, found without parsing it.

    For text another library parses (an inspect log): a streaming parser that keeps the key path of
    every value spends tens of gigabytes on JSON nested 100,000 deep. Strings are skipped whole;
    the scan stops at the first level too deep.

    >>> too_deep(b'{"a": "[[[[", "b": [[1]]}', 3), too_deep(b"[[[[1]]]]", 3)
    (False, True)
    """
    depth = 0
    for token in _STRING_OR_BRACKET.finditer(data):
        char = token.group()[:1]
        if char in b"[{":
            depth += 1
            if depth > limit:
                return True
        elif char in b"]}":
            depth -= 1
    return False


def _walk(value: Any, limit: int, keys: KeyPath, surrogates: Surrogates) -> None:
    """Check (or, replacing, fix in place) every string below `value`, found at `keys`; raise at the
    first container nested deeper than `limit` or string refused, in document order."""
    if not isinstance(value, dict | list):
        return
    if len(keys) >= limit:  # `value` is at level len(keys) + 1
        raise JSONProblem("depth", limit=limit, keys=keys)
    if isinstance(value, dict):
        if not all(key.isascii() for key in value):
            renamed = {_string(key, (*keys, key), surrogates): item for key, item in value.items()}
            value.clear()
            value.update(renamed)
        items: Any = value.items()
    else:
        items = enumerate(value)
    for key, item in items:
        if isinstance(item, str):
            if not item.isascii():
                value[key] = _string(item, (*keys, key), surrogates)
        elif isinstance(item, dict | list):
            _walk(item, limit, (*keys, key), surrogates)


def _string(text: str, keys: KeyPath, surrogates: Surrogates) -> str:
    if surrogates == "replace":
        return safe_text(text)
    if _SURROGATE.search(text):
        raise JSONProblem("surrogate", keys=keys)
    return text


def _field(key: str) -> str:
    shown = key.encode("utf-8", "backslashreplace").decode("utf-8")
    return f".{shown}" if shown.isidentifier() and len(shown) <= 40 else f'["{shown[:40]}"]'
