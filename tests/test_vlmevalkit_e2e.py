"""VLMEvalKit (`ms-vlmeval` 0.0.20) as shipped, where it is installed: our commands, its runner, evaluators.

Skipped where VLMEvalKit does not import: it is not in the test extras (it pulls in a CUDA torch and
dozens of packages, and imports torchvision and decord whatever it runs; docs/evaluate.md's VLMEvalKit
section says how these tests are run). Where it imports:

- the VLMEvalKit commands of docs/evaluate.md run as written (the model server's address aside)
  against a local OpenAI-compatible model whose answers are known per row: VLMEvalKit's runner,
  launched by `python -m eval vlmevalkit run`, writes its files, its run summary's headline is our
  accuracy, and `eval score` of its prediction files gives what VLMEvalKit's evaluators gave;
- VLMEvalKit's own `VLMsAreBiased` evaluator scores `--layout vlms_are_biased` exports of the lite
  build and of a fresh edition exactly as `eval score --parser lmms-eval` does;
- VLMEvalKit's own `VLMBias` judge grading and `--grader judge` give every row the same verdict with
  the same scripted judge, and our template, prompt and reading of answers are VLMEvalKit's;
- `build_prompt` sends a VI-Probe instructional row's instructions between its image and question.
"""

from __future__ import annotations

import base64
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from datasets import load_dataset
from PIL import Image

try:
    import vlmeval.run  # noqa: F401 (VLMEvalKit imports its whole tree here: the test needs all of it)
except ImportError as error:
    pytest.skip(
        f"VLMEvalKit (ms-vlmeval) does not import here ({error}); see docs/evaluate.md#vlmevalkit",
        allow_module_level=True,
    )

from builders.core.raster import pixel_sha256
from eval.cli import main as eval_cli
from eval.data import load_rows
from eval.scoring.vlmbias.vlmevalkit_compat import PROMPT, read_template, read_vote
from tests.loopback import LoopbackServer, pixel_hash
from tests.test_docs import ROOT, commands
from tests.test_vlmbias_judge import ScriptedJudge, reply_of

EVALUATE = ROOT / "docs" / "evaluate.md"
SERVER = "http://localhost:8000"


def kind_of(row_id: str) -> int:
    """A fixed reply kind per row (0-3), spread over the rows by their ids."""
    return sum(row_id.encode()) % 4


def policy_reply(row: dict[str, Any]) -> str:
    """Right (0), the expected bias (1), minus the truth (2: wrong, but right once lmms-eval's rules join
    its digits) or no answer (3), by `kind_of`."""
    truth, bias = row["ground_truth"], row["expected_bias"]
    replies = [f"So the answer is {{{truth}}}.", f"{{{bias}}}", f"{{-{truth}}}", "I cannot tell."]
    return replies[kind_of(row["id"])]


class PolicyModel(LoopbackServer):
    """Finds each request's row by its question and the nearest image (VLMEvalKit sends a JPEG) and
    answers by `policy_reply`; keeps what each request carried."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        super().__init__()
        self.rows = rows
        self.asked: list[tuple[str, str, str, str]] = []  # row id, image URL prefix, detail, pixel hash

    def reply(self, messages: list[dict[str, Any]]) -> str:
        content = messages[-1]["content"]
        text = "\n".join(part["text"] for part in content if part["type"] == "text")
        (image,) = [part["image_url"] for part in content if part["type"] == "image_url"]
        with Image.open(io.BytesIO(base64.b64decode(image["url"].split(",", 1)[1]))) as sent:
            pixels = np.asarray(sent.convert("RGB"), dtype=np.int64)
        candidates = [
            row for row in self.rows if row["prompt"] == text and row["pixels"].shape == pixels.shape
        ]
        assert candidates, f"no row asks {text[:80]!r}"
        row = min(candidates, key=lambda row: int(((row["pixels"] - pixels) ** 2).sum()))
        with self.lock:
            self.asked.append((row["id"], image["url"][:23], image["detail"], pixel_hash(image["url"])))
        return policy_reply(row)


def section(doc: Path, heading: str) -> tuple[int, int]:
    """The first and last line (1-based) of `doc`'s section under `heading`."""
    lines = doc.read_text(encoding="utf-8").splitlines()
    start = lines.index(heading) + 1
    end = next((n for n in range(start, len(lines)) if lines[n].startswith("## ")), len(lines))
    return start, end


