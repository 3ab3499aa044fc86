"""VI-Probe metrics over graded rows: paired consistency, accuracy per variant, illusion effects.

Definitions (paper Sec. 3.2, 4): for an image with forward answer a_f and reversed answer a_r,
- PFC (polarity-flip consistency): a_r = 1 - a_f;
- PFA (polarity-flip accuracy, the paper's accuracy): both answers correct;
- TFI (template fixation index): a_r = a_f, i.e. 1 - PFC when every answer parses;
- CbW (coherent but wrong): PFC - PFA.
An unparsed answer is wrong, never complementary and never fixated. The illusion multiplier is
R = |Acc(O) - Acc(P)| / (|Acc(OC) - Acc(PC)| + 0.001) with PFA accuracies as fractions and P pooled
over strengths. Instructional rows (the forward question under the visual-comparison system
prompt) are single questions: their effect is forward accuracy with minus without instructions.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from eval.scoring.answer_tag import parse_answer_tag
from eval.scoring.blind import difference
from eval.scoring.bootstrap import rate
from eval.scoring.options import ScoreOptions
from eval.scoring.scorer import Scorer

EPSILON = 0.001
#: The schema's ClassLabel names, in index order (rows read without `datasets` carry the index).
POLARITIES = ("f", "r", "I")
CATEGORIES = ("size", "color", "orientation")
VARIANT_CODES = ("O", "P", "OC", "PC", "OH", "PH")


@dataclasses.dataclass(frozen=True)
class ProbeGraded:
    """One row's answer against its label, with the ids the paired metrics group by."""

    id: str
    pair_id: str
    case_name: str
    category: str
    variant: str  # O, P, OC, PC, OH, PH
    strength: float
    polarity: str  # f, r, I
    label: int
    answer: int | None
    status: str

    @property
    def correct(self) -> bool:
        return self.answer == self.label

    def to_record(self) -> dict[str, Any]:
        """JSON form for lmms-eval's aggregation and samples log (`ID` lets `eval.predictions` find it)."""
        return {"ID": self.id, **dataclasses.asdict(self)}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> ProbeGraded:
        return cls(**{field.name: record[field.name] for field in dataclasses.fields(cls)})


def grade_probe(row: Mapping[str, Any], reply: str) -> ProbeGraded:
    """Grade one reply against a row of the VI-Probe schema (class labels as names or indices)."""
    answer = parse_answer_tag(reply)
    return ProbeGraded(
        id=row["id"],
        pair_id=row["pair_id"],
        case_name=row["case_name"],
        category=_name(row["category"], CATEGORIES),
        variant=row["variant_code"],
        strength=float(row["strength"]),
        polarity=_name(row["polarity"], POLARITIES),
        label=int(row["label"]),
        answer=answer.value,
        status=answer.status,
    )


def _name(value: int | str, names: tuple[str, ...]) -> str:
    return names[value] if isinstance(value, int) else value


@dataclasses.dataclass(frozen=True)
class Pair:
    """An image's forward and reversed rows."""

    forward: ProbeGraded
    reversed: ProbeGraded

    @property
    def complementary(self) -> bool:
        f, r = self.forward.answer, self.reversed.answer
        return f is not None and r is not None and r == 1 - f

    @property
    def both_correct(self) -> bool:
        return self.forward.correct and self.reversed.correct

    @property
    def fixated(self) -> bool:
        return self.forward.answer is not None and self.forward.answer == self.reversed.answer


def pairs(graded: Iterable[ProbeGraded]) -> list[Pair]:
    """Forward/reversed pairs by `pair_id`; images missing either answer are left out."""
    by_image: dict[str, dict[str, ProbeGraded]] = defaultdict(dict)
    for row in graded:
        if row.polarity in ("f", "r"):
            by_image[row.pair_id][row.polarity] = row
    return [Pair(rows["f"], rows["r"]) for _, rows in sorted(by_image.items()) if len(rows) == 2]


def _rate(items: Sequence[Any], test: Callable[[Any], bool]) -> Any:
    """The share of rows, or of image pairs (weighing what their forward row weighs), passing `test`."""
    return rate(items, test, by=lambda item: item.forward if isinstance(item, Pair) else item)


