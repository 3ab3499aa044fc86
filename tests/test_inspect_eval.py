"""Every family's inspect_ai task through the real `inspect eval` CLI, on the session's lite builds.

Each family runs twice: offline under `mockllm/model` (every reply unparseable; the five tasks in
one in-process `inspect_ai.eval`, each split's first rows), and through the `inspect eval` command
against a loopback OpenAI-compatible server (`tests.loopback`) via inspect's `openai-api` provider,
answering by a policy whose metrics are known in advance (`tests.inspect_policies`). The server finds
each request's row by the image's pixel hash and the question, so a request with other pixels or
another prompt fails.
Both runs must report, as inspect metrics, exactly what `python -m eval score --predictions <the
.eval log>` reports on the same replies, intervals included. The five commands run at once
(inspect takes seconds to start).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

# inspect_ai is imported by the tests that use it, not here: every xdist worker collects this file,
# and only the one that runs it should pay for the import.
if importlib.util.find_spec("inspect_ai") is None:
    pytest.skip("inspect-ai is in the `test` extra: pip install -e '.[test]'", allow_module_level=True)
if TYPE_CHECKING:
    from inspect_ai.log import EvalLog
    from inspect_ai.model import ModelOutput

from eval.cli import main as eval_cli
from eval.data import load_rows
from eval.registry import family_eval
from eval.scoring.bootstrap import flatten
from tests.conftest import Built
from tests.inspect_policies import POLICIES, Policy
from tests.loopback import LoopbackServer, offline_env, pixel_hash
from tests.sweep import Sweep

ROOT = Path(__file__).resolve().parent.parent
MOCK_REPLY = "Default output from mockllm/model"


@dataclass(frozen=True)
class Case:
    """A family's run: the config and split it asks, and how the loopback model answers."""

    family: str
    config: str
    split: str
    policy: Policy
    #: Ask only the split's first rows (`--limit`): the metrics still take every row, as `eval score` does.
    limit: int | None = None

    def asked(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return rows[: self.limit]


CASES = {
    case.family: case
    for case in (
        Case("vlmbias", "patterned_grids", "main", POLICIES["vlmbias"]),
        Case("viprobe", "muller_lyer", "test", POLICIES["viprobe"]),
        Case("aipsych", "synthetic", "test", POLICIES["aipsych"], limit=100),  # 5 images' sets
        Case("visage", "drawn", "test", POLICIES["visage"]),
        Case("illusionbench", "drawn", "test", POLICIES["illusionbench"]),
    )
}


class PolicyServer(LoopbackServer):
    """Finds the row of each request by pixels and question, records what it was sent, answers by policy."""

    def __init__(self, case: Case, rows: list[dict[str, Any]]) -> None:
        super().__init__()
        # VI-Probe's forward and instructional rows share image and question; the system message differs.
        self.rows = {
            (row["pixel_sha256"], tuple(case.policy.messages(row)[:-1]), row["prompt"]): row for row in rows
        }
        self.answer = case.policy.reply

    def reply(self, messages: list[dict[str, Any]]) -> str:
        *before, user = messages
        parts = user["content"]
        (image_url,) = [part["image_url"]["url"] for part in parts if part["type"] == "image_url"]
        (text,) = [part["text"] for part in parts if part["type"] == "text"]
        earlier = tuple((m["role"], _text(m["content"])) for m in before)
        row = self.rows[(pixel_hash(image_url), earlier, text)]
        with self.lock:
            self.received.append({"id": row["id"], "order": [part["type"] for part in parts]})
        return self.answer(row)


def _text(content: str | list[dict[str, Any]]) -> str:
    return content if isinstance(content, str) else "".join(part["text"] for part in content)


@dataclass
class Run:
    """One `inspect eval` process against its loopback server; `log()` once it has exited 0."""

    folder: Path
    process: subprocess.Popen[bytes]
    output: Path
    server: PolicyServer

    def log(self) -> EvalLog:
        assert self.process.wait(timeout=600) == 0, self.output.read_text()[-4000:]
        (path,) = self.folder.glob("logs/*.eval")
        from inspect_ai.log import read_eval_log

        return read_eval_log(str(path))


def start(case: Case, data: Path, base: Path, server: PolicyServer) -> Run:
    """The `inspect` script on `eval/inspect/<family>.py`, started from the build's parent folder with a
    relative `-T data=` (as a user in that folder types it), against `server`; logs go to `base/logs`.
    The task file is named by absolute path, so with its task (`file.py@task`), as inspect requires;
    `--no-log-realtime` spares the live-viewing buffer, which no one views here."""
    inspect = shutil.which("inspect", path=str(Path(sys.executable).parent))
    assert inspect, "the inspect console script comes with inspect-ai"
    base.mkdir(parents=True)
    command = [
        inspect, "eval", f"{ROOT / 'eval' / 'inspect' / case.family}.py@{case.family}",
        "-T", f"data={data.name}", "-T", f"config={case.config}", "-T", f"split={case.split}",
        "--model", "openai-api/loopback/vlm", "--model-base-url", server.base_url,
        *([] if case.limit is None else ["--limit", str(case.limit)]),
        "--log-dir", str(base / "logs"), "--no-log-images", "--no-log-realtime", "--display", "plain",
    ]  # fmt: skip
    env = {**offline_env(base), "PWD": str(data.parent), "LOOPBACK_API_KEY": "sk-loopback"}
    output = base / "inspect.out"
    with output.open("wb") as sink:
        process = subprocess.Popen(command, cwd=data.parent, env=env, stdout=sink, stderr=subprocess.STDOUT)
    return Run(base, process, output, server)


@pytest.fixture(scope="module")
def builds(built: Built) -> dict[str, Path]:
    return {family: built(family, "lite") for family in CASES}


@pytest.fixture(scope="module")
def rows(builds: dict[str, Path]) -> dict[str, list[dict[str, Any]]]:
    return {family: load_rows(builds[family], case.config, case.split) for family, case in CASES.items()}


@pytest.fixture(scope="module")
def runs(
    tmp_path_factory: pytest.TempPathFactory, builds: dict[str, Path], rows: dict[str, list[dict[str, Any]]]
) -> Iterator[dict[str, Run]]:
    """Every family's loopback run, all started at once (inspect takes seconds to start).

    On a fresh install the first process to import a module compiles it, so this one first imports
    what the five import beyond it (inspect's command line and its OpenAI-compatible provider): they
    read it compiled instead of each compiling it at once."""
    for module in ("inspect_ai._cli.main", "inspect_ai.model._providers.openai_compatible"):
        importlib.import_module(module)
    base = tmp_path_factory.mktemp("inspect")
    started: dict[str, Run] = {}
    try:
        for family, case in CASES.items():
            server = PolicyServer(case, rows[family])
            started[family] = start(case, builds[family], base / family, server)
        for run in started.values():
            run.process.wait(timeout=600)
        yield started
    finally:
        for run in started.values():
            if run.process.poll() is None:
                run.process.kill()
            run.server.close()


def _mock_reply(*_: Any) -> ModelOutput:
    """mockllm's default reply, with its usage filled in (otherwise counted with tiktoken's o200k_base,
    which tiktoken downloads on first use)."""
    from inspect_ai.model import ModelOutput, ModelUsage

    output = ModelOutput.from_content(model="mockllm", content=MOCK_REPLY)
    output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
    return output


#: The mock run asks each split's first rows: all of VLMBias's, VI-Probe's and VISaGE's, the first of
#: AIpsych's 480 and IllusionBench+'s 1,133 (the loopback run asks every IllusionBench+ row); a full
#: sweep (`benchmarks/full_sweeps.py`) asks every row.
MOCK_LIMIT = 120


@pytest.fixture(scope="module")
def mock_limit(sweep: Sweep) -> int | None:
    return None if sweep.full else MOCK_LIMIT


@pytest.fixture(scope="module")
def mock_logs(
    tmp_path_factory: pytest.TempPathFactory, builds: dict[str, Path], mock_limit: int | None
) -> dict[str, EvalLog]:
    """Every family's task under `mockllm/model`, in-process (one inspect start-up for all five), the
    first `mock_limit` rows of each, without inspect's live-viewing buffer (`log_realtime`): it took a
    quarter of the run's CPU, for no viewer."""
    tasks = [
        importlib.import_module(f"eval.inspect.{family}").__dict__[family](
            data=str(builds[family]), config=case.config, split=case.split
        )
        for family, case in CASES.items()
    ]
    from inspect_ai import eval as inspect_eval
    from inspect_ai.log import read_eval_log
    from inspect_ai.model import get_model

    model = get_model("mockllm/model", custom_outputs=_mock_reply)
    log_dir = tmp_path_factory.mktemp("inspect-mock")
    logs = inspect_eval(
        tasks, model=model, log_dir=str(log_dir), display="none", log_realtime=False, limit=mock_limit
    )
    # The images as sent, not the log's attachment references to them.
    return {log.eval.task: read_eval_log(log.location, resolve_attachments=True) for log in logs}


def metrics(log: EvalLog) -> dict[str, float]:
    (score,) = log.results.scores
    return {name: found.value for name, found in score.metrics.items()}


def rescored(case: Case, data: Path, log: EvalLog, out: Path) -> dict[str, Any]:
    """`python -m eval score` on the log inspect wrote."""
    argv = ["score", case.family, "--data", str(data), "--config", case.config, "--split", case.split]
    assert eval_cli([*argv, "--predictions", log.location, "--out", str(out)]) == 0
    return json.loads(out.read_text())


def assert_same_as_eval_score(case: Case, log: EvalLog, result: dict[str, Any]) -> None:
    """Every headline metric and both ends of its interval, as inspect reported them, equal `eval score`'s."""
    found = metrics(log)
    leaves = flatten(result)
    for path in family_eval(case.family).scorer.headline:
        assert found.get(path) == leaves.get(path), path
        interval = result["ci95"].get(path)
        assert [found.get(f"{path}.ci95_low"), found.get(f"{path}.ci95_high")] == (interval or [None, None])
    assert found["n"] == result["n"]


@pytest.mark.parametrize("family", CASES)
def test_offline_mockllm_run_asks_as_lmms_eval_and_scores_as_eval_score(
    mock_logs, mock_limit, builds, rows, tmp_path, family
) -> None:
    case, log = CASES[family], mock_logs[family]
    asked = rows[family][:mock_limit]
    assert log.status == "success"
    assert sorted(sample.id for sample in log.samples) == sorted(row["id"] for row in asked)
    by_id = {row["id"]: row for row in asked}
    for sample in log.samples:
        row = by_id[sample.id]
        (user,) = [message for message in sample.input if message.role == "user"]
        image, text = user.content
        assert image.type == "image" and text.type == "text"
        assert pixel_hash(image.image) == row["pixel_sha256"]
        assert [(m.role, m.text) for m in sample.input] == case.policy.messages(row)
        assert sample.output.completion == MOCK_REPLY
    result = rescored(case, builds[family], log, tmp_path / "scores.json")
    assert result["missing_ids"] == [row["id"] for row in rows[family][len(asked) :]]
    assert result["unknown_ids"] == []
    assert_same_as_eval_score(case, log, result)


@pytest.mark.parametrize("family", CASES)
def test_loopback_run_gives_the_policys_numbers_and_eval_scores(runs, builds, rows, tmp_path, family) -> None:
    case, log = CASES[family], runs[family].log()
    asked = case.asked(rows[family])
    assert log.status == "success"
    replies = {sample.id: sample.output.completion for sample in log.samples}
    assert replies == {row["id"]: case.policy.reply(row) for row in asked}
    result = rescored(case, builds[family], log, tmp_path / "scores.json")
    assert result["missing_ids"] == [row["id"] for row in rows[family][len(asked) :]]
    assert_same_as_eval_score(case, log, result)
    found = metrics(log)
    for path, value in case.policy.implied(asked).items():
        assert found.get(path) == (pytest.approx(value) if value is not None else None), path


@pytest.mark.parametrize("family", CASES)
def test_the_loopback_model_got_each_row_once_as_lmms_eval_sends_it(runs, rows, family) -> None:
    """One request per row, found by its pixels, the messages before (VI-Probe's instructions as the system
    message) and the question; the image before the text."""
    run = runs[family]
    run.log()
    received = run.server.received
    assert sorted(item["id"] for item in received) == sorted(
        row["id"] for row in CASES[family].asked(rows[family])
    )
    assert {tuple(item["order"]) for item in received} == {("image_url", "text")}


def test_a_folder_of_another_family_is_refused_in_one_sentence(builds) -> None:
    """Task arguments are checked before any request; inspect prints the sentence without a traceback."""
    from eval.inspect.adapter import TaskArgumentError
    from eval.inspect.aipsych import aipsych
    from eval.inspect.viprobe import viprobe
    from eval.inspect.vlmbias import vlmbias

    with pytest.raises(TaskArgumentError, match="holds a vlmbias build, not viprobe"):
        viprobe(data=str(builds["vlmbias"]))
    with pytest.raises(TaskArgumentError, match="parser='loose' is not one of strict, lmms-eval"):
        vlmbias(data=str(builds["vlmbias"]), parser="loose")
    with pytest.raises(TaskArgumentError, match="unknown config 'flag'"):
        vlmbias(data=str(builds["vlmbias"]), config="flag")
    with pytest.raises(TaskArgumentError, match=r"k=1\.5: '1\.5' is not a number between 0 and 1"):
        aipsych(data=str(builds["aipsych"]), k=1.5)


def test_eval_score_refuses_a_damaged_log_and_a_run_of_several_epochs(builds, tmp_path, capsys) -> None:
    from inspect_ai import eval as inspect_eval
    from inspect_ai.model import get_model

    from eval.inspect.vlmbias import vlmbias

    case = CASES["vlmbias"]
    argv = [
        "score",
        "vlmbias",
        "--data",
        str(builds["vlmbias"]),
        "--config",
        case.config,
        "--split",
        case.split,
    ]
    damaged = tmp_path / "damaged.eval"
    damaged.write_bytes(b"PK\x03\x04 not a zip")
    assert eval_cli([*argv, "--predictions", str(damaged)]) == 2
    assert "is not a readable inspect log" in capsys.readouterr().err
    task = vlmbias(data=str(builds["vlmbias"]), config=case.config, split=case.split, bootstrap=0)
    model = get_model("mockllm/model", custom_outputs=_mock_reply)
    (log,) = inspect_eval(
        task, model=model, epochs=2, limit=2, log_dir=str(tmp_path / "logs"), display="none"
    )
    assert eval_cli([*argv, "--predictions", log.location]) == 2
    err = capsys.readouterr().err
    assert "asked every sample 2 times" in err and err.count("\n") == 1


def test_eval_score_reads_a_json_log_as_it_reads_an_eval_log(mock_logs, builds, tmp_path) -> None:
    """`--log-format json` gives the same replies, so the same score JSON."""
    from inspect_ai import eval as inspect_eval
    from inspect_ai.model import get_model

    from eval.inspect.vlmbias import vlmbias

    case = CASES["vlmbias"]
    task = vlmbias(data=str(builds["vlmbias"]), config=case.config, split=case.split)
    model = get_model("mockllm/model", custom_outputs=_mock_reply)
    logs = str(tmp_path / "logs")
    (log,) = inspect_eval(task, model=model, log_dir=logs, log_format="json", display="none")
    assert log.location.endswith(".json")
    as_json = rescored(case, builds["vlmbias"], log, tmp_path / "json.json")
    assert as_json == rescored(case, builds["vlmbias"], mock_logs["vlmbias"], tmp_path / "eval.json")
