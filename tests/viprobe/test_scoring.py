"""VI-Probe scoring: the `<answer>` parser on real reply shapes, and the paper's metric arithmetic."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eval.scoring.answer_tag import NO_TAG, NOT_BINARY, PARSED, parse_answer_tag
from eval.scoring.viprobe import (
    ProbeGraded,
    dose_response,
    illusion_multiplier,
    instruction_effect,
    pairs,
    pfa,
    pfc,
    report,
    summary,
    tfi,
)


@pytest.mark.parametrize(
    ("reply", "value", "status"),
    [
        ("<reasons>The top line looks longer but both span 200 px.</reasons>\n<answer>1</answer>", 1, PARSED),
        ("<reasons>\nThe bottom one is longer.\n</reasons>\n<answer>0</answer>", 0, PARSED),
        ("<ANSWER> 0 </ANSWER>", 0, PARSED),
        ("<answer>**1**</answer>", 1, PARSED),
        ('<answer>"0".</answer>', 0, PARSED),
        ("I will answer in <answer>...</answer>. Final: <answer>1</answer>", 1, PARSED),
        ("<answer>1</answer> Wait, on reflection: <answer>0</answer>", 0, PARSED),
        ("<reasons>They differ.</reasons><answer>0", 0, PARSED),  # cut off by the token limit
        ("The two circles are the same size. Answer: 1", None, NO_TAG),
        ("", None, NO_TAG),
        ("<answer>yes</answer>", None, NOT_BINARY),
        ("<answer>10</answer>", None, NOT_BINARY),
        ("<answer>1 or 0</answer>", None, NOT_BINARY),
        ("<answer></answer>", None, NOT_BINARY),
    ],
)
def test_parser_reads_the_last_answer_tag(reply: str, value: int | None, status: str) -> None:
    parsed = parse_answer_tag(reply)
    assert (parsed.value, parsed.status) == (value, status)


@given(st.text())
def test_parser_is_total(reply: str) -> None:
    parsed = parse_answer_tag(reply)
    assert parsed.value in (0, 1, None) and (parsed.value is None) == (parsed.status != PARSED)


def test_illusion_multiplier_reproduces_table_2() -> None:
    # (O, P, OC, PC) PFA accuracies and the R the paper prints for them.
    table = {
        "GPT-5": ((91.72, 4.45, 96.55, 52.24), 1.97),
        "GPT-5-Mini": ((87.24, 8.97, 93.45, 30.38), 1.24),
        "Claude-Opus-4.1": ((67.93, 27.55, 88.97, 49.17), 1.01),
        "Gemini-2.5-Flash": ((75.52, 20.90, 92.07, 50.17), 1.30),
        "Qwen2.5-VL-3B": ((22.41, 14.07, 74.48, 10.72), 0.13),
    }
    for model, (accuracies, printed) in table.items():
        assert round(illusion_multiplier(*(a / 100 for a in accuracies)), 2) == printed, model


def _row(image: str, variant: str, polarity: str, label: int, answer: int | None, strength: float = 1.0):
    return ProbeGraded(
        id=f"{image}-{polarity}",
        pair_id=image,
        case_name="muller_lyer",
        category="size",
        variant=variant,
        strength=strength,
        polarity=polarity,
        label=label,
        answer=answer,
        status=PARSED if answer is not None else NO_TAG,
    )


def _image(image: str, variant: str, label: int, forward: int | None, reversed_: int | None, strength=1.0):
    """Forward and reversed rows of one image (the reversed label is the inverse)."""
    return [
        _row(image, variant, "f", label, forward, strength),
        _row(image, variant, "r", 1 - label, reversed_, strength),
    ]


def test_paired_metrics_follow_their_definitions() -> None:
    graded = [
        *_image("a", "O", 1, 1, 0),  # both right: complementary
        *_image("b", "P", 0, 1, 0),  # says "equal" and "not different": complementary, wrong
        *_image("c", "P", 0, 1, 1),  # yes to both: fixated
        *_image("d", "OC", 1, None, 0),  # unparsed forward: neither complementary nor fixated
    ]
    found = pairs(graded)
    assert len(found) == 4
    assert pfa(found) == 0.25 and pfc(found) == 0.5 and tfi(found) == 0.25
    result = summary(graded)
    assert result["cbw"] == pytest.approx(0.25)
    assert result["variants"]["P"] == {"images": 2, "pfa": 0.0, "pfc": 0.5}
    # Without parse failures TFI = 1 - PFC.
    clean = [g for g in graded if g.pair_id != "d"]
    assert tfi(pairs(clean)) == pytest.approx(1 - pfc(pairs(clean)))


def test_images_missing_one_answer_are_left_out_of_pairs() -> None:
    graded = [*_image("a", "O", 1, 1, 0), _row("b", "O", "f", 1, 1)]
    assert [pair.forward.pair_id for pair in pairs(graded)] == ["a"]


def test_effects_dose_response_and_instruction_effect() -> None:
    graded = [
        *_image("o", "O", 1, 1, 0),
        *_image("oc", "OC", 1, 1, 0),
        *_image("oh", "OH", 1, 0, 1),
        *_image("p1", "P", 0, 1, 0, strength=0.5),
        *_image("p2", "P", 0, 0, 1, strength=1.5),
        *_image("pc1", "PC", 0, 0, 1, strength=0.5),
        *_image("pc2", "PC", 0, 0, 1, strength=1.5),
        _row("o", "O", "I", 1, 0),
        _row("p1", "P", "I", 0, 0, 0.5),
    ]
    result = summary(graded)
    assert result["delta_original"] == 0.0 and result["delta_perturbed"] == -0.5
    assert result["delta_average"] == pytest.approx((1 + 1) / 2 - (1 + 0.5) / 2)
    assert result["susceptibility_gap"] == 0.5
    assert result["illusion_multiplier"] == pytest.approx(0.5 / 0.001)  # controls all right: R explodes
    assert result["hint_effect"] == {"O": -1.0, "P": None}
    assert dose_response(graded) == {"P": {"0.5": 0.0, "1.5": 1.0}, "PC": {"0.5": 1.0, "1.5": 1.0}}
    effect = instruction_effect(graded)
    assert effect is not None
    assert effect["O"] == {"instructed": 0.0, "forward": 1.0, "effect": -1.0}
    assert effect["P"] == {"instructed": 1.0, "forward": 0.5, "effect": 0.5}
    assert instruction_effect([g for g in graded if g.polarity != "I"]) is None


def test_report_counts_parse_failures_and_breaks_down() -> None:
    graded = [*_image("a", "O", 1, None, 0), *_image("b", "O", 1, 1, 0)]
    result = report(graded)
    assert result["rows"] == 4 and result["parse_failure_rate"] == 0.25
    assert result["parse_failures"] == {NO_TAG: 1}
    assert set(result["by_category"]) == {"size"} and set(result["by_case"]) == {"muller_lyer"}
    assert result["illusion_multiplier"] is None  # no perturbed or control images
    assert math.isclose(result["pfa"], 0.5)
