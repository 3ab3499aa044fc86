"""Read JSON a user or an endpoint gave us, bounded: every reader of the `eval` package goes through `parse`.

Prediction lines, samples-log lines, score JSONs and a judge's reply are read with `parse`, the
shared bounded reader (`builders.core.bounded_json`) under the eval side's bounds: nesting deeper
than `MAX_DEPTH` levels is refused (`eval score` writes about six), and each lone UTF-16 surrogate
becomes U+FFFD (a reply may hold anything, and is still scored). A refusal is one `JSONTextError`
whose message is a clause the caller puts after "is" or a colon ("not valid JSON (...)", "JSON
that nests too deeply (...)").
"""

from __future__ import annotations

from typing import Any

from builders.core.bounded_json import JSONProblem
from builders.core.bounded_json import parse as parse_bounded

#: How deeply read JSON may nest; `eval score` writes at most about six levels.
MAX_DEPTH = 64


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
        return parse_bounded(text, max_depth=MAX_DEPTH, surrogates="replace")
    except JSONProblem as problem:
        raise JSONTextError(_clause(problem)) from None


def _clause(problem: JSONProblem) -> str:
    if problem.kind == "syntax":
        return f"not valid JSON ({problem.detail} at line {problem.line})"
    if problem.kind == "number":
        return f"not JSON we read ({problem.detail})"
    return f"JSON that nests too deeply (more than {MAX_DEPTH} levels)"  # surrogates are replaced
