"""Charts as SVG text: matplotlib without a display, the same bytes for the same numbers.

Figures are built with `matplotlib.figure.Figure` directly (no pyplot, so no GUI backend and no
global figure state). Three things would otherwise vary between runs and are fixed here: the ids
matplotlib derives for clip paths and glyphs (`svg.hashsalt`, `svg.id`), the metadata block (dropped:
it holds the creation date), and text (drawn as paths with matplotlib's bundled DejaVu Sans, so no
system font is consulted and the page needs none).

Rates arrive as fractions and are drawn as percentages; a missing value (None) draws nothing. A
value that carries a 95 % interval (`eval.report.estimates.Estimate`) gets an error bar.
"""

from __future__ import annotations

import dataclasses
import io
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import matplotlib
from matplotlib.figure import Figure
from matplotlib.typing import RcKeyType

from eval.report.estimates import interval_of

#: Okabe-Ito colours (distinguishable with colour-vision deficiencies), one per model in label order.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
#: Series that are not models (parts of a stacked bar, kinds of curve) are drawn in greys, never in a
#: model's colour: on the page a colour always means the same model. Darkest first.
GREYS = ("#333333", "#777777", "#aaaaaa", "#cccccc", "#e4e4e4")
#: Stacked parts are told apart by hatching too, bottom first.
HATCHES = ("", "///", "...", "xx", "\\\\")

STYLE: dict[RcKeyType, Any] = {
    "svg.hashsalt": "see-or-recall report",
    "svg.id": "figure",
    "svg.fonttype": "path",
    "font.family": "DejaVu Sans",
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "axes.grid.axis": "y",
    "grid.alpha": 0.3,
    "axes.axisbelow": True,
    "legend.frameon": False,
}

Value = float | None
#: Marker and line style of the curves of one panel, in series order.
MARKERS = (("o", "-"), ("s", "--"), ("^", ":"), ("D", "-."))


@dataclasses.dataclass(frozen=True)
class Bars:
    """One panel of grouped bars: in each group, a bar per series (usually a model)."""

    title: str
    groups: tuple[str, ...]
    series: tuple[tuple[str, tuple[Value, ...]], ...]


@dataclasses.dataclass(frozen=True)
class Lines:
    """One panel of curves: each series is (name, ((x, y), ...))."""

    title: str
    series: tuple[tuple[str, tuple[tuple[float, Value], ...]], ...]


def model_colors(labels: Sequence[str]) -> dict[str, str]:
    """A fixed colour per model label, the same in every figure of the page."""
    return {label: PALETTE[index % len(PALETTE)] for index, label in enumerate(labels)}


def part_colors(names: Sequence[str]) -> dict[str, str]:
    """Greys for series that are not models (darkest first), so no model's colour means anything else."""
    return {name: GREYS[index % len(GREYS)] for index, name in enumerate(names)}


def bar_chart(panels: Sequence[Bars], colors: Mapping[str, str], *, ylabel: str, signed: bool = False) -> str:
    """Panels side by side, rates in percent on a 0-100 axis (or -100..100 when `signed`)."""
    with matplotlib.rc_context(STYLE):
        bars = max(len(panel.groups) * max(len(panel.series), 1) for panel in panels)
        width = len(panels) * max(3.2, 0.22 * bars + 1.0)
        figure = Figure(figsize=(max(4.0, width), 3.0), layout="constrained")
        axes = figure.subplots(1, len(panels), squeeze=False)[0]
        for ax, panel in zip(axes, panels, strict=True):
            count = max(len(panel.series), 1)
            width = 0.8 / count
            for index, (name, values) in enumerate(panel.series):
                xs = [g + (index - (count - 1) / 2) * width for g in range(len(panel.groups))]
                shown = [(x, v) for x, v in zip(xs, values, strict=True) if v is not None]
                if not shown:
                    continue  # no bar, so no legend entry
                heights = [100 * v for _, v in shown]
                ax.bar([x for x, _ in shown], heights, width, label=_text(name), color=colors[name])
                _error_bars(ax, [x for x, _ in shown], [v for _, v in shown], colors[name])
                # Numbers beyond the bars and their error bars: a rate of 0 would otherwise be invisible.
                for (x, value), height in zip(shown, heights, strict=True):
                    low, high = _span(value)
                    edge, align = (100 * high + 1, "bottom") if height >= 0 else (100 * low - 1, "top")
                    ax.text(x, edge, f"{height:.0f}", ha="center", va=align, fontsize=6)
            ax.set_xticks(range(len(panel.groups)), [_wrapped(group) for group in panel.groups])
            ax.set_ylim(-108 if signed else 0, 108)
            if signed:
                ax.axhline(0, color="#444444", linewidth=0.8)
            ax.set_title(_text(panel.title))
            ax.set_ylabel(ylabel)
        _legend(figure, axes)
        return _svg(figure)


