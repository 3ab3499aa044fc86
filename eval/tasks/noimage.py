"""The visual of every `<task>_noimage` twin: none, so the model gets the same prompt without the image.

The generated twin YAMLs name `no_image` by its module path (`!function eval.tasks.noimage.no_image`),
which lmms-eval imports like any module once see-or-recall is installed.
"""

from __future__ import annotations

from typing import Any


def no_image(doc: dict[str, Any]) -> list[Any]:
    """No visuals: lmms-eval then sends the prompt's text alone."""
    return []
