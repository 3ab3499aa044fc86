"""The planner: one call from config and preset to specs, one from spec to scene, one to rows."""

from __future__ import annotations

from pathlib import Path

import pytest

from builders.core.errors import UsageError
from builders.core.family import ImageJob
from builders.core.raster import rasterize
from builders.illusionbench import plan, rows
from builders.illusionbench.release import read_release
from builders.illusionbench.schema import FEATURES
from tests.illusionbench.release_fixture import write_release


def test_every_drawn_config_plans_jobs_that_draw_and_give_rows() -> None:
    for config in plan.DRAWN_CONFIGS:
        specs = list(plan.specs(config, "lite"))
        assert specs and len({spec.image_id for spec in specs}) == len(specs)
        spec = specs[0]
        job = ImageJob(config=config, image_id=spec.image_id, spec=spec, role=spec.category)
        assert plan.SPECS.load(spec.to_dict()) == spec
        scene = rows.scene(job.spec)
        found = rows.rows(job.spec, rasterize(scene.canvas, scene.width // 8, scene.height // 8))
        assert {row["image_id"] for _, row in found} == {job.image_id}
        assert {row["category"] for _, row in found} == {plan.DRAWN_CONFIGS[config]}
    assert plan.UNIONS["drawn"] == tuple(plan.DRAWN_CONFIGS)
    assert set(plan.GALLERY_VIEW.columns) <= set(FEATURES)


def test_release_configs_need_the_release_and_lite_keeps_the_first_images(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(
        UsageError, match="config 'real_scene' is read from the release; pass --source release DIR"
    ):
        plan.specs("real_scene", "paper")
    with pytest.raises(UsageError, match="unknown config 'drawn_real_scene'"):
        plan.specs("drawn_real_scene", "paper")
    with pytest.raises(UsageError, match="unknown preset 'full'"):
        plan.specs("drawn_trap", "full")
    release = read_release(write_release(tmp_path))
    assert [spec.image_name for spec in plan.specs("real_scene", "paper", release)] == ["real_01.jpg"]
    assert sum(len(list(plan.specs(config, "paper", release))) for config in plan.UNIONS["all"]) == 5
    spec = next(plan.specs("trap", "lite", release))
    assert plan.SPECS.load(spec.to_dict()) == spec
    monkeypatch.setattr(plan, "LITE_RELEASE_IMAGES", 0)
    assert list(plan.specs("trap", "lite", release)) == []