def line_grid(
    panels: Sequence[Lines], columns: int, colors: Mapping[str, str], *, xlabel: str, ylabel: str
) -> str:
    """Curves in a grid of panels (`columns` wide), rates in percent, shared axes."""
    rows = -(-len(panels) // columns)
    with matplotlib.rc_context(STYLE):
        figure = Figure(figsize=(2.8 * columns + 1.0, 2.3 * rows + 0.6), layout="constrained")
        axes = figure.subplots(rows, columns, squeeze=False, sharex=True, sharey=True)
        for index, ax in enumerate(axes.flat):
            if index >= len(panels):
                ax.set_visible(False)
                continue
            panel = panels[index]
            for (name, points), (marker, dashes) in zip(panel.series, MARKERS, strict=False):
                shown = [(x, y) for x, y in points if y is not None]
                if not shown:
                    continue  # no curve, so no legend entry
                # Curves may coincide (a model that sees gets P and PC alike): markers and dashes differ.
                ax.plot(
                    [x for x, _ in shown],
                    [100 * y for _, y in shown],
                    marker=marker,
                    markersize=4,
                    markerfacecolor="none",
                    linestyle=dashes,
                    label=_text(name),
                    color=colors[name],
                )
                _error_bars(ax, [x for x, _ in shown], [y for _, y in shown], colors[name])
            ax.set_ylim(-5, 105)
            ax.set_title(_text(panel.title))
            ax.grid(True, axis="both", alpha=0.3)
        for ax in axes[-1]:
            ax.set_xlabel(xlabel)
        for ax in axes[:, 0]:
            ax.set_ylabel(ylabel)
        _legend(figure, axes.flat)
        return _svg(figure)


def stacked_bars(
    groups: Sequence[str],
    stacks: Sequence[tuple[str, tuple[Value, ...]]],
    colors: Mapping[str, str],
    *,
    ylabel: str,
) -> str:
    """One bar per group made of the stacks' values in order (e.g. PFA, then CbW on top: PFC)."""
    with matplotlib.rc_context(STYLE):
        figure = Figure(figsize=(max(3.5, 1.1 * len(groups) + 2.0), 3.0), layout="constrained")
        ax = figure.subplots()
        bottom = [0.0] * len(groups)
        for (name, values), hatch in zip(stacks, HATCHES * len(stacks), strict=False):
            if all(v is None for v in values):
                continue  # no bar, so no legend entry
            heights = [0.0 if v is None else 100 * v for v in values]
            ax.bar(
                range(len(groups)),
                heights,
                0.6,
                bottom=bottom,
                label=_text(name),
                color=colors[name],
                hatch=hatch,
                edgecolor="#ffffff",
            )
            bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
        ax.set_xticks(range(len(groups)), [_text(group) for group in groups])
        ax.set_ylim(0, 100)
        ax.set_ylabel(ylabel)
        _legend(figure, [ax])
        return _svg(figure)


def _span(value: float) -> tuple[float, float]:
    """The value's 95 % interval as a fraction, or the value itself when it carries none."""
    interval = interval_of(value)
    return interval if interval is not None else (value, value)


def _error_bars(ax: matplotlib.axes.Axes, xs: Sequence[float], values: Sequence[float], color: str) -> None:
    """An error bar over each value that carries a 95 % interval (percent)."""
    found = [(x, v, interval) for x, v in zip(xs, values, strict=True) if (interval := interval_of(v))]
    if not found:
        return
    below = [max(0.0, 100 * (v - low)) for _, v, (low, _) in found]
    above = [max(0.0, 100 * (high - v)) for _, v, (_, high) in found]
    ax.errorbar(
        [x for x, _, _ in found],
        [100 * v for _, v, _ in found],
        yerr=[below, above],
        fmt="none",
        ecolor=_darker(color),
        elinewidth=0.8,
        capsize=1.5,
    )


def _darker(color: str) -> str:
    """The colour at 60 % brightness: an error bar stays visible on its bar."""
    red, green, blue = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{int(0.6 * channel):02x}" for channel in (red, green, blue))


def _legend(figure: Figure, axes: Iterable[matplotlib.axes.Axes]) -> None:
    """One legend for the figure: every series drawn in any panel, once, in the order first drawn."""
    entries: dict[str, Any] = {}
    for ax in axes:
        for handle, name in zip(*ax.get_legend_handles_labels(), strict=True):
            entries.setdefault(name, handle)
    if entries:
        figure.legend(
            list(entries.values()), list(entries), loc="outside lower center", ncols=min(len(entries), 4)
        )


def _wrapped(text: str) -> str:
    """Group names on two lines or more, so neighbours never overlap ("Optical Illusion")."""
    return "\n".join(textwrap.wrap(_text(text), 10)) or _text(text)


def _text(text: str) -> str:
    """Labels come from the command line and the data: a `$` must not switch matplotlib to maths."""
    return text.replace("$", r"\$")


def _svg(figure: Figure) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata=dict.fromkeys(("Creator", "Date", "Format", "Type")))
    return buffer.getvalue()
