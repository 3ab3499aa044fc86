"""`eval export vlmevalkit` and VLMEvalKit prediction files in `eval score`, on every family's lite build.

The TSV is read the way VLMEvalKit's loader reads it (`pandas.read_csv(sep="\\t")`, an `image` of
at most 64 characters is another row's index); its images must decode to the dataset's pixels as
`datasets` loads them and its rows must be the split's rows. Prediction files are written the way
VLMEvalKit writes them (the TSV's columns without `image`, plus `prediction`; `.xlsx`, `.tsv` with
every cell quoted, `.csv`), from policies whose rates are known, and must score what the same
replies score as JSONL.
"""

from __future__ import annotations

import base64
import csv
import io
import json
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from datasets import load_dataset
from PIL import Image

from builders.core.raster import pixel_sha256
from eval.cli import main as eval_cli
from eval.data import load_rows
from eval.vlmevalkit.export import REFERENCE_MAX_CHARS
from tests.aipsych import policies as aipsych_policies
from tests.test_report import viprobe_reply, vlmbias_reply
from tests.visage import policies as visage_policies

#: family -> (config, split) each test exports: the smallest config that has every kind of row.
EXPORTS = {
    "vlmbias": ("patterned_grids", "main"),
    "viprobe": ("muller_lyer", "test"),
    "visage": ("drawn", "test"),
    "illusionbench": ("drawn", "test"),
    "aipsych": ("synthetic", "test"),
}


def illusionbench_reply(row: dict[str, Any], policy: str) -> str:
    if policy == "truth":
        return row["answer"]
    return "True" if row["answer"] in ("True", "False") else "i"


def reply(family: str, row: dict[str, Any], policy: str) -> str:
    """The reply of `policy` ("truth" or the family's known wrong policy) to `row`."""
    if family == "vlmbias":
        return vlmbias_reply(row, "truthful" if policy == "truth" else "biased")
    if family == "viprobe":
        return viprobe_reply(row, "truthful" if policy == "truth" else "biased")
    if family == "visage":
        return visage_policies.choose(row, "truth" if policy == "truth" else "always yes")
    if family == "illusionbench":
        return illusionbench_reply(row, policy)
    return aipsych_policies.reply(row)


@pytest.fixture(scope="module")
def exported(built, tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path]]:
    """family -> (its lite build, the TSV `eval export vlmevalkit` wrote of its EXPORTS split)."""
    out = tmp_path_factory.mktemp("vlmevalkit")
    found = {}
    for family, (config, split) in EXPORTS.items():
        data = built(family, "lite")
        tsv = out / f"SeeOrRecall_{family}_{config}.tsv"
        argv = ["export", "vlmevalkit", "--data", str(data), "--config", config, "--split", split]
        assert eval_cli([*argv, "--out", str(tsv)]) == 0
        found[family] = (data, tsv)
    return found


def vlmevalkit_table(tsv: Path) -> pd.DataFrame:
    """The TSV as VLMEvalKit's loader reads it, with each image reference replaced by the base64 it names."""
    table = pd.read_csv(tsv, sep="\t")
    images = dict(zip(table["index"].astype(str), table["image"].astype(str), strict=True))
    resolved = []
    for text in table["image"].astype(str):
        if len(text) <= REFERENCE_MAX_CHARS:
            assert len(images[text]) > REFERENCE_MAX_CHARS, "a reference must name a row holding the image"
            text = images[text]
        resolved.append(text)
    return table.assign(
        image=resolved, references=table["image"].astype(str).str.len() <= REFERENCE_MAX_CHARS
    )


