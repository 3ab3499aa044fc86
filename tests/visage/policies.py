"""Answering policies for VISaGE rows, and the accuracy per condition each one implies.

A policy sees what a model could: the row's question (does it name the category or the exception?)
and its image (typical or exceptional). The implied accuracies are worked out by hand from the
paper's condition table, so scoring code that disagrees with them fails.
"""

from __future__ import annotations

from typing import Any

CODES = ("1a", "1b", "1c", "1d", "2a", "2b", "2c")

#: condition -> accuracy each policy implies (paper Fig. 2 labels: yes for 1a, 1b, 2a; no otherwise).
IMPLIED = {
    "truth": dict.fromkeys(CODES, 1.0),
    # The generic decides: yes for the category, no for the exception; wrong only when an
    # exceptional image is asked about as the category (2b).
    "follow the name": {"1a": 1.0, "1b": 1.0, "1c": 1.0, "1d": 1.0, "2a": 1.0, "2b": 0.0, "2c": 1.0},
    # The picture decides: yes for a typical image; wrong when a concept question's answer is not
    # the picture's (1b, 1d).
    "follow the image": {"1a": 1.0, "1b": 0.0, "1c": 1.0, "1d": 0.0, "2a": 1.0, "2b": 1.0, "2c": 1.0},
    "always yes": {"1a": 1.0, "1b": 1.0, "1c": 0.0, "1d": 0.0, "2a": 1.0, "2b": 0.0, "2c": 0.0},
}


def _name(value: int | str, names: tuple[str, ...]) -> str:
    return names[value] if isinstance(value, int) else value


def choose(row: dict[str, Any], policy: str) -> str:
    """ "yes" or "no" for a condition row (class labels as names or indices) under `policy`."""
    if policy == "truth":
        return _name(row["label"], ("no", "yes"))
    if policy == "follow the name":
        return "yes" if _name(row["name_type"], ("category", "exception")) == "category" else "no"
    if policy == "follow the image":
        return "yes" if _name(row["image_type"], ("typical", "exceptional")) == "typical" else "no"
    if policy == "always yes":
        return "yes"
    raise ValueError(policy)
