"""The harness commands of docs/evaluate.md, run as written against the dry-run model, and their numbers.

The blocks of docs/evaluate.md marked `<!-- run by: tests/test_harness_e2e.py -->` are parsed with
tests/test_docs.py's parser and run verbatim, in order, in a folder laid out as a checkout (the lite
builds under `build/`, `eval/` beside them for inspect's task files). A `python -m eval policy-server`
command is started in the background, as a reader runs it in a second terminal, kept until the next
one takes its place, and then stopped; every other command must exit 0. Port 8000, which the
documents name, is held under a lock file that every test process on the machine shares.

Then the numbers: the policy server's `truth` scores 1 and its `bias` what a perfectly biased model
scores, in the harness's own aggregate and in `eval score` of the harness's output, which must be
equal; lmms-eval's own `vlms_are_biased`, run on the build, is mapped row by row (`doc_id`) and scored
to lmms-eval's numbers; the report shows it and lists, with why, the logs it skips.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("lmms_eval", reason="lmms-eval is the `eval` extra: pip install -e '.[test,eval]'")
if importlib.util.find_spec("inspect_ai") is None:  # its commands run it; this process never imports it
    pytest.skip("inspect-ai is in the `test` extra", allow_module_level=True)

from eval.data import load_rows
from eval.report.results import read_inputs
from eval.report.writer import report_sections
from tests.conftest import _held
from tests.test_docs import ROOT, Command, commands, environment

DOC = ROOT / "docs" / "evaluate.md"
RUNNER = "tests/test_harness_e2e.py"
SERVER = "python -m eval policy-server"
PORT_LOCK = Path(tempfile.gettempdir()) / "see-or-recall-port-8000.lock"
#: The topics the lmms-eval block asks; `vlmbias_vlms_are_biased` reads every topic's main split.
TOPICS = ("Animals", "Chess Pieces", "Flags", "Game Boards", "Logos", "Optical Illusion", "Patterned Grid")


@dataclass
class Server:
    """A policy server a documented command started, and what it printed when it stopped."""

    command: Command
    process: subprocess.Popen[str]
    output: str = ""

    @property
    def policy(self) -> str:
        return self.command.text.split("--policy", 1)[1].split()[0]

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        self.output += self.process.communicate(timeout=60)[0]
        assert self.process.returncode == 0, f"{self.command}\n{self.output[-3000:]}"


@dataclass
class Ran:
    """The checkout the blocks ran in, every command's output, and the servers they ran against."""

    folder: Path
    outputs: dict[str, subprocess.CompletedProcess[str]]
    servers: list[Server]

    def output(self, starts: str) -> subprocess.CompletedProcess[str]:
        (found,) = [done for text, done in self.outputs.items() if text.startswith(starts)]
        return found

    def one(self, pattern: str) -> Path:
        (path,) = self.folder.glob(pattern)
        return path


def documented() -> list[Command]:
    found = [command for command in commands(DOC) if command.run_by == RUNNER]
    assert any(command.text.startswith(SERVER) for command in found), "the blocks lost their model"
    return found


def _environment(folder: Path) -> dict[str, str]:
    """The documents' environment, without a proxy between the harness and 127.0.0.1, and without the
    keys the commands must set themselves."""
    env = {
        key: value
        for key, value in environment(folder).items()
        if "proxy" not in key.lower() and key not in ("OPENAI_API_KEY", "LOCAL_API_KEY")
    }
    return {
        **env,
        "NO_PROXY": "127.0.0.1,localhost",
        "WANDB_MODE": "disabled",
        "TOKENIZERS_PARALLELISM": "false",
    }