@pytest.mark.parametrize("family", EXPORTS)
def test_the_tsv_rows_are_the_split_rows_and_decode_to_its_pixels(exported, hf_cache, family: str) -> None:
    data, tsv = exported[family]
    config, split = EXPORTS[family]
    table = vlmevalkit_table(tsv)
    loaded = load_dataset(str(data), config, split=split, cache_dir=str(hf_cache))
    assert list(table["id"]) == loaded["id"] and list(table["index"]) == list(range(len(loaded)))
    assert list(table["question"]) == loaded["prompt"]
    assert {"answer", "category"} <= set(table.columns)
    # Every row's image decodes to the pixels its `pixel_sha256` names; each distinct image is also
    # compared, pixel by pixel, with what `datasets` decodes for the first row holding it.
    decoded: dict[str, Image.Image] = {}
    for position, (text, expected) in enumerate(zip(table["image"], loaded["pixel_sha256"], strict=True)):
        if text not in decoded:
            decoded[text] = Image.open(io.BytesIO(base64.b64decode(text)))
            dataset_image = loaded[position]["image"]
            assert np.array_equal(np.asarray(decoded[text]), np.asarray(dataset_image)), loaded[position][
                "id"
            ]
        assert pixel_sha256(decoded[text]) == expected, table["id"][position]
    # Each distinct image is stored once: as many base64 cells as distinct pixel hashes.
    assert (~table["references"]).sum() == len(set(loaded["pixel_sha256"]))
    if family == "illusionbench":
        choices = [row for row in loaded if row["options"]]
        assert choices, "the drawn configs ask multiple-choice questions"
        for row in choices:
            line = table[table["id"] == row["id"]].iloc[0]
            assert [line[letter] for letter in "ABCD"] == row["options"]


def write_predictions(tsv: Path, replies: dict[str, str], out: Path) -> Path:
    """A prediction file as VLMEvalKit writes it: the TSV's rows without `image`, plus `prediction`."""
    table = pd.read_csv(tsv, sep="\t", dtype=str, keep_default_na=False).drop(columns="image")
    table = table[table["id"].isin(replies)]
    table["index"] = table["index"].astype(int)
    table["prediction"] = [replies[row_id] for row_id in table["id"]]
    if out.suffix == ".xlsx":
        table.to_excel(out, index=False)
    else:
        table.to_csv(out, sep="\t" if out.suffix == ".tsv" else ",", index=False, quoting=csv.QUOTE_ALL)
    return out


def score(family: str, data: Path, predictions: Path, out: Path) -> dict[str, Any]:
    config, split = EXPORTS[family]
    argv = ["score", family, "--data", str(data), "--config", config, "--split", split]
    assert eval_cli([*argv, "--predictions", str(predictions), "--bootstrap", "50", "--out", str(out)]) == 0
    return json.loads(out.read_text(encoding="utf-8"))


def score_table(exported, family: str, replies: dict[str, str], path: Path) -> dict[str, Any]:
    """The score JSON of `replies` written as a VLMEvalKit prediction file at `path` (its ending decides)."""
    data, tsv = exported[family]
    return score(family, data, write_predictions(tsv, replies, path), path.with_suffix(".json"))


def policy_replies(exported, family: str, policy: str) -> dict[str, str]:
    return {row["id"]: reply(family, row, policy) for row in load_rows(exported[family][0], *EXPORTS[family])}


@pytest.mark.parametrize("suffix", [".xlsx", ".tsv", ".csv"])
@pytest.mark.parametrize("family", EXPORTS)
def test_predictions_score_what_the_same_replies_score_as_jsonl(exported, tmp_path, family, suffix) -> None:
    for policy in ("truth", "wrong"):
        replies = policy_replies(exported, family, policy)
        jsonl = tmp_path / f"{policy}.jsonl"
        jsonl.write_text("".join(json.dumps({"id": k, "response": v}) + "\n" for k, v in replies.items()))
        expected = score(family, exported[family][0], jsonl, tmp_path / f"{policy}-jsonl.json")
        assert score_table(exported, family, replies, tmp_path / f"{policy}{suffix}") == expected


#: family -> the path of the metric a right answer to every row puts at 1.0.
ACCURACY = {
    "vlmbias": "accuracy_item_mean",
    "viprobe": "pfa",
    "visage": "accuracy",
    "illusionbench": "accuracy",
}


@pytest.mark.parametrize("family", ACCURACY)
def test_right_answers_in_an_xlsx_score_accuracy_one(exported, tmp_path, family: str) -> None:
    replies = policy_replies(exported, family, "truth")
    result = score_table(exported, family, replies, tmp_path / "truth.xlsx")
    assert result["n"] == result["rows"] == len(replies) and not result["missing_ids"]
    assert result[ACCURACY[family]] == 1.0 and result["parse_failure_rate"] == 0.0