def pfa(image_pairs: list[Pair]) -> Any:
    return _rate(image_pairs, lambda p: p.both_correct)


def pfc(image_pairs: list[Pair]) -> Any:
    return _rate(image_pairs, lambda p: p.complementary)


def tfi(image_pairs: list[Pair]) -> Any:
    return _rate(image_pairs, lambda p: p.fixated)


def illusion_multiplier(
    original: float, perturbed: float, original_control: float, perturbed_control: float
) -> float:
    """R = |Acc(O) - Acc(P)| / (|Acc(OC) - Acc(PC)| + 0.001), accuracies as fractions.

    >>> round(illusion_multiplier(0.9172, 0.0445, 0.9655, 0.5224), 2)  # GPT-5, paper Table 2
    1.97
    """
    return abs(original - perturbed) / (abs(original_control - perturbed_control) + EPSILON)


def summary(graded: Sequence[ProbeGraded]) -> dict[str, Any]:
    """The paired metrics, per-variant accuracy and the illusion effects of one set of rows."""
    return _summary(pairs(graded))


def _summary(image_pairs: list[Pair]) -> dict[str, Any]:
    by_variant: dict[str, list[Pair]] = defaultdict(list)
    for pair in image_pairs:
        by_variant[pair.forward.variant].append(pair)
    acc = {code: pfa(by_variant[code]) for code in VARIANT_CODES}
    consistency, accuracy = pfc(image_pairs), pfa(image_pairs)
    four = [p for code in ("O", "P", "OC", "PC") for p in by_variant[code]]
    core = [acc[code] for code in ("O", "P", "OC", "PC")]
    complete = all(value is not None for value in core)
    return {
        "images": len(image_pairs),
        "pfa": accuracy,
        "accuracy": accuracy,
        "pfc": consistency,
        "tfi": tfi(image_pairs),
        "cbw": difference(consistency, accuracy),
        "pfc_four_types": pfc(four),
        "variants": {
            code: {"images": len(by_variant[code]), "pfa": acc[code], "pfc": pfc(by_variant[code])}
            for code in VARIANT_CODES
        },
        "illusion_multiplier": illusion_multiplier(*core) if complete else None,
        "delta_original": difference(acc["O"], acc["OC"]),
        "delta_perturbed": difference(acc["P"], acc["PC"]),
        "delta_average": ((core[2] + core[3]) / 2 - (core[0] + core[1]) / 2 if complete else None),
        "susceptibility_gap": difference(acc["PC"], acc["P"]),
        "hint_effect": {"O": difference(acc["OH"], acc["O"]), "P": difference(acc["PH"], acc["P"])},
    }


def dose_response(graded: Sequence[ProbeGraded]) -> dict[str, dict[str, float | None]]:
    """PFA per strength for each perturbed variant (P, PC, PH): the accuracy curve of the sweep."""
    return _dose_response(pairs(graded))


def _dose_response(image_pairs: list[Pair]) -> dict[str, dict[str, Any]]:
    curves: dict[str, dict[float, list[Pair]]] = defaultdict(lambda: defaultdict(list))
    for pair in image_pairs:
        if pair.forward.variant in ("P", "PC", "PH"):
            curves[pair.forward.variant][pair.forward.strength].append(pair)
    return {
        code: {f"{strength:g}": pfa(found) for strength, found in sorted(curves[code].items())}
        for code in ("P", "PC", "PH")
        if code in curves
    }


def instruction_effect(graded: Sequence[ProbeGraded]) -> dict[str, Any] | None:
    """Forward accuracy with instructions (I rows) minus without (f rows), per variant; None if no I rows."""
    rows: dict[tuple[str, str], list[ProbeGraded]] = defaultdict(list)
    for row in graded:
        rows[(row.polarity, row.variant)].append(row)
    if not any(polarity == "I" for polarity, _ in rows):
        return None
    effect = {}
    for code in VARIANT_CODES:
        with_, without = (
            _rate(rows[("I", code)], lambda r: r.correct),
            _rate(rows[("f", code)], lambda r: r.correct),
        )
        effect[code] = {"instructed": with_, "forward": without, "effect": difference(with_, without)}
    return effect