def documented() -> tuple[list[str], str]:
    """The shell commands and the JSON config of docs/evaluate.md's VLMEvalKit section, as written."""
    start, end = section(EVALUATE, "## VLMEvalKit")
    shell = [command.text for command in commands(EVALUATE) if start <= command.line <= end]
    text = "\n".join(EVALUATE.read_text(encoding="utf-8").splitlines()[start:end])
    (config,) = re.findall(r"```json\n(.*?)```", text, flags=re.DOTALL)
    return shell, config


def run(command: str, folder: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        ["bash", "-c", command], cwd=folder, env=env, capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, f"{command}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def environment(folder: Path) -> dict[str, str]:
    bin_dir = str(Path(sys.executable).parent)
    env = {key: value for key, value in os.environ.items() if "proxy" not in key.lower() and key != "LMUData"}
    return {
        **env,
        "PATH": f"{bin_dir}{os.pathsep}{env.get('PATH', '')}",
        "HOME": str(folder / "home"),
        "HF_HUB_OFFLINE": "1",
        "HF_DATASETS_OFFLINE": "1",
        "NO_PROXY": "127.0.0.1,localhost",
    }


def test_the_documented_commands_run_vlmevalkit_and_score_what_its_evaluators_score(
    lite_build: Path, hf_cache: Path, tmp_path: Path
) -> None:
    shell, config = documented()
    (tmp_path / "home").mkdir()
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "vlmbias").symlink_to(lite_build)
    loaded = load_dataset(str(lite_build), "patterned_grids", split="main", cache_dir=str(hf_cache))
    rows = [{**row, "pixels": np.asarray(row.pop("image").convert("RGB"), dtype=np.int64)} for row in loaded]
    model = PolicyModel(rows)
    env = environment(tmp_path)
    try:
        (tmp_path / "vlmevalkit.json").write_text(config.replace(SERVER, model.base_url.removesuffix("/v1")))
        scored = [run(command, tmp_path, env) for command in shell]
    finally:
        model.close()
    assert any("vlmevalkit run --config vlmevalkit.json" in command for command in shell)

    # VLMEvalKit asked every row of both exports once, each image as a JPEG at high detail, never our pixels.
    ids = [row["id"] for row in rows]
    assert sorted(asked[0] for asked in model.asked) == sorted(ids + ids)
    assert {(asked[1], asked[2]) for asked in model.asked} == {("data:image/jpeg;base64,", "high")}
    ours = {row["id"]: row["pixel_sha256"] for row in rows}
    assert all(sent != ours[row_id] for row_id, _, _, sent in model.asked), "JPEG changes the pixels"

    outputs = tmp_path / "outputs" / "MODEL"
    ours_json = json.loads((outputs / "MODEL_SeeOrRecall_vlmbias_patterned_grids_score.json").read_text())
    strict = json.loads(scored[-2].stdout)
    lmms = json.loads(scored[-1].stdout)
    right = sum(kind_of(row_id) == 0 for row_id in ids) / len(ids)
    assert ours_json == strict and strict["accuracy_item_mean"] == pytest.approx(right)
    status = json.loads((outputs / "status.json").read_text())["datasets"]
    ours_status = status["SeeOrRecall_vlmbias_patterned_grids"]
    assert ours_status["primary_metric"] == "accuracy_item_mean"
    assert ours_status["metrics"]["metric=accuracy_item_mean|value"] == pytest.approx(right)
    theirs = json.loads((outputs / "MODEL_VLMsAreBiased_patterned_grids_metrics.json").read_text())
    assert status["VLMsAreBiased_patterned_grids"]["primary_metric"] == "overall_acc"
    assert theirs["overall_acc"] == pytest.approx(lmms["accuracy_item_mean"])
    assert theirs["overall_bias_ratio"] == pytest.approx(lmms["bias_aligned_over_all_item_mean"])
    joined = sum(kind_of(row_id) == 2 for row_id in ids) / len(ids)
    assert joined > 0 and theirs["overall_acc"] == pytest.approx(right + joined), "{-5} reads 5 joined"