def test_known_wrong_policies_score_their_implied_rates(exported, tmp_path) -> None:
    result = score_table(exported, "visage", policy_replies(exported, "visage", "wrong"), tmp_path / "v.xlsx")
    assert result["accuracy_by_condition"] == pytest.approx(visage_policies.IMPLIED["always yes"])

    rows = load_rows(exported["aipsych"][0], *EXPORTS["aipsych"])
    result = score_table(
        exported, "aipsych", policy_replies(exported, "aipsych", "wrong"), tmp_path / "a.tsv"
    )
    images = len({row["image_id"] for row in rows})
    quitting = len({row["image_id"] for row in rows if aipsych_policies.refused(row)})
    implied = aipsych_policies.implied(images=images, quitting=quitting)
    for key, value in result["rates"].items():
        assert value == pytest.approx(implied[key]), key
    assert result["quit_rate"] == pytest.approx(implied["quit_rate"])

    rows = load_rows(exported["illusionbench"][0], *EXPORTS["illusionbench"])
    asked = [row for row in rows if row["answer"] in ("True", "False")]
    result = score_table(exported, "illusionbench", {row["id"]: "True" for row in asked}, tmp_path / "i.csv")
    true_share = sum(row["answer"] == "True" for row in asked) / len(asked)
    assert result["tf_accuracy"] == pytest.approx(true_share) and result["fp_ratio"] == 1.0


def test_the_vlms_are_biased_layout_adds_the_release_columns_vlmevalkits_evaluator_reads(
    exported, tmp_path
) -> None:
    data, generic = exported["vlmbias"]
    config, split = EXPORTS["vlmbias"]
    tsv = tmp_path / "VLMsAreBiased.tsv"
    argv = ["export", "vlmevalkit", "--data", str(data), "--config", config, "--split", split]
    assert eval_cli([*argv, "--layout", "vlms_are_biased", "--out", str(tsv)]) == 0
    table = pd.read_csv(tsv, sep="\t", dtype=str, keep_default_na=False)
    base = pd.read_csv(generic, sep="\t", dtype=str, keep_default_na=False)
    released = ["ground_truth", "expected_bias", "topic", "sub_topic", "type_of_question", "pixel"]
    assert list(table.columns) == [*[c for c in base.columns if c != "id"], *released, "id"]
    assert table[list(base.columns)].equals(base), "the generic columns are unchanged"
    rows = load_rows(data, config, split)
    for name in released:
        assert list(table[name]) == [str(row[name]) for row in rows], name
    replies = policy_replies(exported, "vlmbias", "truth")
    predictions = write_predictions(tsv, replies, tmp_path / "p.xlsx")
    assert score("vlmbias", data, predictions, tmp_path / "p.json")["accuracy_item_mean"] == 1.0


def test_another_familys_build_refuses_the_vlms_are_biased_layout_and_writes_nothing(
    exported, tmp_path, capsys
) -> None:
    data, _ = exported["viprobe"]
    out = tmp_path / "x.tsv"
    argv = ["export", "vlmevalkit", "--data", str(data), "--config", EXPORTS["viprobe"][0]]
    assert eval_cli([*argv, "--layout", "vlms_are_biased", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "--layout vlms_are_biased" in err and "--layout generic" in err and err.count("\n") == 1
    assert not out.exists()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "is not valid JSON"),
        ('{"model": {"M": {}}}', "has no 'data' object"),
        ('{"model": {"M": {}}, "data": {"D": "name"}}', "every entry of 'data' must be an object"),
    ],
)
def test_a_vlmevalkit_config_that_is_none_is_one_sentence_before_vlmevalkit_starts(
    tmp_path, capsys, text: str, message: str
) -> None:
    config = tmp_path / "c.json"
    config.write_text(text)
    assert eval_cli(["vlmevalkit", "run", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_without_vlmevalkit_the_launcher_says_how_to_install_it(tmp_path, capsys) -> None:
    try:
        import vlmeval.run  # noqa: F401
    except ImportError:
        pass
    else:
        pytest.skip("VLMEvalKit imports here: tests/test_vlmevalkit_e2e.py runs the launcher")
    config = tmp_path / "c.json"
    datasets = {"D": {"class": "VLMsAreBiased", "dataset": "D"}}
    config.write_text(json.dumps({"model": {"M": {"class": "GPT4V"}}, "data": datasets}))
    assert eval_cli(["vlmevalkit", "run", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert "pip install ms-vlmeval" in err and err.count("\n") == 1
