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
from collections.abc import Callable, Iterable, Mapping
from statistics import fmean
from typing import Any

from eval.scoring.answer_tag import parse_answer_tag

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
    def from_record(cls, record: dict[str, Any]) -> ProbeGraded:
        return cls(**{field.name: record[field.name] for field in dataclasses.fields(cls)})


def grade_probe(row: dict[str, Any], reply: str) -> ProbeGraded:
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


def _rate(items: list[Any], test: Callable[[Any], bool]) -> float | None:
    return fmean(1.0 if test(item) else 0.0 for item in items) if items else None


def pfa(image_pairs: list[Pair]) -> float | None:
    return _rate(image_pairs, lambda p: p.both_correct)


def pfc(image_pairs: list[Pair]) -> float | None:
    return _rate(image_pairs, lambda p: p.complementary)


def tfi(image_pairs: list[Pair]) -> float | None:
    return _rate(image_pairs, lambda p: p.fixated)


def illusion_multiplier(
    original: float, perturbed: float, original_control: float, perturbed_control: float
) -> float:
    """R = |Acc(O) - Acc(P)| / (|Acc(OC) - Acc(PC)| + 0.001), accuracies as fractions.

    >>> round(illusion_multiplier(0.9172, 0.0445, 0.9655, 0.5224), 2)  # GPT-5, paper Table 2
    1.97
    """
    return abs(original - perturbed) / (abs(original_control - perturbed_control) + EPSILON)


def _difference(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else a - b


def summary(graded: list[ProbeGraded]) -> dict[str, Any]:
    """The paired metrics, per-variant accuracy and the illusion effects of one set of rows."""
    image_pairs = pairs(graded)
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
        "cbw": _difference(consistency, accuracy),
        "pfc_four_types": pfc(four),
        "variants": {
            code: {"images": len(by_variant[code]), "pfa": acc[code], "pfc": pfc(by_variant[code])}
            for code in VARIANT_CODES
        },
        "illusion_multiplier": illusion_multiplier(*core) if complete else None,  # type: ignore[arg-type]
        "delta_original": _difference(acc["O"], acc["OC"]),
        "delta_perturbed": _difference(acc["P"], acc["PC"]),
        "delta_average": (
            (core[2] + core[3]) / 2 - (core[0] + core[1]) / 2 if complete else None  # type: ignore[operator]
        ),
        "susceptibility_gap": _difference(acc["PC"], acc["P"]),
        "hint_effect": {"O": _difference(acc["OH"], acc["O"]), "P": _difference(acc["PH"], acc["P"])},
    }


def dose_response(graded: list[ProbeGraded]) -> dict[str, dict[str, float | None]]:
    """PFA per strength for each perturbed variant (P, PC, PH): the accuracy curve of the sweep."""
    curves: dict[str, dict[float, list[Pair]]] = defaultdict(lambda: defaultdict(list))
    for pair in pairs(graded):
        if pair.forward.variant in ("P", "PC", "PH"):
            curves[pair.forward.variant][pair.forward.strength].append(pair)
    return {
        code: {f"{strength:g}": pfa(found) for strength, found in sorted(curves[code].items())}
        for code in ("P", "PC", "PH")
        if code in curves
    }


def instruction_effect(graded: list[ProbeGraded]) -> dict[str, Any] | None:
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
        effect[code] = {"instructed": with_, "forward": without, "effect": _difference(with_, without)}
    return effect


def report(graded: list[ProbeGraded]) -> dict[str, Any]:
    """Every metric: overall, per category (with its dose-response) and per case, plus parse failures."""
    failures: dict[str, int] = defaultdict(int)
    for row in graded:
        if row.answer is None:
            failures[row.status] += 1
    return {
        "rows": len(graded),
        "parse_failure_rate": _rate(graded, lambda r: r.answer is None),
        "parse_failures": dict(sorted(failures.items())),
        **summary(graded),
        "dose_response": dose_response(graded),
        "instruction_effect": instruction_effect(graded),
        "by_category": _grouped(graded, lambda r: r.category, _with_dose_response, CATEGORIES),
        "by_case": _grouped(graded, lambda r: r.case_name, summary),
    }


def _with_dose_response(graded: list[ProbeGraded]) -> dict[str, Any]:
    """A category's summary and its own dose-response curves (the paper plots them per category)."""
    return {**summary(graded), "dose_response": dose_response(graded)}


def _grouped(
    graded: list[ProbeGraded],
    key: Callable[[ProbeGraded], str],
    describe: Callable[[list[ProbeGraded]], dict[str, Any]],
    order: tuple[str, ...] = (),
) -> dict[str, dict[str, Any]]:
    groups: dict[str, list[ProbeGraded]] = defaultdict(list)
    for row in graded:
        groups[key(row)].append(row)
    names = [name for name in order if name in groups] or sorted(groups)
    return {name: describe(groups[name]) for name in names}


def score_rows(rows: list[dict[str, Any]], responses: Mapping[str, str]) -> dict[str, Any]:
    """Metrics of the rows that have a reply in `responses` (keyed by the rows' `id`), for `eval score`."""
    graded = [grade_probe(row, responses[row["id"]]) for row in rows if row["id"] in responses]
    return {"n": len(graded), **report(graded)}
