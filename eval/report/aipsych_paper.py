"""The AIpsych paper's published tables, as data, and which scorer each column follows.

Values are as printed (percent; ReS x 100), from the paper's appendix: Tables 6, 7 and 10 (COCO),
8 and 9 (Visual Genome) and 2 (the human survey); the model names are the paper's. Run on the
release's own GPT-4o replies to its Visual Genome file (4,860 sets), the release's first scorer
(`v1`) gives Table 8's SycoI, AB, SycoII and LI to the printed digit, and its later scorer (`v4`)
gives Table 9's Trap, Else and ReS (v1: 4.23, 19.72, 49.36; v4: 4.22, 19.81, 49.28; printed 4.22,
19.81, 49.3): the tables mix the two, so no one scorer reproduces a whole row. `SCORER_OF_COLUMN`
records that; Table 10's Valid and Full (COCO only) are not checked against any replies. The human
row is a hand-coded survey: it follows the paper's taxonomy (a trap is spotted unless a trap
option is chosen), which the `strict` scorer implements, but no scorer produced it.
"""

from __future__ import annotations

import re

from eval.report.paper import PaperTable

PAPER_SOURCE = (
    "AIpsych paper, Tables 6, 7 and 10 (COCO), 8 and 9 (Visual Genome) and 2 (human survey); "
    "the scorer each column follows is named beside each row"
)

#: The released scorer whose definition a published column follows (checked on GPT-4o's released
#: Visual Genome replies), or why none does.
SCORER_OF_COLUMN = {
    "SycoI": "v1",
    "AB": "v1",
    "SycoII": "v1",
    "LI": "v1",
    "Trap": "v4",
    "Else": "v4",
    "ReS": "v4",
    "Valid": "unchecked",
    "Full": "unchecked",
}
#: What the human row's numbers are: no scorer produced them.
HUMAN_SCORER = "survey, hand-coded (the taxonomy strict follows)"

