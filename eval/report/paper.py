"""Numbers the papers published, as data, each table with the place it comes from.

Values are as printed (percent, except the illusion multiplier R). They are copied from the checked
specs (`specs/vlmbias.md` §3.3-3.4, `specs/other_benchmarks.md` §1.5), which give the paper's tables.
The report shows a paper row beside a measured model only when the model's label names a model the
paper evaluated (`PaperTable.matching`), and always apart from the measured rows.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping


@dataclasses.dataclass(frozen=True)
class PaperTable:
    """One published table: columns, then a row of printed numbers per model as the paper names it."""

    source: str
    columns: tuple[str, ...]
    rows: Mapping[str, tuple[float, ...]]

    def matching(self, labels: Iterable[str]) -> list[tuple[str, str]]:
        """(label, paper model) for each label that names a model of this table.

        Names match when equal after dropping case, spaces and punctuation ("gpt-4.1" = "GPT-4.1").

        >>> VIPROBE_TABLE_2.matching(["gpt5", "my-model", "Qwen2.5-VL-7B"])
        [('gpt5', 'GPT-5'), ('Qwen2.5-VL-7B', 'Qwen2.5-VL-7B')]
        """
        models = {_key(model): model for model in self.rows}
        return [(label, models[_key(label)]) for label in labels if _key(label) in models]

    def value(self, model: str, column: str) -> float:
        return self.rows[model][self.columns.index(column)]


def _key(name: str) -> str:
    return re.sub(r"[^0-9a-z]", "", name.casefold())


VLMBIAS_TOPICS = (
    "Animals",
    "Logos",
    "Flags",
    "Chess Pieces",
    "Game Boards",
    "Optical Illusion",
    "Patterned Grid",
)

#: Counting accuracy (Q1 & Q2) on counterfactual images per topic, and the task mean.
VLMBIAS_TABLE_2 = PaperTable(
    source="VLMBias paper, Table 2 (specs/vlmbias.md §3.3)",
    columns=(*VLMBIAS_TOPICS, "Task mean"),
    rows={
        "Gemini-2.5 Pro": (0.00, 1.96, 10.42, 26.74, 2.38, 49.81, 20.83, 16.02),
        "Sonnet-3.7": (0.00, 2.72, 13.75, 9.03, 1.79, 54.29, 34.52, 16.59),
        "GPT-4.1": (9.52, 9.07, 2.50, 8.68, 0.00, 48.61, 18.75, 13.88),
        "o3": (0.92, 7.60, 5.00, 42.71, 2.38, 50.38, 20.54, 18.50),
        "o4-mini": (0.18, 9.31, 14.58, 44.10, 4.76, 51.26, 17.56, 20.25),
    },
)

#: Optical-illusion accuracy on the unmodified originals and on the modified images.
VLMBIAS_TABLE_3_ILLUSIONS = PaperTable(
    source="VLMBias paper, Table 3, illusion columns (specs/vlmbias.md §3.4)",
    columns=("original", "counterfactual"),
    rows={
        "Gemini-2.5 Pro": (73.16, 26.52),
        "Sonnet-3.7": (42.68, 65.91),
        "GPT-4.1": (92.17, 5.05),
        "o3": (91.67, 9.09),
        "o4-mini": (90.40, 12.12),
    },
)

#: Task mean per prompt variant.
VLMBIAS_TABLE_5 = PaperTable(
    source="VLMBias paper, Table 5 (specs/vlmbias.md §3.4)",
    columns=("baseline", "in-image title", "debiased prompt", "double-check"),
    rows={
        "Gemini-2.5 Pro": (16.02, 12.04, 19.72, 20.22),
        "Sonnet-3.7": (16.59, 13.78, 19.29, 20.86),
        "GPT-4.1": (13.88, 11.21, 14.38, 16.00),
        "o3": (18.50, 12.09, 18.94, 21.02),
        "o4-mini": (20.25, 13.69, 22.25, 20.61),
    },
)

#: PFA accuracy per image type over all 27 cases, the illusion effects and R; PFC over O, P, OC, PC.
VIPROBE_TABLE_2 = PaperTable(
    source="VI-Probe paper, Table 2 (specs/other_benchmarks.md §1.5)",
    columns=("PFC (O, P, OC, PC)", "O", "P", "OC", "PC", "ΔO", "ΔP", "ΔAve", "R"),
    rows={
        "GPT-5": (82.51, 91.72, 4.45, 96.55, 52.24, -4.83, -47.79, 26.31, 1.97),
        "GPT-5-Mini": (84.86, 87.24, 8.97, 93.45, 30.38, -6.21, -21.41, 13.81, 1.24),
        "GPT-5-Nano": (65.64, 46.21, 47.41, 55.86, 66.14, -9.66, -18.72, 14.19, 0.12),
        "Claude-Opus-4.1": (72.68, 67.93, 27.55, 88.97, 49.17, -21.03, -21.62, 21.33, 1.01),
        "Claude-Sonnet-4.5": (77.65, 70.69, 26.17, 88.97, 45.10, -18.28, -18.93, 18.60, 1.01),
        "Claude-Haiku-4.5": (68.59, 45.52, 50.66, 83.79, 61.55, -38.28, -10.90, 24.59, 0.23),
        "Gemini-2.5-Flash": (77.66, 75.52, 20.90, 92.07, 50.17, -16.55, -29.28, 22.91, 1.30),
        "Gemini-2.5-Flash-Lite": (63.25, 52.07, 42.00, 82.07, 46.72, -30.00, -4.72, 17.36, 0.28),
        "Qwen3-VL-235B-A22B": (75.31, 70.69, 23.14, 88.97, 30.34, -18.28, -7.21, 12.74, 0.81),
        "Qwen3-VL-32B": (79.15, 77.93, 15.55, 89.31, 24.17, -11.38, -8.62, 10.00, 0.96),
        "Qwen3-VL-8B": (68.16, 63.45, 32.72, 93.79, 28.79, -30.34, 3.93, 13.21, 0.47),
        "Qwen2.5-VL-72B": (81.46, 65.17, 17.83, 91.72, 23.83, -26.55, -6.00, 16.28, 0.70),
        "Qwen2.5-VL-32B": (74.15, 61.03, 23.93, 88.28, 19.14, -27.24, 4.79, 11.22, 0.54),
        "Qwen2.5-VL-7B": (65.99, 55.17, 17.83, 83.79, 20.69, -28.62, -2.86, 15.74, 0.59),
        "Qwen2.5-VL-3B": (56.15, 22.41, 14.07, 74.48, 10.72, -52.07, 3.34, 24.36, 0.13),
    },
)
