"""VI-Probe editions and parameters: what a seed redraws and keeps, and sweeps a researcher chooses.

Three lite editions (canonical, seed 1, seed 2) of a few cases of every category, Chubb included,
are built and read back with `datasets`; parameter files go through the real command line.
"""

from __future__ import annotations

import dataclasses
import io
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pyarrow.parquet as pq
import pytest
import tomllib
from datasets import load_dataset
from PIL import Image

from builders.core.build import build
from builders.core.errors import UsageError
from builders.core.folder import BuiltFolder
from builders.core.manifest import Manifest
from builders.core.params import overlay, to_toml
from builders.core.verify import verify
from builders.viprobe.family import FAMILY
from builders.viprobe.params import PRESETS

ROOT = Path(__file__).resolve().parents[2]
#: Two cases of each category, and Chubb (the one case with noise).
CONFIGS = ["muller_lyer", "ebbinghaus", "cornsweet", "munker_white", "chubb", "hering", "zollner_vertical"]
EDITIONS = (None, 1, 2)
#: What an image's rows say that no edition may change: everything but the pixels and what hashes them.
DRAWN_COLUMNS = {"image", "pixel_sha256", "spec_hash"}


@pytest.fixture(scope="module")
def editions(tmp_path_factory: pytest.TempPathFactory) -> dict[int | None, Path]:
    """The lite build of CONFIGS in the canonical edition and the editions of seeds 1 and 2."""
    folders = {}
    for edition in EDITIONS:
        out = tmp_path_factory.mktemp(f"viprobe-edition-{edition}")
        folders[edition] = build(
            FAMILY, configs=CONFIGS, preset="lite", out=out, progress=False, edition=edition
        ).folder
    return folders


@pytest.fixture(scope="module")
def rows(editions, tmp_path_factory: pytest.TempPathFactory) -> dict[int | None, dict[str, dict]]:
    """Every row of each edition by id, as `datasets` loads the `all` config (images left out)."""
    cache = str(tmp_path_factory.mktemp("viprobe-editions-hf-cache"))
    loaded = {}
    for edition, folder in editions.items():
        table = load_dataset(str(folder), "all", split="test", cache_dir=cache).remove_columns("image")
        loaded[edition] = {row["id"]: row for row in table}
    return loaded


def specs(folder: Path) -> dict[str, dict]:
    return {image_id: dict(entry.spec) for image_id, entry in Manifest.read(folder).images.items()}


def test_every_paper_fixed_quantity_is_the_same_in_three_editions(rows) -> None:
    canonical = rows[None]
    kept = [name for name in next(iter(canonical.values())) if name not in DRAWN_COLUMNS]
    for edition in (1, 2):
        assert list(rows[edition]) == list(canonical)  # the same row ids in the same order
        for row_id, row in rows[edition].items():
            assert {k: row[k] for k in kept} == {k: canonical[row_id][k] for k in kept}, row_id
    # So their distributions are the same: the answer histogram per variant and polarity, the
    # strengths, the grid values, the image sizes.
    for column in (("variant", "polarity", "label"), ("strength",), ("base_scale",), ("width", "height")):
        histograms = [Counter(tuple(r[c] for c in column) for r in rows[e].values()) for e in EDITIONS]
        assert histograms[0] == histograms[1] == histograms[2], column
    # Per case: O, OC, OH answer yes, no, yes (f, r, I); 12 perturbed images no, yes, no.
    for edition in EDITIONS:
        assert Counter(r["label"] for r in rows[edition].values()) == {1: 7 * 18, 0: 7 * 27}


def test_a_seed_draws_each_base_scale_in_its_bin_for_all_images_of_the_configuration(editions) -> None:
    canonical = specs(editions[None])
    assert not any({"edition", "drawn_base_scale", "px"} & set(spec) for spec in canonical.values())
    drawn: dict[int, dict[str, float]] = {}
    for edition in (1, 2):
        for image_id, spec in specs(editions[edition]).items():
            assert spec["edition"] == edition and spec["strength"] == canonical[image_id]["strength"]
            grid = spec["base_scale"]
            assert grid == canonical[image_id]["base_scale"]
            assert max(0.5, grid - 0.05) <= spec["drawn_base_scale"] <= min(1.5, grid + 0.05)
            config = f"{spec['case']}-b{grid:.2f}"
            # One draw per base configuration: its six variants and every strength share it.
            first = drawn.setdefault(edition, {}).setdefault(config, spec["drawn_base_scale"])
            assert first == spec["drawn_base_scale"], image_id
    assert len(drawn[1]) == len(CONFIGS)
    assert all(drawn[1][config] != drawn[2][config] for config in drawn[1])


