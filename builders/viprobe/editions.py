"""What a fresh VI-Probe edition redraws per case, and the card's table of it.

A fresh edition (`build viprobe --seed N`) draws, once per base configuration, a base scale within
its sweep bin (`params.drawn_base_scale`) and the case's layout: every factor the case declares
free (`builders/illusions/layout.py`). All six variants and every strength of the configuration
share both, so a control still differs from its illusion only in the inducer, and a perturbed image
from its original only in the strength. The table lists each case's declarations, so it says
exactly what the draw does.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from builders.core.hashing import rng_for
from builders.illusions.engine import IllusionCase
from builders.illusions.layout import Layout, drawn, freedoms


def edition_layout(case: IllusionCase[Any, Any], base_scale: float, edition: int) -> Layout:
    """The layout edition `edition` draws for `case` at grid value `base_scale`."""
    return drawn(case.layout_class, rng_for("viprobe", "layout", case.name, base_scale, edition=edition))


def edition_table(cases: Iterable[IllusionCase[Any, Any]]) -> str:
    """Markdown: per case, what a fresh edition draws anew (its free factors and their ranges)."""
    lines = ["| # | case | a fresh edition draws |", "|---|---|---|"]
    for case in cases:
        factors = "; ".join(
            f"{meaning} ({drawn_range})" for meaning, drawn_range in freedoms(case.layout_class)
        )
        lines.append(f"| {case.number} | {case.title} | {factors or 'nothing beyond the base scale'} |")
    return "\n".join(lines)
