"""The VI-Probe build end to end: counts the grid implies, labels, ids, card, verify, determinism, errors.

Everything is read back the way users read it: `datasets.load_dataset` on the built folder, offline.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from datasets import get_dataset_config_names, load_dataset

from builders.viprobe.family import FAMILY
from builders.viprobe.params import PRESETS
from builders.viprobe.schema import SCHEMA

ROOT = Path(__file__).resolve().parents[2]
IMAGES_PER_BASE_SCALE = 3 + 10 * 3  # O, OC, OH + 10 strengths x (P, PC, PH)
SCALES = {"size": 11, "color": 10, "orientation": 11}
VARIANT_NAMES = SCHEMA.features["variant"].names
POLARITY_NAMES = SCHEMA.features["polarity"].names


@pytest.fixture(scope="module")
def loaded(viprobe_paper: Path, tmp_path_factory: pytest.TempPathFactory):
    cache = str(tmp_path_factory.mktemp("viprobe-hf-cache"))

    def load(config: str):
        return load_dataset(str(viprobe_paper), config, split="test", cache_dir=cache)

    return load


@pytest.fixture(scope="module")
def table(loaded):
    """Every row of `all` without images, as a pandas frame."""
    return loaded("all").remove_columns("image").to_pandas()


def test_every_case_and_union_loads_with_the_counts_the_grid_implies(viprobe_paper, loaded) -> None:
    unions = ["all", "color", "orientation", "size"]
    assert get_dataset_config_names(str(viprobe_paper)) == sorted([*unions, *FAMILY.configs])
    per_category: Counter[str] = Counter()
    for name, case in FAMILY.cases.items():
        rows = loaded(name)
        images = SCALES[case.category] * IMAGES_PER_BASE_SCALE
        assert rows.num_rows == 3 * images, name
        assert len(set(rows["image_id"])) == images, name
        assert rows.features == SCHEMA.features
        per_category[case.category] += rows.num_rows
    for category, rows in per_category.items():
        assert loaded(category).num_rows == rows
    # 290 base configurations x 33 images x 3 questions.
    assert sum(SCALES[c.category] for c in FAMILY.cases.values()) == 290
    assert loaded("all").num_rows == 290 * IMAGES_PER_BASE_SCALE * 3 == 28_710
    assert not (viprobe_paper / "all").exists() and not (viprobe_paper / "size").exists()


def test_every_label_matches_its_variant_and_polarity(table) -> None:
    variant = table["variant"].map(VARIANT_NAMES.__getitem__)
    polarity = table["polarity"].map(POLARITY_NAMES.__getitem__)
    original = (~table["case_name"].str.startswith("mach_band")).astype(int)
    forward = original.where(~variant.str.startswith("perturbed"), 1 - original)
    expected = forward.where(polarity != "r", 1 - forward)
    assert (table["label"] == expected).all()
    assert (table["variant_code"] == variant.map(lambda v: FAMILY_CODES[v])).all()
    # Perturbed rows sweep the strengths; originals sit at 1.0 with alpha 0.
    perturbed = variant.str.startswith("perturbed")
    assert (table.loc[~perturbed, "strength"] == 1.0).all() and (table.loc[~perturbed, "alpha"] == 0).all()
    assert set(table.loc[perturbed, "strength"]) == set(PRESETS["paper"].size.strengths)
    assert ((table["alpha"] - (table["strength"] - 1) / 0.5).abs() < 1e-9).all()


FAMILY_CODES = {
    "original": "O",
    "perturbed": "P",
    "original_control": "OC",
    "perturbed_control": "PC",
    "original_with_guide": "OH",
    "perturbed_with_guide": "PH",
}


def test_ids_carry_the_paired_structure(table) -> None:
    assert table["id"].is_unique
    by_pair = table.groupby("pair_id")["polarity"].apply(lambda p: sorted(POLARITY_NAMES[i] for i in p))
    assert all(polarities == ["I", "f", "r"] for polarities in by_pair)
    assert (table["pair_id"] == table["image_id"]).all()
    per_config = table.groupby("config_id")["image_id"].nunique()
    assert len(per_config) == 290 and (per_config == IMAGES_PER_BASE_SCALE).all()
    # One image per (config, variant, strength), and every image's rows agree on its pixels.
    assert table.groupby(["config_id", "variant", "strength"])["image_id"].nunique().eq(1).all()
    assert table.groupby("image_id")["pixel_sha256"].nunique().eq(1).all()
    # Images with an inducer are all distinct. Controls may coincide: removing the inducer removes what
    # tells twin cases (Ebbinghaus, Ebbinghaus Rectangular) or inducer-only base scales apart.
    images = table.drop_duplicates("image_id")
    control = images["variant"].map(VARIANT_NAMES.__getitem__).str.endswith("_control")
    assert images.loc[~control, "pixel_sha256"].is_unique
    assert images.groupby("config_id")["pixel_sha256"].nunique().eq(IMAGES_PER_BASE_SCALE).all()


def test_rows_carry_the_prompts_and_instructions(table) -> None:
    polarity = table["polarity"].map(POLARITY_NAMES.__getitem__)
    assert table["prompt"].str.endswith("   - Do not write anything else inside <answer>.").all()
    assert (table.loc[polarity != "I", "system_prompt"] == "").all()
    assert table.loc[polarity == "I", "system_prompt"].str.startswith("Visual Comparison Instructions:").all()
    assert set(table["template_version"]) == {"viprobe-questions-1"}


def test_card_lists_cases_unions_and_grid(viprobe_paper) -> None:
    card = (viprobe_paper / "README.md").read_text()
    for case in FAMILY.cases.values():
        assert f"| {case.number} | `{case.name}` | {case.title} |" in card
    assert "| `size` | union of 11 cases | | 3993 | 11979 |" in card
    assert (
        "| paper | color | 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.2, 1.3, 1.4 "
        "| 0.5, 0.6, 0.7, 0.8, 0.9, 1.1, 1.2, 1.3, 1.4, 1.5 | 0.05 | 512 |"
    ) in card


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            ["--config", "muller-lyer"],
            "unknown config 'muller-lyer' for family 'viprobe'; choose from: muller_lyer,",
        ),
        (["--preset", "dense"], "unknown preset 'dense'; choose from: paper, lite, full"),
        (
            ["--config", "ponzo", "--source", "upstream", "tests"],
            "family 'viprobe' reads no --source 'upstream'; this family's sources: embedded (drawn by code)",
        ),
    ],
)
def test_bad_requests_fail_with_one_sentence_and_write_nothing(arguments, message, tmp_path) -> None:
    command = [sys.executable, "-m", "builders", "build", "viprobe", "--out", str(tmp_path), *arguments]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert result.stderr.startswith(f"error: {message}") and result.stderr.count("\n") == 1
    assert not any(tmp_path.iterdir())


def test_build_all_refuses_a_config_choice(tmp_path) -> None:
    command = [sys.executable, "-m", "builders", "build", "all", "--config", "ponzo", "--out", str(tmp_path)]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and not any(tmp_path.iterdir())
    assert result.stderr.startswith("error: `build all` builds every config of every family with its preset")
    assert result.stderr.count("\n") == 1


def test_scoring_a_build_as_another_family_fails_with_one_sentence(viprobe_lite, tmp_path, capsys) -> None:
    from eval.cli import main as eval_cli

    predictions = tmp_path / "p.jsonl"
    predictions.write_text('{"ID": "x", "response": "<answer>1</answer>"}\n')
    argv = ["score", "vlmbias", "--data", str(viprobe_lite), "--config", "ponzo", "--split", "test"]
    assert eval_cli([*argv, "--predictions", str(predictions)]) == 2
    assert capsys.readouterr().err == (
        f"error: {str(viprobe_lite)!r} holds a viprobe build, not vlmbias; "
        "score it with `python -m eval score viprobe`\n"
    )
