"""The real VLMEvalKit (`ms-vlmeval`) runs an exported TSV against a loopback model and scores it with us.

Skipped where VLMEvalKit is not installed: it is not in the test extras (it pulls in a CUDA torch and
dozens of packages; see docs/evaluate.md's VLMEvalKit section for how this test is run). VLMEvalKit loads
the TSV from `$LMUData`, sends each row through `SeeOrRecallDataset.build_prompt` and its
OpenAI-compatible `GPT4V` wrapper (images as JPEG), writes its `.xlsx` prediction file, and the
class's `evaluate` scores that file; the loopback model answers every row right, so accuracy is 1.0,
and the numbers are those `eval score` gives the same replies as JSONL.
"""

from __future__ import annotations

import base64
import io
import json
from typing import Any

import numpy as np
import pytest
from datasets import load_dataset
from PIL import Image

from builders.core.raster import pixel_sha256
from eval.cli import main as eval_cli
from eval.data import load_rows
from tests.loopback import LoopbackServer

pytest.importorskip("vlmeval", reason="VLMEvalKit (ms-vlmeval) is an optional install")

CONFIG, SPLIT = "patterned_grids", "main"
NAME = f"SeeOrRecall_vlmbias_{CONFIG}"


def right_answer(row: dict[str, Any]) -> str:
    return f"So the answer is {{{row['ground_truth']}}}."


class RightAnswers(LoopbackServer):
    """Finds the row by its question and the nearest image (the JPEG VLMEvalKit sends), answers it right."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        super().__init__()
        self.rows = rows
        self.asked: list[str] = []

    def reply(self, messages: list[dict[str, Any]]) -> str:
        content = messages[-1]["content"]
        text = "\n".join(part["text"] for part in content if part["type"] == "text")
        (url,) = [part["image_url"]["url"] for part in content if part["type"] == "image_url"]
        with Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))) as sent:
            pixels = np.asarray(sent.convert("RGB"), dtype=np.int64)
        candidates = [
            row for row in self.rows if row["prompt"] == text and row["pixels"].shape == pixels.shape
        ]
        assert candidates, f"no row asks {text[:80]!r}"
        row = min(candidates, key=lambda row: int(((row["pixels"] - pixels) ** 2).sum()))
        with self.lock:
            self.asked.append(row["id"])
        return right_answer(row)


def test_vlmevalkit_runs_the_export_and_scores_right_answers_one(lite_build, hf_cache, tmp_path, monkeypatch):
    lmu = tmp_path / "LMUData"
    lmu.mkdir()
    monkeypatch.setenv("LMUData", str(lmu))
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.chdir(tmp_path)  # VLMEvalKit writes beside the working folder
    argv = ["export", "vlmevalkit", "--data", str(lite_build), "--config", CONFIG, "--split", SPLIT]
    assert eval_cli([*argv, "--out", str(lmu / f"{NAME}.tsv")]) == 0

    loaded = load_dataset(str(lite_build), CONFIG, split=SPLIT, cache_dir=str(hf_cache))
    rows = [{**row, "pixels": np.asarray(row.pop("image").convert("RGB"), dtype=np.int64)} for row in loaded]
    server = RightAnswers(rows)
    try:
        from vlmeval.api import GPT4V
        from vlmeval.inference import infer_data_job

        from eval.vlmevalkit.dataset import SeeOrRecallDataset

        dataset = SeeOrRecallDataset(NAME, data=str(lite_build), config=CONFIG, split=SPLIT)
        model = GPT4V(
            model="loopback-vlm", key="sk-loopback", api_base=f"{server.base_url}/chat/completions", retry=1
        )
        work = tmp_path / "outputs"
        work.mkdir()
        infer_data_job(model, work_dir=str(work), model_name="loopback", dataset=dataset, api_nproc=2)
    finally:
        server.close()
    assert sorted(server.asked) == sorted(row["id"] for row in rows), "every row asked once, each found"

    predictions = work / f"loopback_{NAME}.xlsx"
    table = dataset.evaluate(str(predictions))
    by_metric = dict(zip(table["metric"], table["value"], strict=True))
    assert by_metric["accuracy_item_mean"] == 1.0 and by_metric["parse_failure_rate"] == 0.0

    saved = json.loads(predictions.with_name(predictions.stem + "_score.json").read_text())
    jsonl = tmp_path / "replies.jsonl"
    jsonl.write_text("".join(json.dumps({"id": r["id"], "response": right_answer(r)}) + "\n" for r in rows))
    argv = ["score", "vlmbias", "--data", str(lite_build), "--config", CONFIG, "--split", SPLIT]
    assert eval_cli([*argv, "--predictions", str(jsonl), "--out", str(tmp_path / "jsonl.json")]) == 0
    assert saved == json.loads((tmp_path / "jsonl.json").read_text())


def test_build_prompt_sends_the_image_then_the_instructions_then_the_question(
    tiny_build, tmp_path, monkeypatch
):
    """VI-Probe's instructional rows: VLMEvalKit has no system turn; the instructions go first, as text."""
    monkeypatch.setenv("LMUData", str(tmp_path))
    name = "SeeOrRecall_viprobe_muller_lyer"
    argv = ["export", "vlmevalkit", "--data", str(tiny_build), "--config", "muller_lyer"]
    assert eval_cli([*argv, "--out", str(tmp_path / f"{name}.tsv")]) == 0
    from eval.vlmevalkit.dataset import SeeOrRecallDataset

    dataset = SeeOrRecallDataset(name, data=str(tiny_build), config="muller_lyer")
    rows = {row["id"]: row for row in load_rows(tiny_build, "muller_lyer", "test")}
    kinds = set()
    for position in range(len(dataset)):
        line = dataset.data.iloc[position]
        row = rows[line["id"]]
        messages = dataset.build_prompt(line)
        texts = [message["value"] for message in messages if message["type"] == "text"]
        (image,) = [message["value"] for message in messages if message["type"] == "image"]
        assert messages[0]["type"] == "image"
        with Image.open(image) as decoded:
            assert pixel_sha256(decoded) == row["pixel_sha256"]
        assert texts == ([row["system_prompt"]] if row["system_prompt"] else []) + [row["prompt"]]
        kinds.add(bool(row["system_prompt"]))
    assert kinds == {True, False}, "the config has instructional rows and plain ones"
