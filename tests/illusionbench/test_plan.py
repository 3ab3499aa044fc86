"""The planner: one call from config and parameters to specs, one from spec to scene, one to rows."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from builders.core.errors import UsageError
from builders.core.family import ImageJob
from builders.core.raster import rasterize
from builders.illusionbench import plan, rows
from builders.illusionbench.params import PRESETS
from builders.illusionbench.release import read_release
from builders.illusionbench.schema import SCHEMA
from tests.illusionbench.release_fixture import ENTRIES, IMAGES, entry, picture, tf, write_release


def test_every_drawn_config_plans_jobs_that_draw_and_give_rows() -> None:
    for config in plan.DRAWN_CONFIGS:
        specs = list(plan.specs(config, PRESETS["lite"]))
        assert specs and len({spec.image_id for spec in specs}) == len(specs)
        spec = specs[0]
        job = ImageJob(config=config, image_id=spec.image_id, spec=spec, role=spec.category)
        assert plan.SPECS.load(spec.to_dict()) == spec
        scene = rows.scene(job.spec)
        found = rows.rows(job.spec, rasterize(scene.canvas, scene.width // 8, scene.height // 8))
        assert {row["image_id"] for _, row in found} == {job.image_id}
        assert {row["category"] for _, row in found} == {plan.DRAWN_CONFIGS[config]}
    assert plan.UNIONS["drawn"] == tuple(plan.DRAWN_CONFIGS)
    assert set(plan.GALLERY_VIEW.columns) <= set(SCHEMA.features)


def test_release_configs_need_the_release_keep_release_images_and_have_no_other_edition(
    tmp_path: Path,
) -> None:
    paper, lite = PRESETS["paper"], PRESETS["lite"]
    with pytest.raises(
        UsageError, match="config 'real_scene' is read from the release; pass --source release DIR"
    ):
        plan.specs("real_scene", paper)
    with pytest.raises(UsageError, match="unknown config 'drawn_real_scene'"):
        plan.specs("drawn_real_scene", paper)
    release = read_release(write_release(tmp_path))
    assert [spec.image_name for spec in plan.specs("real_scene", paper, release)] == ["real_01.jpg"]
    assert sum(len(list(plan.specs(config, paper, release))) for config in plan.UNIONS["all"]) == 5
    spec = next(plan.specs("trap", lite, release))
    assert plan.SPECS.load(spec.to_dict()) == spec
    # `release_images` keeps a config's first images in the release's order (lite: 20; 0: all).
    second = entry("plain_02.jpg", "No Illusion", 2, [tf("There is a cat.", "True")])
    larger = read_release(
        write_release(
            tmp_path / "larger",
            entries=[*ENTRIES, second],
            images={**IMAGES, "plain_02.jpg": picture((9, 9, 9))},
        )
    )
    names = [spec.image_name for spec in plan.specs("no_illusion", paper, larger)]
    assert names == ["plain_01.jpg", "plain_02.jpg"]
    first = plan.specs("no_illusion", dataclasses.replace(paper, release_images=1), larger)
    assert [spec.image_name for spec in first] == ["plain_01.jpg"]
    with pytest.raises(UsageError, match="config 'trap' is the release's own images and questions"):
        plan.specs("trap", paper, release, edition=1)
