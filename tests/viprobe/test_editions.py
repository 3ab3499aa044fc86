"""VI-Probe editions and parameters: what a seed redraws and keeps, and sweeps a researcher chooses.

The lite build of every case in the canonical edition and the editions of seeds 1 and 2 is read back
with `datasets`: every paper-fixed quantity is equal, every image is drawn anew, and the images look
new to a perceptual hash. Parameter files go through the real command line.
"""

from __future__ import annotations

import dataclasses
import io
import json
import re
import statistics
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
from builders.viprobe.editions import edition_layout
from builders.viprobe.family import FAMILY
from builders.viprobe.params import PRESETS
from tests.conftest import Built
from tests.pixels import phash_distance

ROOT = Path(__file__).resolve().parents[2]
EDITIONS = (None, 1, 2)
#: What an image's rows say that no edition may change: everything but the pixels and what hashes them.
DRAWN_COLUMNS = {"image", "pixel_sha256", "spec_hash"}
#: The least median perceptual-hash distance (bits of 64) between two editions' images of one case.
NEW_LOOK = 8


@pytest.fixture(scope="module")
def editions(viprobe_lite: Path, built: Built) -> dict[int | None, Path]:
    """The lite build of every case in the canonical edition and the editions of seeds 1 and 2 (the
    session's: tests/test_editions.py reads the same)."""
    folders: dict[int | None, Path] = {None: viprobe_lite}
    for edition in EDITIONS[1:]:
        folders[edition] = built("viprobe", "lite", edition=edition)
    return folders


@pytest.fixture(scope="module")
def loaded(editions, tmp_path_factory: pytest.TempPathFactory) -> dict[int | None, object]:
    """Each edition's `all` config as `datasets` loads it."""
    cache = str(tmp_path_factory.mktemp("viprobe-editions-hf-cache"))
    return {
        edition: load_dataset(str(folder), "all", split="test", cache_dir=cache)
        for edition, folder in editions.items()
    }


@pytest.fixture(scope="module")
def rows(loaded) -> dict[int | None, dict[str, dict]]:
    """Every row of each edition by id (images left out)."""
    return {
        edition: {row["id"]: row for row in table.remove_columns("image")}
        for edition, table in loaded.items()
    }


@pytest.fixture(scope="module")
def images(loaded) -> dict[int | None, dict[str, Image.Image]]:
    """Each edition's images by image id, decoded from the Parquet the build wrote."""
    found: dict[int | None, dict[str, Image.Image]] = {}
    for edition, table in loaded.items():
        found[edition] = {}
        for row in table.select_columns(["image_id", "image"]):
            found[edition].setdefault(row["image_id"], row["image"])
    return found


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
    # Per case: O, OC, OH answer yes, no, yes (f, r, I); 12 perturbed images no, yes, no; Mach bands
    # the other way round.
    for edition in EDITIONS:
        assert Counter(r["label"] for r in rows[edition].values()) == {
            1: 25 * 18 + 2 * 27,
            0: 25 * 27 + 2 * 18,
        }


def test_a_seed_draws_each_base_scale_in_its_bin_and_one_layout_for_all_images_of_the_configuration(
    editions,
) -> None:
    canonical = specs(editions[None])
    assert not any({"edition", "drawn_base_scale", "layout", "px"} & set(spec) for spec in canonical.values())
    drawn: dict[int, dict[str, tuple[float, dict]]] = {}
    for edition in (1, 2):
        for image_id, spec in specs(editions[edition]).items():
            assert spec["edition"] == edition and spec["strength"] == canonical[image_id]["strength"]
            grid = spec["base_scale"]
            assert grid == canonical[image_id]["base_scale"]
            assert max(0.5, grid - 0.05) <= spec["drawn_base_scale"] <= min(1.5, grid + 0.05)
            case = FAMILY.cases[spec["case"]]
            assert spec["layout"] == edition_layout(case, grid, edition).to_dict()
            # One draw per base configuration: its six variants and every strength share it.
            config = f"{spec['case']}-b{grid:.2f}"
            first = drawn.setdefault(edition, {}).setdefault(
                config, (spec["drawn_base_scale"], spec["layout"])
            )
            assert first == (spec["drawn_base_scale"], spec["layout"]), image_id
    assert len(drawn[1]) == len(FAMILY.configs)
    assert all(drawn[1][config] != drawn[2][config] for config in drawn[1])


def test_a_seed_redraws_every_image(editions) -> None:
    images = {edition: Manifest.read(folder).images for edition, folder in editions.items()}
    for image_id, entry in images[1].items():
        assert entry.pixel_sha256 != images[2][image_id].pixel_sha256, image_id
        assert entry.pixel_sha256 != images[None][image_id].pixel_sha256, image_id


def test_two_seeds_and_the_canonical_edition_look_different_to_a_perceptual_hash(images, rows) -> None:
    """Per case, the median 64-bit DCT perceptual-hash distance of the same image id between the editions
    of seeds 1 and 2, and between seed 1 and the canonical edition, is at least NEW_LOOK bits, while every
    row's label, strength and polarity stay equal."""
    for row_id, row in rows[1].items():
        other = rows[2][row_id]
        assert (row["label"], row["strength"], row["polarity"]) == (
            other["label"],
            other["strength"],
            other["polarity"],
        )
    by_case: dict[str, list[tuple[int, int]]] = {}
    for image_id, image in images[1].items():
        case = image_id.split("-b")[0]
        by_case.setdefault(case, []).append(
            (phash_distance(image, images[2][image_id]), phash_distance(image, images[None][image_id]))
        )
    assert sorted(by_case) == sorted(FAMILY.configs)
    medians = {
        case: (statistics.median(d for d, _ in found), statistics.median(c for _, c in found))
        for case, found in by_case.items()
    }
    thin = {case: pair for case, pair in medians.items() if min(pair) < NEW_LOOK}
    assert not thin, f"median distances (seed 1 vs 2, seed 1 vs canonical) under {NEW_LOOK} bits: {thin}"


def test_a_fresh_edition_verifies_and_its_card_says_what_a_seed_redraws(editions) -> None:
    report = verify(BuiltFolder(editions[2]), FAMILY, workers=1)
    assert report.ok, report.problems
    card = (editions[2] / "README.md").read_text(encoding="utf-8")
    assert "- Edition: fresh, seed 2:" in card and "anywhere in its sweep bin" in card
    # The per-case table of what an edition draws is the cases' own declarations.
    first = "| 1 | Müller-Lyer | upside down: the arrowhead line on top (no or yes); place across the canvas"
    assert f"{first} (0-1);" in card
    assert "| 9 | Irradiation | where the black part ends" in card


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