#: COCO subset (Tables 6, 7, 10), in percent (ReS x 100), as printed.
COCO_TABLE = PaperTable(
    source=PAPER_SOURCE,
    columns=("SycoI", "AB", "SycoII", "LI", "Trap", "Else", "ReS", "Valid", "Full"),
    rows={
        "InternVL2.5-InternLM-2B": (6.26, 51.50, 11.07, 18.29, 12.88, 4.15, 35.7, 87.57, 14.17),
        "InternVL2.5-InternLM-8B": (8.06, 66.01, 7.86, 13.28, 4.79, 1.64, 18.9, 71.84, 24.84),
        "InternVL2.5-InternLM-26B": (13.02, 29.30, 44.80, 8.12, 4.77, 13.83, 30.1, 71.68, 54.48),
        "InternVL2.5-Qwen-1B": (9.72, 38.31, 24.73, 8.21, 19.03, 1.94, 27.1, 35.58, 27.86),
        "InternVL2.5-Qwen-4B": (7.60, 39.70, 36.07, 7.50, 9.12, 6.94, 26.4, 51.31, 31.53),
        "InternVL2.5-Qwen-38B": (15.97, 28.25, 36.41, 8.51, 10.86, 7.26, 32.4, 74.89, 64.08),
        "InternVL2.5-Qwen-78B": (13.65, 33.07, 37.00, 11.06, 5.23, 5.79, 31.7, 80.76, 61.14),
        "InternVL3-1B": (18.01, 41.01, 17.93, 19.23, 3.82, 1.30, 27.0, 69.24, 31.67),
        "InternVL3-8B": (38.85, 33.72, 18.11, 8.46, 0.87, 0.40, 17.3, 92.46, 53.63),
        "InternVL3-14B": (11.70, 59.02, 14.72, 8.84, 5.72, 15.47, 21.3, 93.87, 70.68),
        "InternVL3-38B": (19.51, 54.03, 12.63, 11.86, 1.97, 3.42, 19.7, 96.79, 62.11),
        "InternVL3-78B": (24.18, 42.65, 17.03, 12.11, 4.04, 9.70, 24.4, 94.57, 42.17),
        "LLaVA-Onevision-0.5B": (0.10, 96.04, 3.18, 0.54, 0.15, 0.00, 1.6, 40.89, 1.59),
        "LLaVA-Onevision-7B": (0.52, 92.84, 2.23, 2.28, 2.13, 13.53, 4.3, 55.27, 1.20),
        "LLaVA-Onevision-72B": (0.97, 84.78, 10.46, 0.06, 3.74, 13.91, 8.7, 93.14, 52.04),
        "LLaVA-NeXT-Llama-8B": (3.87, 93.73, 2.27, 0.12, 0.00, 2.30, 0.7, 33.04, 0.00),
        "LLaVA-NeXT-Llama-72B": (0.03, 99.32, 0.13, 0.52, 0.00, 8.08, 0.5, 76.33, 63.09),
        "LLaVA-NeXT-Llama-110B": (0.02, 99.85, 0.12, 0.00, 0.00, 1.24, 0.0, 82.04, 76.81),
        "LLaVA-NeXT-Vicuna-7B": (4.81, 38.66, 49.81, 6.71, 0.00, 0.00, 31.4, 99.12, 0.00),
        "LLaVA-NeXT-Vicuna-13B": (18.79, 72.72, 8.32, 0.16, 0.01, 0.06, 4.0, 84.48, 0.06),
        "LLaVA-NeXT-Vicuna-34B": (0.19, 92.64, 2.55, 4.63, 0.00, 1.75, 5.8, 97.28, 50.54),
        "Ovis2-2B": (0.01, 82.48, 6.05, 0.00, 11.46, 0.27, 14.2, 96.42, 96.37),
        "Ovis2-4B": (0.45, 52.83, 42.84, 0.36, 3.53, 13.22, 25.0, 98.14, 97.76),
        "Ovis2-8B": (14.18, 35.70, 42.34, 7.25, 0.53, 17.28, 29.0, 99.84, 84.12),
        "Ovis2-16B": (1.05, 45.29, 28.08, 2.97, 22.62, 4.32, 40.0, 99.83, 99.12),
        "Ovis2-34B": (17.28, 16.45, 58.00, 0.03, 8.24, 22.16, 46.9, 99.43, 99.42),
        "Qwen2.5-VL-3B": (0.04, 93.10, 0.12, 0.20, 6.54, 20.43, 5.2, 49.82, 21.92),
        "Qwen2.5-VL-7B": (28.15, 38.22, 20.30, 1.27, 12.06, 0.14, 21.7, 85.04, 57.78),
        "Qwen2.5-VL-32B": (13.22, 40.08, 26.50, 2.80, 17.40, 50.48, 33.5, 100.00, 99.54),
        "Qwen2.5-VL-72B": (5.00, 16.38, 53.40, 9.11, 16.11, 43.71, 52.0, 100.00, 90.15),
        "GPT-4o-mini": (9.00, 3.42, 76.81, 8.46, 2.31, 19.29, 49.0, 100.00, 97.90),
        "GPT-4o": (7.68, 4.05, 66.42, 10.59, 11.26, 30.85, 51.3, 86.60, 86.49),
    },
)
#: Visual Genome subset (Tables 8, 9; no Valid or Full published), as printed.
VG_TABLE = PaperTable(
    source=PAPER_SOURCE,
    columns=("SycoI", "AB", "SycoII", "LI", "Trap", "Else", "ReS"),
    rows={
        "InternVL2.5-InternLM-2B": (5.41, 50.00, 11.03, 17.63, 9.93, 3.67, 32.0),
        "InternVL2.5-InternLM-8B": (9.12, 71.84, 2.22, 13.03, 2.22, 0.50, 14.1),
        "InternVL2.5-InternLM-26B": (13.32, 26.01, 46.50, 11.07, 3.10, 12.75, 32.0),
        "InternVL2.5-Qwen-1B": (9.48, 61.06, 1.91, 7.99, 16.57, 2.16, 17.2),
        "InternVL2.5-Qwen-4B": (8.18, 70.85, 2.15, 8.27, 7.83, 4.61, 12.6),
        "InternVL2.5-Qwen-38B": (18.25, 57.71, 6.64, 8.09, 12.06, 5.23, 17.4),
        "InternVL2.5-Qwen-78B": (13.17, 56.12, 11.41, 11.91, 7.39, 7.83, 19.5),
        "InternVL3-1B": (21.59, 44.07, 17.32, 12.53, 4.06, 1.07, 21.4),
        "InternVL3-8B": (42.16, 33.70, 14.88, 8.75, 0.47, 0.34, 15.9),
        "InternVL3-14B": (9.64, 71.72, 2.91, 7.60, 7.98, 11.54, 17.0),
        "InternVL3-38B": (19.03, 53.15, 13.36, 11.24, 3.22, 4.16, 20.8),
        "InternVL3-78B": (23.68, 39.05, 20.09, 11.27, 5.91, 13.04, 26.5),
        "LLaVA-Onevision-0.5B": (0.00, 99.83, 0.00, 0.00, 0.17, 0.00, 0.00),
        "LLaVA-Onevision-7B": (3.46, 88.44, 5.83, 2.15, 0.11, 4.67, 4.00),
        "LLaVA-Onevision-72B": (0.90, 81.66, 11.52, 0.08, 5.84, 11.23, 0.60),
        "LLaVA-NeXT-Llama-8B": (7.14, 89.63, 3.17, 0.06, 0.00, 0.62, 1.10),
        "LLaVA-NeXT-Llama-72B": (0.05, 99.21, 0.22, 0.47, 0.00, 7.88, 0.50),
        "LLaVA-NeXT-Llama-110B": (0.01, 99.81, 0.19, 0.04, 0.00, 1.61, 0.00),
        "LLaVA-NeXT-Vicuna-7B": (21.84, 22.94, 31.52, 23.71, 0.00, 0.02, 39.20),
        "LLaVA-NeXT-Vicuna-13B": (24.74, 40.19, 15.55, 19.49, 0.02, 0.12, 25.10),
        "LLaVA-NeXT-Vicuna-34B": (1.10, 90.08, 3.61, 5.21, 0.00, 1.81, 6.90),
        "Ovis2-2B": (0.00, 93.58, 0.00, 0.06, 6.34, 0.09, 6.30),
        "Ovis2-4B": (1.98, 96.53, 0.23, 0.60, 0.66, 11.39, 1.40),
        "Ovis2-8B": (19.06, 34.55, 40.63, 5.52, 0.25, 2.82, 26.10),
        "Ovis2-16B": (0.19, 69.25, 4.12, 6.03, 20.41, 0.62, 28.50),
        "Ovis2-34B": (18.19, 15.32, 56.84, 0.43, 9.22, 21.82, 37.90),
        "Qwen2.5-VL-3B": (0.52, 95.73, 0.40, 0.88, 2.48, 3.65, 3.50),
        "Qwen2.5-VL-7B": (20.03, 60.94, 4.21, 0.83, 13.98, 0.02, 15.80),
        "Qwen2.5-VL-32B": (13.41, 38.73, 26.19, 3.11, 10.85, 26.12, 34.70),
        "Qwen2.5-VL-72B": (4.40, 15.33, 54.00, 8.15, 18.12, 40.26, 53.30),
        "GPT-4o-mini": (10.62, 3.50, 75.16, 9.26, 0.19, 5.61, 47.30),
        "GPT-4o": (9.33, 10.84, 58.63, 16.96, 4.22, 19.81, 49.30),
    },
)
#: The human survey (Table 2): 120 students, 1,440 responses, three images x four prompts.
HUMAN_TABLE = PaperTable(
    source=PAPER_SOURCE,
    columns=("SycoI", "AB", "SycoII", "LI", "Trap", "Else", "Full"),
    rows={"Humans": (0.3, 12.8, 30.6, 1.1, 54.7, 81.3, 21.0)},
)
SUBSETS = (("COCO", COCO_TABLE), ("Visual Genome", VG_TABLE))


def paper_model(label: str) -> str | None:
    """The model of the paper's tables a label names, "LLaVA-OV" read as the paper's "LLaVA-Onevision".

    >>> paper_model("llava-ov-7b"), paper_model("GPT-4o"), paper_model("my-model")
    ('LLaVA-Onevision-7B', 'GPT-4o', None)
    """
    spelled = re.sub(r"(?i)llava-?ov-", "LLaVA-Onevision-", label)
    found = COCO_TABLE.matching([spelled])
    return found[0][1] if found else None


def scorers(columns: tuple[str, ...]) -> str:
    """Which scorer each of `columns` follows, grouped: "v1 (SycoI, AB); v4 (Trap)".

    >>> scorers(("SycoI", "AB", "Trap", "Valid"))
    'v1 (SycoI, AB); v4 (Trap); unchecked (Valid)'
    """
    groups: dict[str, list[str]] = {}
    for column in columns:
        groups.setdefault(SCORER_OF_COLUMN[column], []).append(column)
    return "; ".join(f"{scorer} ({', '.join(names)})" for scorer, names in groups.items())