def test_a_seed_redraws_every_image_whose_look_the_base_scale_or_the_noise_sets(editions) -> None:
    images = {edition: Manifest.read(folder).images for edition, folder in editions.items()}
    for image_id, entry in images[1].items():
        case = FAMILY.cases[entry.spec["case"]]
        differs = entry.pixel_sha256 != images[2][image_id].pixel_sha256
        # Color controls drop the hue-shifted inducer, keeping only targets of fixed colour.
        fixed = case.category == "color" and "control" in entry.spec["variant"] and case.name != "chubb"
        if case.category == "size" or (case.category == "color" and not fixed):
            assert differs, image_id
        elif fixed:
            assert not differs, image_id
    # Orientation cases take the inducer-table entry nearest the drawn scale (0.05 apart): the
    # canonical edition's entry for drawn scales within 0.025 of the grid value, another beyond.
    seen = set()
    for edition in (1, 2):
        for image_id, entry in images[edition].items():
            spec = entry.spec
            if FAMILY.cases[spec["case"]].category == "orientation" and "control" not in spec["variant"]:
                near = abs(spec["drawn_base_scale"] - spec["base_scale"]) < 0.025
                assert near == (entry.pixel_sha256 == images[None][image_id].pixel_sha256), image_id
                seen.add(near)
    assert seen == {True, False}  # both happen in these editions


def test_a_fresh_edition_verifies_and_its_card_says_what_a_seed_redraws(editions) -> None:
    report = verify(BuiltFolder(editions[2]), FAMILY, workers=1)
    assert report.ok, report.problems
    card = (editions[2] / "README.md").read_text(encoding="utf-8")
    assert "- Edition: fresh, seed 2:" in card and "anywhere in its sweep bin" in card


def cli(*args: str | Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "builders", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )


def image_sizes(folder: Path) -> set[tuple[int, int]]:
    """The sizes of every stored PNG, each checked against its row's `width` and `height`."""
    sizes = set()
    for path in Manifest.read(folder).files:
        table = pq.read_table(folder / path, columns=["image", "width", "height"]).to_pydict()
        for image, width, height in zip(table["image"], table["width"], table["height"], strict=True):
            assert Image.open(io.BytesIO(image["bytes"])).size == (width, height)
            sizes.add((width, height))
    return sizes


def test_a_sweep_chosen_in_a_parameter_file_is_built_verified_and_described(tmp_path) -> None:
    (tmp_path / "sweep.toml").write_text(
        "resolution = 256\n"
        "[size]\nbase_scales = [0.75, 1.25]\nstrengths = [0.9, 1.1]\njitter = 0.25\n"
        "[orientation]\nstrengths = [1.5]\n",
        encoding="utf-8",
    )
    argv = ["build", "viprobe", "--config", "muller_lyer", "--config", "hering", "--preset", "lite"]
    made = cli(*argv, "--params", tmp_path / "sweep.toml", "--seed", "7", "--out", tmp_path / "out")
    assert made.returncode == 0, made.stderr
    folder = tmp_path / "out" / "vi-probe"
    manifest = Manifest.read(folder)
    muller = sorted(i for i in manifest.images if i.startswith("muller_lyer"))
    assert len(muller) == 2 * (3 + 2 * 3)
    assert "muller_lyer-b0.75-P-s0.90" in muller and "muller_lyer-b1.25-OH" in muller
    assert sorted(i for i in manifest.images if i.startswith("hering")) == [
        "hering-b1.00-O",
        "hering-b1.00-OC",
        "hering-b1.00-OH",
        "hering-b1.00-P-s1.50",
        "hering-b1.00-PC-s1.50",
        "hering-b1.00-PH-s1.50",
    ]
    drawn = {manifest.images[i].spec["drawn_base_scale"] for i in muller}
    assert len(drawn) == 2 and all(0.5 <= d <= 1.5 for d in drawn)
    assert image_sizes(folder) == {(256, 128), (256, 256)}
    assert manifest.configs["muller_lyer"].parameters["size"]["base_scales"] == [0.75, 1.25]
    card = (folder / "README.md").read_text(encoding="utf-8")
    assert "with `resolution`, `size.base_scales`, `size.strengths`, `size.jitter`, " in card
    assert "| lite | size | 0.75, 1.25 | 0.9, 1.1 | 0.25 | 256 |" in card
    assert "| lite | orientation | 1 | 1.5 | 0.05 | 256 |" in card
    report = verify(BuiltFolder(folder), FAMILY, workers=1)
    assert report.ok, report.problems