def report(graded: Sequence[ProbeGraded]) -> dict[str, Any]:
    """Every metric: overall, per category (with its dose-response) and per case, plus parse failures."""
    failures: dict[str, int] = defaultdict(int)
    for row in graded:
        if row.answer is None:
            failures[row.status] += 1
    image_pairs = pairs(graded)  # once: every group below is a selection of these
    return {
        "rows": len(graded),
        "parse_failure_rate": _rate(graded, lambda r: r.answer is None),
        "parse_failures": dict(sorted(failures.items())),
        **_summary(image_pairs),
        "dose_response": _dose_response(image_pairs),
        "instruction_effect": instruction_effect(graded),
        "by_category": _grouped(image_pairs, lambda p: p.forward.category, _with_dose_response, CATEGORIES),
        "by_case": _grouped(image_pairs, lambda p: p.forward.case_name, _summary),
    }


def _with_dose_response(image_pairs: list[Pair]) -> dict[str, Any]:
    """A category's summary and its own dose-response curves (the paper plots them per category)."""
    return {**_summary(image_pairs), "dose_response": _dose_response(image_pairs)}


def _grouped(
    image_pairs: list[Pair],
    key: Callable[[Pair], str],
    describe: Callable[[list[Pair]], dict[str, Any]],
    order: tuple[str, ...] = (),
) -> dict[str, dict[str, Any]]:
    groups: dict[str, list[Pair]] = defaultdict(list)
    for pair in image_pairs:
        groups[key(pair)].append(pair)
    names = [name for name in order if name in groups] or sorted(groups)
    return {name: describe(groups[name]) for name in names}


def grade_rows(
    rows: Sequence[Mapping[str, Any]], replies: Mapping[str, str], options: ScoreOptions
) -> list[ProbeGraded]:
    """The graded rows that have a reply (keyed by the rows' `id`)."""
    return [grade_probe(row, replies[row["id"]]) for row in rows if row["id"] in replies]


def aggregate(units: Sequence[ProbeGraded], options: ScoreOptions) -> dict[str, Any]:
    return {"n": len(units), **report(units)}


def cluster(unit: ProbeGraded) -> str:
    return unit.pair_id


def blind_summary(
    seeing: Sequence[ProbeGraded], blind: Sequence[ProbeGraded], options: ScoreOptions
) -> dict[str, Any]:
    """Template fixation without the image (the same answer to a question and its reversal), and what
    seeing the image changes on the images asked both ways."""
    blind_pairs = pairs(blind)
    asked = {pair.forward.pair_id for pair in blind_pairs}
    seen = [pair for pair in pairs(seeing) if pair.forward.pair_id in asked]

    def fixation(found: list[Pair]) -> dict[str, Any]:
        return {"images": len(found), "tfi": tfi(found), "pfc": pfc(found), "pfa": pfa(found)}

    by_category: dict[str, list[Pair]] = defaultdict(list)
    for pair in blind_pairs:
        by_category[pair.forward.category].append(pair)
    return {
        "rows": len(blind),
        "parse_failure_rate": _rate(blind, lambda r: r.answer is None),
        **fixation(blind_pairs),
        "by_category": {name: fixation(by_category[name]) for name in CATEGORIES if name in by_category},
        "seeing_minus_blind": {
            metric: difference(found(seen), found(blind_pairs))
            for metric, found in (("tfi", tfi), ("pfc", pfc), ("pfa", pfa))
        },
    }


SCORER = Scorer(
    unit=ProbeGraded,
    options=ScoreOptions,
    grade_rows=grade_rows,
    aggregate=aggregate,
    cluster=cluster,
    cluster_description="image (pair_id): its forward, reversed and instructional rows",
    blind_summary=blind_summary,
    headline=("pfa", "pfc", "tfi", "cbw", "illusion_multiplier", "parse_failure_rate"),
    correct=lambda unit, options: unit.correct,
)
