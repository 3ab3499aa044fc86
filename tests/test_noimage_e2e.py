"""The `_noimage` twins end to end: lmms-eval registers every one, and a real run against a loopback
model with a text-only policy gives the blind metrics that policy implies, equal to `eval score`.

One lmms-eval run asks a VLMBias topic and a VI-Probe case with and without the image. The model
answers seeing requests with the truth (it finds the row by the image's pixel hash) and text-only
requests from the text alone: VLMBias with the expected bias most rows asking that question have (the
prior a text-only model knows), VI-Probe with "1" to everything. So without the image the VLMBias
prior strength is the share of rows whose bias is their question's usual one, and VI-Probe's
template fixation (TFI) is 1. `eval score --blind` on the two samples logs, and the report on the
output folder, must say the same.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from eval.cli import main as eval_cli
from eval.data import load_rows
from eval.local_tasks import write_local_tasks
from eval.report.results import read_results
from eval.report.writer import report_sections
from eval.tasks.declaration import TASKS_ROOT
from tests.loopback import LoopbackServer, Run, pixel_hash

pytest.importorskip("lmms_eval", reason="lmms-eval is the `eval` extra: pip install -e '.[test,eval]'")

TOPIC, CASE = "game_boards", "ponzo"
TASKS = [
    f"vlmbias_{TOPIC}_main",
    f"vlmbias_{TOPIC}_main_noimage",
    f"viprobe_{CASE}",
    f"viprobe_{CASE}_noimage",
]


def test_lmms_eval_registers_every_noimage_twin() -> None:
    from lmms_eval.tasks import TaskManager

    manager = TaskManager("ERROR", include_path=str(TASKS_ROOT), include_defaults=False)
    tasks = set(manager.all_subtasks)
    twins = {path.stem for path in TASKS_ROOT.glob("*/*_noimage.yaml")}
    assert {name.removesuffix("_noimage") for name in twins} == {
        name for name in tasks if not name.endswith("_noimage")
    }
    assert twins <= tasks and len(twins) > 100


def prior(rows: list[dict[str, Any]]) -> dict[str, str]:
    """The text-only answer to each question: the expected bias most rows asking it have."""
    by_prompt: dict[str, Counter[str]] = {}
    for row in rows:
        by_prompt.setdefault(row["prompt"], Counter())[row["expected_bias"]] += 1
    return {prompt: counts.most_common(1)[0][0] for prompt, counts in by_prompt.items()}


class TextOrImageModel(LoopbackServer):
    """The truth when it sees the image; from the question alone when it does not."""

    def __init__(self, vlmbias: list[dict[str, Any]], viprobe: list[dict[str, Any]]) -> None:
        super().__init__()
        self.prior = prior(vlmbias)
        self.rows: dict[str, list[dict[str, Any]]] = {}
        for row in vlmbias + viprobe:
            self.rows.setdefault(row["pixel_sha256"], []).append(row)

    def reply(self, messages: list[dict[str, Any]]) -> str:
        content = messages[-1]["content"]
        images = [part["image_url"]["url"] for part in content if part["type"] == "image_url"]
        (text,) = [part["text"] for part in content if part["type"] == "text"]
        with self.lock:
            self.received.append({"images": len(images), "text": text})
        if not images:
            return f"{{{self.prior[text]}}}" if text in self.prior else "<answer>1</answer>"
        (row, *_) = [row for row in self.rows[pixel_hash(images[0])] if row["prompt"] == text]
        if "label" in row:
            return f"<reasons>Compared.</reasons><answer>{row['label']}</answer>"
        return f"It shows {{{row['ground_truth']}}}."


@pytest.fixture(scope="module")
def viprobe_lite(built) -> Path:
    return built("viprobe", "lite")


@pytest.fixture(scope="module")
def rows(lite_build: Path, viprobe_lite: Path) -> dict[str, list[dict[str, Any]]]:
    viprobe = [row for row in load_rows(viprobe_lite, CASE, "test") if row["polarity"] in (0, 1)]
    return {"vlmbias": load_rows(lite_build, TOPIC, "main"), "viprobe": viprobe}


@pytest.fixture(scope="module")
def run(
    tmp_path_factory: pytest.TempPathFactory, lite_build: Path, viprobe_lite: Path, rows
) -> Iterator[Run]:
    base = tmp_path_factory.mktemp("noimage")
    overlay = base / "tasks"
    write_local_tasks("vlmbias", lite_build, overlay)
    write_local_tasks("viprobe", viprobe_lite, overlay)
    model = TextOrImageModel(rows["vlmbias"], rows["viprobe"])
    try:
        process = Run("noimage", base, overlay, model, TASKS)
        assert process.wait() == 0, process.tail()
        yield process
    finally:
        model.close()


def test_the_twins_send_the_same_prompts_without_the_image(run, rows) -> None:
    received = run.model.received
    blind = [r for r in received if r["images"] == 0]
    assert all(r["images"] in (0, 1) for r in received)
    asked = sorted(r["text"] for r in received if r["images"])
    assert sorted(r["text"] for r in blind) == asked  # every question once with, once without
    assert len(asked) == len(rows["vlmbias"]) + len(rows["viprobe"])


def test_blind_metrics_are_what_the_text_only_policy_implies(
    run, rows, lite_build, viprobe_lite, tmp_path
) -> None:
    results = run.results()
    vlmbias = rows["vlmbias"]
    answers = prior(vlmbias)
    strength = sum(row["expected_bias"] == answers[row["prompt"]] for row in vlmbias) / len(vlmbias)
    right = sum(row["ground_truth"] == answers[row["prompt"]] for row in vlmbias) / len(vlmbias)
    assert 0 < strength <= 1
    blind_task = results[f"vlmbias_{TOPIC}_main_noimage"]
    assert blind_task["bias_aligned_rate,none"] == pytest.approx(strength)
    assert blind_task["accuracy,none"] == pytest.approx(right)
    assert results[f"vlmbias_{TOPIC}_main"]["accuracy,none"] == 1.0
    assert results[f"viprobe_{CASE}_noimage"]["tfi,none"] == 1.0
    assert results[f"viprobe_{CASE}_noimage"]["pfc,none"] == 0.0

    out = tmp_path / "vlmbias.json"
    argv = ["score", "vlmbias", "--data", str(lite_build), "--config", TOPIC, "--split", "main"]
    seeing, blind = run.samples(f"vlmbias_{TOPIC}_main"), run.samples(f"vlmbias_{TOPIC}_main_noimage")
    assert eval_cli([*argv, "--predictions", str(seeing), "--blind", str(blind), "--out", str(out)]) == 0
    found = json.loads(out.read_text())["blind"]
    assert found["prior_strength"]["all"] == pytest.approx(strength)
    assert found["accuracy"] == pytest.approx(right)
    # Seeing the image changed every answer the prior got wrong, to the truth.
    assert found["visual_override"]["changed"] == pytest.approx(1 - right)
    assert found["visual_override"]["changed_to_truth"] == pytest.approx(1 - right)

    out = tmp_path / "viprobe.json"
    argv = ["score", "viprobe", "--data", str(viprobe_lite), "--config", CASE]
    seeing, blind = run.samples(f"viprobe_{CASE}"), run.samples(f"viprobe_{CASE}_noimage")
    assert eval_cli([*argv, "--predictions", str(seeing), "--blind", str(blind), "--out", str(out)]) == 0
    probe = json.loads(out.read_text())
    assert (probe["blind"]["tfi"], probe["blind"]["pfc"], probe["blind"]["pfa"]) == (1.0, 0.0, 0.0)
    assert probe["blind"]["seeing_minus_blind"]["tfi"] == -1.0 and probe["tfi"] == 0.0

    # The report pairs each twin's samples with its task's, as `--blind` does.
    report = {r.family: r for r in read_results(f"loopback={run.out}", report_sections())}
    vlmbias_json = json.loads((tmp_path / "vlmbias.json").read_text())
    assert json.loads(json.dumps(report["vlmbias"].score["blind"])) == vlmbias_json["blind"]
    assert report["vlmbias"].score["ci95"] == vlmbias_json["ci95"]
    assert json.loads(json.dumps(report["viprobe"].score["blind"])) == probe["blind"]