@pytest.mark.parametrize(("resolution", "sizes"), [(128, {(128, 64), (128, 128)}), (2048, {(2048, 1024)})])
def test_the_extreme_resolutions_build_and_verify(resolution, sizes, tmp_path) -> None:
    params = {"resolution": resolution, "color": {"strengths": [1.5]}, "orientation": {"strengths": [0.5]}}
    configs = ["chubb", "hering"] if resolution == 128 else ["chubb"]
    result = build(
        FAMILY, configs=configs, preset="lite", out=tmp_path, progress=False, overrides=params, edition=5
    )
    assert image_sizes(result.folder) == sizes
    report = verify(BuiltFolder(result.folder), FAMILY, workers=1)
    assert report.ok, report.problems


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"size": {"strengths": [0.9, 1.0]}}, "size.strengths may not hold 1.0"),
        ({"color": {"base_scales": [0.755]}}, "color.base_scales must be given to 2 decimals"),
        ({"orientation": {"strengths": [1.333]}}, "orientation.strengths must be given to 2 decimals"),
        ({"size": {"base_scales": [0.9, 0.95]}}, "size.jitter 0.05 is more than half the smallest gap"),
        ({"resolution": 513}, "resolution must be even"),
        ({"resolution": 4096}, "parameter 'resolution' in test.toml must be an integer from 128 to 2048"),
        (
            {"size": {"base_scales": [0.4]}},
            "'size.base_scales' in test.toml must be a list of 1 to 101 distinct",
        ),
        (
            {"color": {"strengths": [1.2, 1.2]}},
            "'color.strengths' in test.toml must be a list of 1 to 100 distinct",
        ),
        (
            {"orientation": {"jitter": -0.1}},
            "'orientation.jitter' in test.toml must be a number from 0.0 to 0.5",
        ),
    ],
)
def test_a_sweep_the_drawing_cannot_make_is_one_sentence_naming_the_key(data, message) -> None:
    with pytest.raises(UsageError, match=re.escape(message)) as raised:
        overlay(PRESETS["paper"], data, "test.toml")
    assert "\n" not in str(raised.value)


def test_a_strength_of_one_is_refused_on_the_command_line_before_anything_is_written(tmp_path) -> None:
    (tmp_path / "p.toml").write_text("[color]\nstrengths = [1.0]\n", encoding="utf-8")
    result = cli(
        "build", "viprobe", "--config", "chubb", "--params", tmp_path / "p.toml", "--out", tmp_path / "o"
    )
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith("error: the parameters in p.toml contradict each other: color.strengths")
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_reads_back_from_its_toml_and_plans_what_the_readme_says(preset) -> None:
    params = PRESETS[preset]
    assert overlay(dataclasses.replace(params), tomllib.loads(to_toml(params, "h")), "round trip") == params
    images = sum(1 for config in FAMILY.configs for _ in FAMILY.jobs(config, preset, params=params))
    assert images == {"paper": 9_570, "lite": 405, "full": 142_650}[preset]


def test_the_manifest_records_the_resolved_parameters(editions) -> None:
    recorded = json.loads((editions[1] / "manifest.json").read_text(encoding="utf-8"))
    assert recorded["edition"] == 1
    assert recorded["configs"]["chubb"]["parameters"]["color"] == {
        "base_scales": [1.0],
        "strengths": [0.6, 0.8, 1.2, 1.4],
        "jitter": 0.05,
    }