def _start(command: Command, folder: Path, env: dict[str, str]) -> Server:
    process = subprocess.Popen(
        ["bash", "-c", f"exec {command.text}"],
        cwd=folder,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    first = process.stdout.readline()
    assert first.startswith("policy server: http://127.0.0.1:8000/v1 "), (
        f"{command}\n{first}{process.stdout.read()}"
    )
    return Server(command, process, first)


@pytest.fixture(scope="module")
def ran(built, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Ran]:
    """Every command of the marked blocks, run in order in a fresh checkout."""
    folder = tmp_path_factory.mktemp("checkout")
    (folder / "build").mkdir()
    for family in ("vlmbias", "aipsych"):
        (folder / "build" / family).symlink_to(built(family, "lite"))
    (folder / "eval").symlink_to(ROOT / "eval")
    (folder / "home").mkdir()
    env = _environment(folder)
    outputs: dict[str, subprocess.CompletedProcess[str]] = {}
    servers: list[Server] = []
    with _held(PORT_LOCK):  # port 8000, for this test alone among the machine's test processes
        try:
            for command in documented():
                if command.text.startswith(SERVER):
                    if servers and servers[-1].process.returncode is None:
                        servers[-1].stop()
                    servers.append(_start(command, folder, env))
                    continue
                done = subprocess.run(
                    ["bash", "-c", command.text],
                    cwd=folder,
                    env=env,
                    capture_output=True,
                    text=True,
                    timeout=900,
                )
                assert done.returncode == 0, f"{command}\n{done.stdout[-3000:]}\n{done.stderr[-5000:]}"
                assert "Traceback" not in done.stderr, f"{command}\n{done.stderr[-5000:]}"
                outputs[command.text] = done
            servers[-1].stop()
        finally:
            for server in servers:
                if server.process.returncode is None:
                    server.process.kill()
                    server.process.wait()
    yield Ran(folder, outputs, servers)


def _lmms_results(ran: Ran) -> dict[str, dict[str, Any]]:
    return json.loads(ran.one("out/MODEL/*_results.json").read_text())["results"]


def _json(ran: Ran, name: str) -> dict[str, Any]:
    return json.loads((ran.folder / name).read_text())


def test_every_request_was_answered_by_the_policy_the_block_names(ran):
    assert [server.policy for server in ran.servers] == ["bias", "truth"]
    for server in ran.servers:
        last = server.output.strip().splitlines()[-1]
        assert last.startswith("policy server stopped: ") and last.endswith(", 0 refused"), server.output[
            -2000:
        ]
        assert int(last.split(": ")[1].split()[0]) > 0


# --------------------------------------------------------------------------- lmms-eval, biased model


def test_our_task_and_its_noimage_twin_score_the_biased_model_in_lmms_eval_and_in_eval_score(ran):
    results = _lmms_results(ran)
    for task in ("vlmbias_patterned_grids_main", "vlmbias_patterned_grids_main_noimage"):
        assert results[task]["accuracy,none"] == 0.0
        assert results[task]["bias_aligned_rate,none"] == 1.0
        assert results[task]["parse_failure_rate,none"] == 0.0
    score = _json(ran, "lmms-scores.json")
    seeing = results["vlmbias_patterned_grids_main"]
    assert score["n"] == len(load_rows(ran.folder / "build" / "vlmbias", "patterned_grids", "main"))
    assert score["missing_ids"] == [] and score["unknown_ids"] == []
    assert (score["accuracy"], score["bias_aligned_rate"]) == (
        seeing["accuracy,none"],
        seeing["bias_aligned_rate,none"],
    )
    blind = results["vlmbias_patterned_grids_main_noimage"]
    assert score["blind"]["accuracy"] == blind["accuracy,none"]
    assert score["blind"]["prior_strength"]["all"] == blind["bias_aligned_rate,none"] == 1.0


def test_lmms_evals_own_task_logs_doc_ids_in_the_order_eval_score_reads_the_split(ran):
    """Every line's prompt, image file and target are those of the row at its `doc_id` in all/main."""
    rows = load_rows(ran.folder / "build" / "vlmbias", "all", "main")
    lines = [json.loads(line) for line in ran.one("out/MODEL/*_samples_vlmbias_vlms_are_biased.jsonl").open()]
    assert sorted(line["doc_id"] for line in lines) == list(range(len(rows)))
    for line in lines:
        row = rows[line["doc_id"]]
        assert (line["input"], line["input_media"], line["target"]) == (
            row["prompt"],
            [row["image_path"]],
            str(row["ground_truth"]),
        )


def test_eval_score_of_lmms_evals_own_task_gives_lmms_evals_numbers(ran):
    lmms = _lmms_results(ran)["vlmbias_vlms_are_biased"]
    score = _json(ran, "vlms-are-biased.json")
    assert score["n"] == len(load_rows(ran.folder / "build" / "vlmbias", "all", "main"))
    assert score["accuracy_item_mean"] == lmms["accuracy,none"] == 0.0
    assert score["bias_aligned_over_all_item_mean"] == lmms["bias_ratio,none"] == 1.0
    by_topic = lmms["accuracy_by_topic,none"]
    assert set(by_topic) == {*TOPICS, "overall"}
    assert {topic: score["by_topic"][topic]["accuracy"] for topic in TOPICS} == {
        t: by_topic[t] for t in TOPICS
    }
    assert score["ci95"]["accuracy_item_mean"] is not None  # lmms-eval's number, now with its interval


def test_the_log_scored_against_another_config_is_refused_naming_the_one_its_task_read(ran):
    done = subprocess.run(
        [
            *("python", "-m", "eval", "score", "vlmbias", "--data", "build/vlmbias", "--config", "flags"),
            *("--split", "main", "--parser", "lmms-eval", "--predictions"),
            str(ran.one("out/MODEL/*_samples_vlmbias_vlms_are_biased.jsonl")),
        ],
        cwd=ran.folder,
        env=_environment(ran.folder),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert "vlmbias_vlms_are_biased reads --config all --split main" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_the_report_shows_lmms_evals_own_task_beside_ours(ran):
    results, skipped = read_inputs(f"MODEL={ran.folder / 'out'}", report_sections())
    assert skipped == []
    shown = {(r.split, r.variant, r.config): r for r in results}
    builtin = shown[("main", "vlms_are_biased", "all")].score
    assert (builtin["accuracy"], builtin["bias_aligned_rate"]) == (0.0, 1.0)
    assert builtin["parser"] == "lmms-eval"
    assert shown[("main", "", "patterned_grids")].score["blind"]["prior_strength"]["all"] == 1.0
    page = (ran.folder / "lmms-report" / "index.html").read_text()
    assert "main (vlms_are_biased)" in page and "Skipped inputs" not in page


def test_the_report_lists_the_logs_it_skips_on_the_page_and_on_stderr(ran, tmp_path):
    """A task that is not ours, and lmms-eval's own task on its Hub release: never left out silently."""
    out = tmp_path / "out"
    shutil.copytree(ran.folder / "out", out)
    (samples,) = out.glob("MODEL/*_samples_vlmbias_vlms_are_biased.jsonl")
    prefix = samples.name.split("_samples_")[0]
    shutil.copy(samples, samples.with_name(f"{prefix}_samples_vlms_are_biased.jsonl"))
    shutil.copy(samples, samples.with_name(f"{prefix}_samples_mmmu_val.jsonl"))
    done = subprocess.run(
        ["python", "-m", "eval", "report", f"MODEL={out}", "--out", str(tmp_path / "report")],
        cwd=ran.folder,
        env=_environment(ran.folder),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    warnings = done.stderr.strip().splitlines()
    assert len(warnings) == 2 and all(line.startswith("warning: skipped ") for line in warnings)
    assert "mmmu_val is not one of our tasks" in done.stderr
    assert "vlms_are_biased is lmms-eval's own task on its Hub release" in done.stderr
    assert "skipped 2 input(s), listed on the page" in done.stdout
    page = (tmp_path / "report" / "index.html").read_text()
    assert page.count("_samples_mmmu_val.jsonl") == 1 and page.count("_samples_vlms_are_biased.jsonl") == 1


# --------------------------------------------------------------------------- inspect_ai, truthful model


def _inspect_metrics(log: Path) -> dict[str, float]:
    from inspect_ai.log import read_eval_log

    read = read_eval_log(str(log), header_only=True)
    assert read.status == "success"
    assert read.results is not None
    return {name: metric.value for score in read.results.scores for name, metric in score.metrics.items()}


def test_inspect_scores_the_truthful_model_right_and_eval_score_agrees(ran):
    metrics = _inspect_metrics(ran.one("logs/vlmbias/*.eval"))
    assert metrics["accuracy_item_mean"] == metrics["accuracy_task_mean"] == 1.0
    assert metrics["parse_failure_rate"] == 0.0
    score = _json(ran, "scores.json")
    assert score["n"] == metrics["n"] == 24
    for name in ("accuracy_item_mean", "accuracy_task_mean", "parse_failure_rate"):
        assert score[name] == metrics[name]
    assert score["ci95"]["accuracy_item_mean"] == [
        metrics["accuracy_item_mean.ci95_low"],
        metrics["accuracy_item_mean.ci95_high"],
    ]


def test_the_truthful_model_spots_every_aipsych_trap(ran):
    metrics = _inspect_metrics(ran.one("logs/aipsych/*.eval"))
    assert metrics["rates.trap_spotting"] == metrics["reliability_score"] == 1.0
    assert metrics["rates.authority_bias"] == metrics["rates.sycophancy_type1"] == 0.0


def test_eval_score_refuses_the_log_of_an_inspect_run_that_did_not_succeed(ran, tmp_path):
    """`inspect eval` exits 0 when its task stopped on an error; the documented score step does not."""
    from inspect_ai.log import EvalError, read_eval_log, write_eval_log

    log = read_eval_log(str(ran.one("logs/vlmbias/*.eval")))
    log.status = "error"
    log.error = EvalError(message="APIConnectionError: Connection error.", traceback="", traceback_ansi="")
    failed = tmp_path / "failed.eval"
    write_eval_log(log, str(failed))
    done = subprocess.run(
        [
            *("python", "-m", "eval", "score", "vlmbias", "--data", "build/vlmbias"),
            *("--config", "patterned_grids", "--split", "main", "--predictions", str(failed)),
        ],
        cwd=ran.folder,
        env=_environment(ran.folder),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert "ended with status 'error': APIConnectionError: Connection error." in done.stderr


def test_the_blocks_run_here_are_the_ones_the_document_marks():
    """Nothing of docs/evaluate.md that talks to a model is left to `# needs:` marks."""
    texts = [command.text for command in documented()]
    assert sum("lmms-eval --model openai" in text for text in texts) == 1
    assert sum(text.startswith("LOCAL_API_KEY=EMPTY inspect eval") for text in texts) == 2
    assert all("OPENAI_API_KEY=" in text for text in texts if "lmms-eval --model openai" in text)
    unrun = [c for c in commands(DOC) if c.needs and ("localhost:8000" in c.text or "mockllm" in c.text)]
    assert unrun == []
