"""Read JSON a user or an endpoint gave us, bounded: every reader of the `eval` package goes through `parse`.

Prediction lines, samples-log lines, score JSONs and a judge's reply are read with `parse`, which
turns each way such text can be hostile into one `JSONTextError` whose message is a clause the
caller puts after "is" or a colon ("not valid JSON (...)", "JSON that nests too deeply (...)"):

- invalid JSON, an integer of thousands of digits, and nesting deep enough to exhaust Python's
  recursion (a RecursionError inside `json`) are refused;
- nesting deeper than `MAX_DEPTH` levels is refused even when `json` could read it, so no later
  recursive step (writing the JSON back, attaching intervals) meets it;
- a lone UTF-16 surrogate (`"\\ud800"` is valid JSON) cannot be written as UTF-8, so each becomes
  U+FFFD in every string, keys included (`safe_text` does the same for text from elsewhere).

(The builders' manifest reader bounds depth its own way; the two could become one shared loader.)
"""

from __future__ import annotations

import json
import re
from typing import Any

#: How deeply read JSON may nest; `eval score` writes at most about six levels.
MAX_DEPTH = 64
_SURROGATE = re.compile("[\ud800-\udfff]")
_STRING_OR_BRACKET = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')


class JSONTextError(ValueError):
    """The text is not JSON we read; the message is a clause to follow "is" after the text's name."""


def parse(text: str | bytes) -> Any:
    """The JSON value of `text`, its lone surrogates replaced (see the module docstring).

    >>> parse('{"id": "a\\\\ud800"}')
    {'id': 'a\\ufffd'}

    Raises:
        JSONTextError: the text is not JSON or nests more than `MAX_DEPTH` levels deep.
    """
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        reason = error.msg.removesuffix(" at")  # "Unterminated string starting at"
        raise JSONTextError(f"not valid JSON ({reason} at line {error.lineno})") from None
    except RecursionError:
        raise JSONTextError(f"JSON that nests too deeply (more than {MAX_DEPTH} levels)") from None
    except ValueError as error:  # an integer of over 4,300 digits
        raise JSONTextError(f"not JSON we read ({str(error).split(';')[0][:80]})") from None
    return _checked(value)


def too_deep(data: bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON text `data` nests more than `limit` levels deep, found without parsing it.

    For text another library parses (an inspect log): its streaming parser keeps the key path of
    every value, so JSON nested 100,000 deep costs it tens of gigabytes. Strings are skipped whole;
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


def safe_text(text: str) -> str:
    """`text` with each lone surrogate (which UTF-8 cannot encode) replaced by U+FFFD.

    >>> safe_text("ok\\udc80")
    'ok\\ufffd'
    """
    return _SURROGATE.sub("\ufffd", text) if not text.isascii() else text


def _checked(value: Any) -> Any:
    """`value` with safe strings, walked without recursion; refuses nesting deeper than MAX_DEPTH."""
    if isinstance(value, str):
        return safe_text(value)
    if not isinstance(value, dict | list):
        return value
    stack: list[tuple[dict[str, Any] | list[Any], int]] = [(value, 1)]
    while stack:
        container, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise JSONTextError(f"JSON that nests too deeply (more than {MAX_DEPTH} levels)")
        if isinstance(container, dict):
            if any(not key.isascii() for key in container):
                fixed = {safe_text(key): item for key, item in container.items()}
                container.clear()
                container.update(fixed)
            items = container.items()
        else:
            items = enumerate(container)
        for key, item in list(items):
            if isinstance(item, str):
                if not item.isascii():
                    container[key] = safe_text(item)  # type: ignore[index]
            elif isinstance(item, dict | list):
                stack.append((item, depth + 1))
    return value
