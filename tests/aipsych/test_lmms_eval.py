"""AIpsych in lmms-eval: the task folder, and one real run of two tasks against a loopback model.

The run reads the session's copy of the lite build into which the release fixture was built as
`coco` (`aipsych_release`), so `aipsych_synthetic` and `aipsych_coco` run in one lmms-eval invocation.
The loopback model (`tests.loopback`) finds each request's row by the image's pixel hash and the
prompt, and replies by `tests.aipsych.policies`, whose categories are known: lmms-eval's rates and
`python -m eval score` on its samples log must both give what the policies imply.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from builders.aipsych.family import FAMILY
from eval.cli import main as eval_cli
from eval.data import load_rows
from eval.local_tasks import write_local_tasks
from eval.tasks.aipsych import utils
from eval.tasks.declaration import TASKS_ROOT
from tests.aipsych import policies
from tests.loopback import LoopbackServer, Run, pixel_hash

FOLDER = TASKS_ROOT / "aipsych"
TASKS = {f"aipsych_{config}" for config in FAMILY.configs}
RUN = ("aipsych_synthetic", "aipsych_coco")
NUMBERS = (*utils.METRICS[:-1],)  # every metric but the breakdown dict


def test_the_folder_holds_one_task_per_config_over_the_shared_template() -> None:
    assert {path.stem for path in FOLDER.glob("*.yaml")} == TASKS | {f"{task}_noimage" for task in TASKS}
    for config in FAMILY.configs:
        task = yaml.safe_load((FOLDER / f"aipsych_{config}.yaml").read_text())
        assert task == {
            "include": "_default_template_yaml",
            "task": f"aipsych_{config}",
            "dataset_name": config,
        }


class PolicyModel(LoopbackServer):
    """Answers every AIpsych row by the policy; records what each request looked like."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        super().__init__()
        self.rows = {(row["pixel_sha256"], row["prompt"]): row for row in rows}
        assert len(self.rows) == len(rows), "a prompt repeats within an image"

    def reply(self, messages: list[dict[str, Any]]) -> str:
        (message,) = messages
        (image_url,) = [
            part["image_url"]["url"] for part in message["content"] if part["type"] == "image_url"
        ]
        (text,) = [part["text"] for part in message["content"] if part["type"] == "text"]
        row = self.rows[(pixel_hash(image_url), text)]
        with self.lock:
            self.received.append({"id": row["id"], "role": message["role"]})
        return policies.reply(row)


@pytest.fixture(scope="module")
def data(aipsych_release: tuple[Path, Path, Path]) -> Path:
    """The lite build with the release fixture built into it as `coco`."""
    return aipsych_release[0]


@pytest.fixture(scope="module")
def run(data: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Run]:
    pytest.importorskip("lmms_eval", reason="lmms-eval is the `eval` extra: pip install -e '.[test,eval]'")
    base = tmp_path_factory.mktemp("aipsych-lmms-eval")
    overlay = base / "tasks"
    write_local_tasks("aipsych", data, overlay)
    rows = [row for config in ("synthetic", "coco") for row in load_rows(data, config, "test")]
    model = PolicyModel(rows)
    try:
        process = Run("aipsych", base, overlay, model, list(RUN))
        assert process.wait() == 0, process.tail()
        yield process
    finally:
        model.close()


@pytest.mark.parametrize(("task", "images", "quitting"), [(RUN[0], 24, 4), (RUN[1], 2, 0)])
def test_each_task_gives_the_rates_its_policies_imply_and_eval_score_agrees(
    run: Run, data: Path, tmp_path: Path, task: str, images: int, quitting: int
) -> None:
    expected = policies.implied(images, quitting)
    results = run.results()[task]
    for metric, value in expected.items():
        assert results[f"{metric},none"] == pytest.approx(value), metric
    assert results["parse_failure_rate,none"] == 0
    assert results["breakdown,none"]["answered_sets"] == 5 * images
    samples = run.samples(task)
    out = tmp_path / "score.json"
    config = task.removeprefix("aipsych_")
    argv = ["score", "aipsych", "--data", str(data), "--config", config, "--predictions", str(samples)]
    assert eval_cli([*argv, "--out", str(out)]) == 0
    rescored = json.loads(out.read_text())
    assert rescored["n"] == 20 * images and not rescored["missing_ids"] and not rescored["unknown_ids"]
    for metric in NUMBERS:
        value = rescored["rates"].get(metric, rescored.get(metric))
        assert results[f"{metric},none"] == pytest.approx(value), metric
    assert [entry["category"] for entry in rescored["sets"]] == [
        policies.category(int(entry["set_id"].rsplit("-s", 1)[1]), entry["set_id"].rsplit("-s", 1)[0])
        for entry in rescored["sets"]
    ]


def test_every_prompt_was_its_own_single_turn_request(run: Run, data: Path) -> None:
    ids = sorted(request["id"] for request in run.model.received)
    expected = [row["id"] for config in ("synthetic", "coco") for row in load_rows(data, config, "test")]
    assert ids == sorted(expected) and len(ids) == 480 + 40
    assert {request["role"] for request in run.model.received} == {"user"}
