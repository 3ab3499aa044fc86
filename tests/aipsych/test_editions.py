"""AIpsych editions: what the paper and the release fix has the same distribution in every edition;
what they leave free is redrawn.

The contract every family meets (same plan, half the images redrawn, verify, same seed twice) is
in `tests/test_editions.py`; this module checks AIpsych's own quantities on the paper plan of
three editions (canonical, seed 1, seed 2; planning draws nothing, so the whole paper preset is
quick) and on rows of the lite builds.
"""

from __future__ import annotations

from collections import Counter

import pytest

from builders.aipsych.layout import lay_out
from builders.aipsych.params import PRESETS
from builders.aipsych.plan import plan
from builders.aipsych.questions import scene_question_sets
from builders.aipsych.rows import question_rows
from builders.aipsych.spec import SceneSpec

EDITIONS = (None, 1, 2)


@pytest.fixture(scope="module")
def plans() -> dict[int | None, list[SceneSpec]]:
    return {edition: list(plan(PRESETS["paper"], edition)) for edition in EDITIONS}


def _fixed(specs: list[SceneSpec]) -> dict[str, Counter]:
    """The quantities the paper or the release fixes, as histograms over the whole preset."""
    return {
        "positions": Counter(position for spec in specs for _, _, position in spec.objects),
        "colours": Counter(colour for spec in specs for _, colour, _ in spec.objects),
        "settings": Counter(spec.setting for spec in specs),
        "objects per scene": Counter(len(spec.objects) for spec in specs),
        "size": Counter((spec.width, spec.height) for spec in specs),
        "clutter range": Counter(3 <= len(spec.clutter) <= 8 for spec in specs),
    }


def test_every_fixed_quantity_has_the_same_distribution_in_three_editions(plans) -> None:
    canonical = _fixed(plans[None])
    assert canonical == _fixed(plans[1]) == _fixed(plans[2])
    assert [spec.image_id for spec in plans[None]] == [spec.image_id for spec in plans[1]]
    rows = {edition: [question_rows(spec) for spec in plans[edition][:60]] for edition in EDITIONS}
    shape = {
        edition: [[(r["id"], r["set_kind"], r["target"], r["prompt_idx"]) for r in s] for s in rows[edition]]
        for edition in EDITIONS
    }
    assert shape[None] == shape[1] == shape[2]


def test_what_the_paper_leaves_free_is_redrawn(plans) -> None:
    one, two = plans[1], plans[2]
    pairs = list(zip(one, two, strict=True))
    assert sum(a.objects != b.objects for a, b in pairs) > 0.95 * len(pairs)
    assert sum(a.objects[0][2] != b.objects[0][2] for a, b in pairs) > 0.5 * len(pairs)
    assert sum(a.setting != b.setting for a, b in pairs) > 0.5 * len(pairs)
    assert sum(a.clutter != b.clutter for a, b in pairs) > 0.95 * len(pairs)
    assert sum(a.light != b.light for a, b in pairs) > 0.3 * len(pairs)
    # The same scene in another edition is laid out and trapped differently.
    same = [spec for spec in plans[None][:40]]
    moved = [SceneSpec.from_dict({**spec.to_dict(), "edition": 1}) for spec in same]
    assert sum(lay_out(a) != lay_out(b) for a, b in zip(same, moved, strict=True)) == len(same)
    offered = [[s.offered_colours for s in scene_question_sets(spec)] for spec in (*same, *moved)]
    assert sum(a != b for a, b in zip(offered[: len(same)], offered[len(same) :], strict=True)) > 0.8 * len(
        same
    )
