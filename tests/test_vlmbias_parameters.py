"""VLMBias's parameters: the presets as values, what each key changes in the plan, the bounds of every
key (the extremes build and verify), and one sentence for a value the drawing cannot honour."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
import tomllib

from builders.cli import main
from builders.core.errors import UsageError
from builders.core.params import overlay, to_toml
from builders.vlmbias.chess_pieces.spec import targets
from builders.vlmbias.family import FAMILY
from builders.vlmbias.parameters import PRESETS, VlmBiasParameters
from builders.vlmbias.patterned_grids.spec import group_number, interior
from builders.vlmbias.spec import MAX_PX, MIN_PX


def plan(changes: dict, config: str, edition: int | None = None) -> list:
    """The specs `config` plans under the paper preset with `changes` (a parsed TOML table) applied."""
    params = overlay(PRESETS["paper"], changes, "test")
    return [job.spec for job in FAMILY.jobs(config, "paper", params=params, edition=edition)]


def test_the_presets_are_values_and_print_as_toml_that_reads_back() -> None:
    for name, params in PRESETS.items():
        assert FAMILY.preset_parameters(name) is params
        assert overlay(VlmBiasParameters(), tomllib.loads(to_toml(params, name)), name) == params
    assert PRESETS["paper"] == VlmBiasParameters()
    with pytest.raises(UsageError, match="unknown preset 'dense' for vlmbias; choose from: paper, lite"):
        FAMILY.preset_parameters("dense")


def test_resolutions_are_every_topics_sizes() -> None:
    for config in FAMILY.configs:
        specs = plan({"resolutions": [MIN_PX, 2048]}, config)
        assert {spec.px for spec in specs} == {MIN_PX, 2048}
        assert len(specs) == len(plan({}, config)) * 2 // 3


def test_grid_sizes_and_anomalies_per_size() -> None:
    specs = plan(
        {"patterned_grids": {"sizes": [7, 11], "anomalies_per_size": 5, "modifications": ["tally_add"]}},
        "patterned_grids",
    )
    groups = {size: [group_number(size, slot) for slot in range(5)] for size in (7, 11)}
    assert sorted({spec.group for spec in specs}) == sorted(groups[7] + groups[11])
    assert {(spec.pattern, spec.modification) for spec in specs} == {("tally", "add")}
    for size in (7, 11):
        cells = {spec.cell for spec in specs if spec.size == size}
        assert len(cells) == 5 and all(
            spec.row in interior(size) and spec.col in interior(size) for spec in specs if spec.size == size
        )
    # The paper's two slots keep the paper's cells: a larger plan extends the smaller one.
    paper = {spec.group: spec.cell for spec in plan({}, "patterned_grids")}
    assert all(paper[spec.group] == spec.cell for spec in specs if spec.group in paper)
    with pytest.raises(UsageError) as caught:
        overlay(PRESETS["paper"], {"patterned_grids": {"anomalies_per_size": 5}}, "grids.toml")
    assert str(caught.value) == (
        "the parameters in grids.toml contradict each other: patterned_grids.anomalies_per_size 5 is more "
        "than the 4 interior cells of a 6 x 6 grid; lower it or leave out size 6"
    )


def test_board_variants_and_boards() -> None:
    changes = {"game_boards": {"boards": ["sudoku", "go"], "sudoku": ["remove_first_row"], "go": ["add_col"]}}
    specs = plan(changes, "game_boards")
    kept = {(spec.board, spec.change.name if spec.change else "original") for spec in specs}
    assert kept == {
        ("sudoku", "remove_first_row"),
        ("sudoku", "original"),
        ("go", "add_col"),
        ("go", "original"),
    }
    every = {FAMILY.topics["game_boards"].image_id(spec, False) for spec in plan({}, "game_boards")}
    assert {FAMILY.topics["game_boards"].image_id(spec, False) for spec in specs} < every  # same ids


def test_chess_targets_grow_without_moving_the_papers() -> None:
    for game in ("chess", "xiangqi"):
        every = targets(game, 32)
        assert sorted(t.square for t in every) == sorted({t.square for t in every}) and len(every) == 32
        assert every[:12] == targets(game, 12)
    specs = plan(
        {"chess_pieces": {"games": ["xiangqi"], "targets_per_game": 3, "actions": ["replace"]}},
        "chess_pieces",
    )
    assert {(spec.game, spec.target, spec.action) for spec in specs if spec.action != "none"} == {
        ("xiangqi", number, "replace") for number in (1, 2, 3)
    }


def test_topic_selections() -> None:
    birds = plan({"animals": {"classes": ["bird"]}}, "animals")
    assert len({spec.species for spec in birds}) == 23 and {spec.entry.group for spec in birds} == {"bird"}
    assert {spec.brand for spec in plan({"logos": {"brands": ["Audi"]}}, "logos")} == {"Audi"}
    flags = plan({"flags": {"elements": ["stripes"], "actions": ["remove"]}}, "flags")
    assert {(spec.element, spec.action) for spec in flags} == {("stripes", "remove"), ("stripes", "none")}
    illusions = plan(
        {"optical_illusions": {"illusions": ["Ponzo", "VerticalHorizontal"], "cells": 1}}, "optical_illusions"
    )
    assert {(spec.illusion, spec.sample) for spec in illusions} == {
        ("Ponzo", 1), ("Ponzo", 13), ("Ponzo", 0), ("VerticalHorizontal", 1), ("VerticalHorizontal", 7),
        ("VerticalHorizontal", 0),
    }  # fmt: skip


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"resolutions": [MIN_PX - 1]},
            "parameter 'resolutions' in t.toml must be a list of 1 to 8 distinct",
        ),
        ({"resolutions": [MAX_PX + 1]}, f"integers from {MIN_PX} to {MAX_PX}, got [{MAX_PX + 1}]"),
        (
            {"game_boards": {"chess": ["remove_middle_row"]}},
            "parameter 'game_boards.chess' in t.toml must be",
        ),
        ({"chess_pieces": {"targets_per_game": 33}}, "must be an integer from 1 to 32, got 33"),
        ({"patterned_grids": {"sizes": [13]}}, "distinct integers from 6 to 12, got [13]"),
        (
            {"optical_illusions": {"cells": 0}},
            "'optical_illusions.cells' in t.toml must be an integer from 1 to 12",
        ),
    ],
)
def test_values_outside_what_the_drawing_supports_are_one_sentence(changes: dict, message: str) -> None:
    with pytest.raises(UsageError) as caught:
        overlay(PRESETS["paper"], changes, "t.toml")
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_the_extreme_resolutions_build_and_verify(tmp_path: Path) -> None:
    """The smallest and largest sides allowed, drawn, stored and re-drawn by `verify` (a fresh edition)."""
    params = tmp_path / "extremes.toml"
    params.write_text(
        f"resolutions = [{MIN_PX}, {MAX_PX}]\n"
        '[patterned_grids]\nsizes = [12]\nanomalies_per_size = 1\nmodifications = ["dice_replace"]\n',
        encoding="utf-8",
    )
    command = ["build", "vlmbias", "--config", "patterned_grids", "--params", str(params), "--seed", "5"]
    assert main([*command, "--out", str(tmp_path / "out"), "--workers", "1", "--no-progress"]) == 0
    folder = tmp_path / "out" / "vlmbias"
    assert main(["verify", str(folder), "--workers", "1"]) == 0
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    images = manifest["images"].values()
    sizes = {(entry["spec"]["px"], entry["role"]): (entry["width"], entry["height"]) for entry in images}
    assert sizes[MIN_PX, "counterfactual"] == (MIN_PX, MIN_PX)
    assert sizes[MAX_PX, "counterfactual"] == (MAX_PX, MAX_PX) and sizes[MAX_PX, "withtitle"][1] > MAX_PX
    assert manifest["configs"]["patterned_grids"]["parameters"]["resolutions"] == [MIN_PX, MAX_PX]


@pytest.mark.slow
@pytest.mark.parametrize("config", FAMILY.configs)
def test_every_topic_draws_at_the_extreme_resolutions(config: str) -> None:
    """One image of each topic (and its titled twin) at both bounds: the size the spec promises, and
    more than one colour (the scene is there). Slow: a 4096-px image takes seconds."""
    job = next(job for job in FAMILY.jobs(config, "lite", edition=3) if job.role == "counterfactual")
    for px in (MIN_PX, MAX_PX):
        spec = dataclasses.replace(job.spec, px=px)
        plain, titled = FAMILY.draw(
            [dataclasses.replace(job, spec=spec), dataclasses.replace(job, spec=spec, role="withtitle")]
        )
        assert plain.width == titled.width == px and titled.height > plain.height
        assert FAMILY.scene(dataclasses.replace(job, spec=spec)).height == plain.height
        assert any(low < high for low, high in plain.getextrema())


@pytest.mark.parametrize("config", ["chess_pieces", "game_boards"])
def test_a_xiangqi_board_draws_where_its_height_rounds(config: str) -> None:
    """At C = 300 a xiangqi image is 300 x int(337.5) = 300 x 337, half a pixel off its 800 x 900 scene's
    aspect: it is drawn at that size, not refused (it was, with "resvg returned (300, 338)")."""
    job = next(
        job
        for job in FAMILY.jobs(config, "lite")
        if job.role == "counterfactual" and "xiangqi" in json.dumps(job.spec.to_dict())
    )
    spec = dataclasses.replace(job.spec, px=300)
    (image,) = FAMILY.draw([dataclasses.replace(job, spec=spec)])
    assert image.size == (300, 337)
    assert any(low < high for low, high in image.getextrema())
