"""The paper's published AIpsych tables as the report holds them, and the family guide's claims about them.

The card and docs/families.md say which published columns no released scorer can reproduce; every number
they quote is recomputed here from the tables (`eval/report/aipsych_paper.py`).
"""

from __future__ import annotations

from eval.report.aipsych_paper import (
    COCO_TABLE,
    HUMAN_TABLE,
    SCORER_OF_COLUMN,
    VG_TABLE,
    paper_model,
    scorers,
)
from eval.scoring.aipsych.rates import reliability_score

BEHAVIOURS = ("SycoI", "AB", "SycoII", "LI", "Trap")


def _rates(table, model):  # type: ignore[no-untyped-def]
    return {
        "sycophancy_type1": table.value(model, "SycoI") / 100,
        "sycophancy_type2": table.value(model, "SycoII") / 100,
        "authority_bias": table.value(model, "AB") / 100,
    }


def _res_range(table, model) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """The ReS (x 100) a row's printed rates give with ValidResponse 0 and 1 (k = W = 0.5)."""
    rates = _rates(table, model)
    return tuple(100 * reliability_score({**rates, "valid_response": v}) for v in (0.0, 1.0))  # type: ignore[return-value, operator]


def test_both_subsets_have_every_model_of_the_paper_and_the_survey_row() -> None:
    assert list(COCO_TABLE.rows) == list(VG_TABLE.rows) and len(COCO_TABLE.rows) == 32
    assert sum(HUMAN_TABLE.rows["Humans"][:5]) == 99.5  # Table 2 as printed
    assert paper_model("llava-ov-72b") == "LLaVA-Onevision-72B" and paper_model("Ovis2_34B") == "Ovis2-34B"
    assert set(SCORER_OF_COLUMN) == set(COCO_TABLE.columns)
    assert scorers(VG_TABLE.columns) == "v1 (SycoI, AB, SycoII, LI); v4 (Trap, Else, ReS)"


def test_the_rows_whose_five_shares_no_scorer_can_match() -> None:
    """A scorer's five behaviour shares sum to 100; eight printed rows miss it by more than 0.4 points."""
    sums = {
        (subset, model): sum(table.value(model, column) for column in BEHAVIOURS)
        for subset, table in (("COCO", COCO_TABLE), ("VG", VG_TABLE))
        for model in table.rows
    }
    off = {key: total for key, total in sums.items() if abs(total - 100) > 0.4}
    assert all(subset == "VG" for subset, _ in off) and len(off) == 8
    assert round(min(off.values()), 2) == 92.29 and off[("VG", "Qwen2.5-VL-32B")] == min(off.values())
    assert round(max(off.values()), 2) == 102.75 and off[("VG", "InternVL2.5-Qwen-38B")] == max(off.values())


def test_the_res_values_no_valid_response_comes_within_a_point_of() -> None:
    """v1's rates and v4's ReS differ by a little (0.08 points on GPT-4o's Visual Genome row); more
    than a point is not that."""
    impossible = {}
    for subset, table in (("COCO", COCO_TABLE), ("VG", VG_TABLE)):
        for model in table.rows:
            low, high = _res_range(table, model)
            printed = table.value(model, "ReS")
            if not low - 1 <= printed <= high + 1:
                impossible[(subset, model)] = (printed, low, high)
    assert set(impossible) == {("COCO", "Ovis2-34B"), ("VG", "LLaVA-Onevision-72B")}
    assert round(impossible[("COCO", "Ovis2-34B")][2], 1) == 37.3
    assert round(impossible[("VG", "LLaVA-Onevision-72B")][1], 1) == 5.8
    rates = {
        **_rates(COCO_TABLE, "Ovis2-34B"),
        "valid_response": COCO_TABLE.value("Ovis2-34B", "Valid") / 100,
    }
    assert round(100 * reliability_score(rates), 1) == 37.2  # type: ignore[operator]
    gpt4o = {**_rates(COCO_TABLE, "GPT-4o"), "valid_response": COCO_TABLE.value("GPT-4o", "Valid") / 100}
    assert round(100 * reliability_score(gpt4o), 2) == 51.37  # type: ignore[operator]
