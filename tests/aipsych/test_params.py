"""AIpsych's parameters at their bounds: each extreme builds, verifies and passes the pixel audit.

The contract every family meets (params round-trip, bad files) is in `tests/test_params.py` and
`tests/test_editions.py`; here the bounds `python -m builders params aipsych` prints are shown to
be real: the smallest and largest images, the narrowest and widest aspect, no clutter and the
most, every setting including the plain one. Each build is six scenes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from builders.aipsych.params import MAX_HEIGHT, MAX_WIDTH, PRESETS, AipsychParameters
from builders.aipsych.plan import scene_spec
from builders.aipsych.settings import SETTING_NAMES
from builders.aipsych.spec import MIN_HEIGHT, MIN_WIDTH
from builders.core.build import build
from builders.core.errors import UsageError
from builders.core.folder import BuiltFolder
from builders.core.params import overlay
from builders.core.verify import verify
from builders.families import get_family
from tests.aipsych.test_build_audit import _audit, _images

EXTREMES = {
    "largest, widest, most clutter": dict(width=MAX_WIDTH, height=MAX_WIDTH // 2, clutter=1.5),
    "smallest, no clutter, plain and sky": dict(
        width=MIN_WIDTH, height=MIN_HEIGHT, clutter=0.0, settings=["plain", "sky", "kitchen"]
    ),
    "narrowest": dict(width=MIN_WIDTH, height=MIN_WIDTH * 4 // 3, settings=list(SETTING_NAMES)),
}


@pytest.mark.parametrize("name", EXTREMES)
def test_an_extreme_builds_verifies_and_passes_the_audit(name: str, tmp_path: Path) -> None:
    family = get_family("aipsych")
    overrides = {"scenes": 6, **EXTREMES[name]}
    params = overlay(PRESETS["lite"], overrides, "test.toml")
    folder = build(family, preset="lite", out=tmp_path, progress=False, overrides=overrides, workers=1).folder
    report = verify(BuiltFolder(folder), family, workers=1)
    assert report.ok, report.problems
    built = BuiltFolder(folder)
    rows = list(_images(built))
    assert {(row["width"], row["height"]) for row in rows} == {(params.width, params.height)}
    specs = {image_id: dict(entry.spec) for image_id, entry in built.manifest.images.items()}
    problems = [problem for row in rows for problem in _audit(row, specs[row["image_id"]])]
    plain = _plain(built)  # a plain scene is a flat ground on purpose
    problems = [p for p in problems if not ("nearly flat" in p and plain and p.startswith(plain))]
    assert not problems, problems


def _plain(built: BuiltFolder) -> tuple[str, ...]:
    return tuple(i for i, entry in built.manifest.images.items() if dict(entry.spec)["setting"] == "plain")


def test_the_bounds_refuse_what_cannot_be_drawn() -> None:
    lite = PRESETS["lite"]
    for bad in ({"width": MIN_WIDTH - 1}, {"height": MAX_HEIGHT + 1}, {"clutter": 1.6}, {"scenes": 0}):
        with pytest.raises(UsageError):
            overlay(lite, bad, "test.toml")
    with pytest.raises(UsageError, match=r"width / height is 2\.50"):
        overlay(lite, {"width": 800, "height": 320}, "test.toml")
    with pytest.raises(UsageError, match="settings"):
        overlay(lite, {"settings": ["moon"]}, "test.toml")
    assert AipsychParameters(clutter=0).clutter_range() == (0, 0)


def test_the_largest_scene_count_plans_to_its_last_scene_in_any_edition() -> None:
    most = overlay(PRESETS["lite"], {"scenes": 100_000}, "test.toml")
    for edition in (None, 1):
        last = scene_spec(most.scenes - 1, most, edition)
        assert last.image_id == "synthetic-99999" and len(last.objects) == 2
        assert 3 <= len(last.clutter) <= 8
    assert AipsychParameters(clutter=1.5).clutter_range() == (5, 12)