def test_the_launcher_refuses_a_dataset_without_its_export_before_any_request(
    lite_build: Path, tmp_path: Path, capsys, monkeypatch
) -> None:
    monkeypatch.setenv("LMUData", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    entry = {"class": "SeeOrRecallDataset", "dataset": "Ours", "data": str(lite_build), "config": "flags"}
    config = tmp_path / "c.json"
    model = {"M": {"class": "GPT4V", "model": "M"}}
    config.write_text(json.dumps({"model": model, "data": {"Ours": {**entry, "split": "main"}}}))
    assert eval_cli(["vlmevalkit", "run", "--config", str(config)]) == 2
    assert "python -m eval export vlmevalkit --data" in capsys.readouterr().err
    argv = ["export", "vlmevalkit", "--data", str(lite_build), "--config", "logos", "--split", "main"]
    assert eval_cli([*argv, "--out", str(tmp_path / "Ours.tsv")]) == 0
    capsys.readouterr()
    assert eval_cli(["vlmevalkit", "run", "--config", str(config)]) == 2
    assert "is not the export of" in capsys.readouterr().err
    assert not (tmp_path / "outputs").exists()


REPLIES = [
    "{%(t)s}",
    "{%(b)s}",
    "%(t)s stripes, not %(b)s",
    "",
    "I count {-%(t)s}",
    "The answer is %(t)s.",
    "{ %(T)s }",
    "%(t)s",
    "It is {%(b)s} or maybe {%(t)s}",
    "none",
]


def corpus_reply(number: int, row: dict[str, Any]) -> str:
    truth = str(row["ground_truth"])
    return REPLIES[number % len(REPLIES)] % {"t": truth, "T": truth.upper(), "b": row["expected_bias"]}


@pytest.fixture(scope="module")
def edition(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh edition (seed 1) of two lite VLMBias topics."""
    out = tmp_path_factory.mktemp("edition")
    argv = ["build", "vlmbias", "--preset", "lite", "--seed", "1", "--out", str(out), "--no-progress"]
    argv += ["--config", "patterned_grids", "--config", "chess_pieces"]
    subprocess.run([sys.executable, "-m", "builders", *argv], check=True, capture_output=True)
    return out / "vlmbias"


@pytest.mark.parametrize(("which", "config"), [("build", "all"), ("edition", "patterned_grids")])
def test_vlmevalkits_vlms_are_biased_evaluator_scores_an_export_as_the_lmms_eval_parser(
    lite_build: Path, edition: Path, tmp_path: Path, which: str, config: str
) -> None:
    from vlmeval.dataset import VLMsAreBiased
    from vlmeval.smp import dump

    data = lite_build if which == "build" else edition
    tsv = tmp_path / "export.tsv"
    argv = ["export", "vlmevalkit", "--data", str(data), "--config", config, "--split", "main"]
    assert eval_cli([*argv, "--layout", "vlms_are_biased", "--out", str(tsv)]) == 0
    table = pd.read_csv(tsv, sep="\t").drop(columns="image")  # as VLMEvalKit loads it, then drops the image
    rows = {row["id"]: row for row in load_rows(data, config, "main")}
    table["prediction"] = [corpus_reply(n, rows[row_id]) for n, row_id in enumerate(table["id"])]
    predictions = tmp_path / "MODEL_export.xlsx"
    dump(table, str(predictions))  # VLMEvalKit's own writer of prediction files

    theirs = VLMsAreBiased.evaluate(str(predictions))
    out = tmp_path / "ours.json"
    argv = ["score", "vlmbias", "--data", str(data), "--config", config, "--split", "main"]
    argv += ["--parser", "lmms-eval", "--bootstrap", "0", "--predictions", str(predictions)]
    assert eval_cli([*argv, "--out", str(out)]) == 0
    ours = json.loads(out.read_text())
    assert ours["n"] == len(rows) and 0 < ours["accuracy_item_mean"] < 1
    assert theirs["overall_acc"] == pytest.approx(ours["accuracy_item_mean"], abs=1e-12)
    assert theirs["macro_acc"] == pytest.approx(ours["accuracy_task_mean"], abs=1e-12)
    assert theirs["overall_bias_ratio"] == pytest.approx(ours["bias_aligned_over_all_item_mean"], abs=1e-12)
    assert theirs["macro_bias_ratio"] == pytest.approx(ours["bias_aligned_over_all_task_mean"], abs=1e-12)
    for topic, found in ours["by_topic"].items():
        assert theirs["acc"][topic] == pytest.approx(found["accuracy"], abs=1e-12), topic
        assert theirs["bias"][topic] == pytest.approx(found["bias_aligned_rate"], abs=1e-12), topic


def test_vlmevalkits_vlmbias_judge_grading_gives_every_row_the_judge_graders_verdict(
    lite_build: Path, tmp_path: Path, monkeypatch
) -> None:
    from vlmeval.dataset import VLMBias
    from vlmeval.smp import dump, load

    monkeypatch.setenv("LMUData", str(tmp_path))
    tsv = tmp_path / "SeeOrRecall_vlmbias_all.tsv"
    argv = ["export", "vlmevalkit", "--data", str(lite_build), "--config", "all", "--split", "main"]
    assert eval_cli([*argv, "--out", str(tsv)]) == 0
    rows = {row["id"]: row for row in load_rows(lite_build, "all", "main")}
    table = pd.read_csv(tsv, sep="\t").drop(columns="image").iloc[::4].copy()
    table["prediction"] = [reply_of(n % 6, rows[row_id], n) for n, row_id in enumerate(table["id"])]
    predictions = tmp_path / "MODEL_export.xlsx"
    dump(table, str(predictions))

    first, second = ScriptedJudge(), ScriptedJudge()  # each counts its own calls per prompt
    try:
        monkeypatch.setenv("OPENAI_API_BASE", f"{first.base_url}/chat/completions")
        monkeypatch.setenv("OPENAI_API_KEY", "sk-judge")
        monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
        # VLMEvalKit's VLMBias class on our export (it reads `answer` and `category`), graded by its judge.
        accuracy = VLMBias(tsv.stem).evaluate(str(predictions), model="judge-model", nproc=4)
        out = tmp_path / "ours.json"
        argv = ["score", "vlmbias", "--data", str(lite_build), "--config", "all", "--split", "main"]
        argv += ["--grader", "judge", "--judge-url", second.base_url, "--judge-model", "judge-model"]
        argv += ["--bootstrap", "0", "--predictions", str(predictions)]
        assert eval_cli([*argv, "--out", str(out)]) == 0
    finally:
        first.close()
        second.close()
    ours = json.loads(out.read_text())
    hits = load(str(predictions.with_name("MODEL_export_judge-model.xlsx")))
    verdicts = {unit["ID"]: unit for unit in ours["outcomes"]["units"]}
    judged = {row_id: entry["correct"] for row_id, entry in ours["judge"]["rows"].items()}
    for row_id, hit, log in zip(hits["id"], hits["hit"], hits["log"], strict=True):
        ours_correct = judged.get(row_id, verdicts[row_id]["template_correct"])
        assert bool(hit) is ours_correct, (row_id, log)
        assert (log == "Rule Match") is bool(verdicts[row_id]["template_correct"]), (row_id, log)
    assert accuracy["Overall"][0] == pytest.approx(ours["accuracy_item_mean"], abs=1e-12)
    assert 0 < ours["accuracy_item_mean"] < 1 and ours["judge"]["calls"] > ours["judge"]["judged_rows"] > 0
    assert sorted(second.prompts) == sorted(p for p in first.prompts if "[Begin Response]" in p)


def test_our_template_prompt_and_reading_of_answers_are_vlmevalkits() -> None:
    from vlmeval.dataset.utils.omni_verifier import EVAL_TMPL, OmniVerifier
    from vlmeval.dataset.utils.yorn import YOrN_Extraction

    assert PROMPT == EVAL_TMPL
    verifier = OmniVerifier(tmpl="brace", judge="unused", lower_case=True, rule_only=True)
    replies = [
        "{4}", "{ Four }", "{the 4}", "{4.}", "{A 4}", "{four legs}", "It has {3} or {4}", "4", "{}",
        "{Yes}", "{YES}", "yes", "{dont know}", "{12}", "{twelve}", "{twenty-one}", "{None}", "{zero}", "{0}",
        "{ 4 }\n", "{ {4} }", "{4}}", "}{4", "two lines\n{5}", "{٤}", "{an 8}", "{No.}", "{no}",
        "{ The  No }",
    ]  # fmt: skip
    truths = ["4", "Yes", "No", "0", "12", "3", "5", "8"]
    hits = 0
    for reply in replies:
        for truth in truths:
            ours = read_template({"ground_truth": truth, "expected_bias": ""}, reply).hit
            assert ours is verifier.verify(reply, truth)[0], (reply, truth)
            hits += ours
    assert 10 < hits < len(replies) * len(truths) / 2
    answers = [
        "Yes", "yes.", "No", "no!", '"yes"', "Yes, correct", "yes/no", "**Yes**", "Yes:",
        "The answer is yes", "YES - no", "1,000 yes", "yes,no", "y e s", "", "No. Yes.", "." * 40 + " yes",
        "yes" + "." * 40 + "no", "(no)", "[Yes]", "yes\nno", "Nope", "yes;", "I'd say yes", "'yes'",
    ]  # fmt: skip
    reading = {"Yes": "yes", "No": "no", "Unknown": None}
    votes = [read_vote(answer) for answer in answers]
    assert votes == [reading[YOrN_Extraction(answer)] for answer in answers]
    assert {"yes", "no", None} == set(votes)


def test_build_prompt_sends_the_image_then_the_instructions_then_the_question(
    tiny_build: Path, tmp_path: Path, monkeypatch
) -> None:
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
