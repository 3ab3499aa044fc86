"""The background-removed splits in the other harnesses, as `docs/background-removal.md` runs them:
inspect_ai's `-T split=remove_background_q1q2` and `eval export vlmevalkit --split remove_background_q3`."""

from __future__ import annotations

import base64
import io

import pandas as pd
import pytest
from PIL import Image

from builders.core.raster import pixel_sha256
from eval.cli import main as eval_cli
from eval.data import load_rows


def test_inspect_asks_every_background_removed_row_with_its_own_image(lite_build) -> None:
    inspect_vlmbias = pytest.importorskip("eval.inspect.vlmbias")
    rows = {row["id"]: row for row in load_rows(lite_build, "flags", "remove_background_q1q2")}
    task = inspect_vlmbias.vlmbias(data=str(lite_build), config="flags", split="remove_background_q1q2")
    samples = list(task.dataset)
    assert sorted(sample.id for sample in samples) == sorted(rows)
    for sample in samples[:: len(samples) // 4]:
        (image,) = [part.image for part in sample.input[0].content if part.type == "image"]
        decoded = Image.open(io.BytesIO(base64.b64decode(image.split(",", 1)[1]))).convert("RGB")
        assert pixel_sha256(decoded) == rows[sample.id]["pixel_sha256"], sample.id
        assert "_nobackground_" in rows[sample.id]["image_id"]


def test_vlmevalkit_export_writes_the_background_removed_split(lite_build, tmp_path) -> None:
    tsv = tmp_path / "SeeOrRecall_vlmbias_flags_bare.tsv"
    argv = ["export", "vlmevalkit", "--data", str(lite_build), "--config", "flags"]
    assert eval_cli([*argv, "--split", "remove_background_q3", "--out", str(tsv)]) == 0
    table = pd.read_csv(tsv, sep="\t")
    rows = load_rows(lite_build, "flags", "remove_background_q3")
    assert list(table["question"]) == [row["prompt"] for row in rows]
    assert list(table["answer"]) == [row["ground_truth"] for row in rows]
