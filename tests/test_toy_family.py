"""A family added by one registration per side gets everything: build, score, tasks, inspect, export, report.

The toy family (`tests/toy/`) is registered here as a real family is, by one line on each side
(`builders.families.FAMILY_MODULES`, `eval.registry.EVAL_MODULES`); nothing else names it. The
commands of `docs/adding-a-family.md` run on it as the document shows them, each through its
command line's `main` in this process (where the registration holds): a real lite build, `eval
score` of real replies, the task YAML `write-tasks` wrote loaded by lmms-eval's TaskManager through
the overlay `eval tasks` wrote, inspect_ai under mockllm, the VLMEvalKit export and the report page.
Its card template is read from `tests/toy/card.md` (a family in this package keeps it in
`dataset_cards/`).
"""

from __future__ import annotations

import ast
import csv
import itertools
import json
import os
import re
import shlex
import types
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import builders.core.card
from builders.cli import main as builders_cli
from builders.families import FAMILY_MODULES
from eval.cli import main as eval_cli
from eval.errors import UsageError
from eval.registry import EVAL_MODULES, family_eval, family_names
from eval.scoring import score_pairs
from eval.tasks.declaration import stale_files

ROOT = Path(__file__).resolve().parents[1]
TOY = Path(__file__).parent / "toy"
DOC = ROOT / "docs" / "adding-a-family.md"
#: The replies `replies.jsonl` holds: right, right, one square off, and no number.
REPLIES = {
    "squares-1-count": "{1}",
    "squares-2-count": "There are {2}.",
    "squares-3-count": "{4}",
    "squares-4-count": "no idea",
}


def documented_commands() -> list[str]:
    """The shell commands of the document's blocks, in order."""
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```bash\n(.*?)```", text, re.DOTALL)
    return [line for block in blocks for line in block.splitlines() if line.strip()]


class _Cards:
    """`importlib.resources` as `builders.core.card` reads it, finding the toy's card template."""

    @staticmethod
    def files(package: str) -> Any:
        if package == "dataset_cards":
            return types.SimpleNamespace(
                joinpath=lambda name: (
                    TOY / "card.md" if name == "toy-squares.md" else resources.files(package).joinpath(name)
                )
            )
        return resources.files(package)


def _mock_reply(*_: Any) -> Any:
    """mockllm's default reply, its usage filled in (otherwise counted with a tokenizer it downloads)."""
    from inspect_ai.model import ModelOutput, ModelUsage

    output = ModelOutput.from_content(model="mockllm", content="Default output from mockllm/model")
    output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
    return output


def run(command: str) -> int:
    """One documented command, through its command line in this process."""
    argv = shlex.split(command)
    if argv[:3] == ["python", "-m", "builders"]:
        return builders_cli(argv[3:])
    if argv[:3] == ["python", "-m", "eval"]:
        return eval_cli(argv[3:])
    if argv[:2] == ["inspect", "eval"]:
        from inspect_ai import eval as inspect_eval
        from inspect_ai.model import get_model

        path, rest = argv[2], argv[3:]
        arguments = dict(value.split("=", 1) for flag, value in itertools.pairwise(rest) if flag == "-T")
        options = {flag: value for flag, value in itertools.pairwise(rest) if flag.startswith("--")}
        model = get_model(options["--model"], custom_outputs=_mock_reply)
        here = os.path.relpath(ROOT / path)  # the checkout's file, from the folder the commands run in
        (log,) = inspect_eval(
            here, task_args=arguments, model=model, log_dir=options["--log-dir"], display="none"
        )
        return 0 if log.status == "success" else 1
    raise AssertionError(f"the document shows a command this test cannot run: {command}")


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The toy family registered (one line per side), in a folder where every documented command ran."""
    folder = tmp_path_factory.mktemp("toy")
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(FAMILY_MODULES, "toy", "tests.toy.family")
        patch.setitem(EVAL_MODULES, "toy", "tests.toy.eval_family")
        patch.setattr(builders.core.card, "resources", _Cards)
        patch.setenv("LMMS_EVAL_DATASETS_CACHE", str(folder / "lmms-cache"))
        patch.chdir(folder)
        patch.setenv("PWD", str(folder))  # where inspect reads a relative `-T data=` from
        (folder / "replies.jsonl").write_text(
            "".join(json.dumps({"id": key, "response": value}) + "\n" for key, value in REPLIES.items())
        )
        for command in documented_commands():
            assert run(command) == 0, command
        yield folder


def test_the_document_shows_every_harness_the_toy_runs_in() -> None:
    shown = " ".join(documented_commands())
    for step in (
        "write-tasks",
        "builders build toy",
        "eval score toy",
        "eval tasks toy",
        "export vlmevalkit",
        "inspect eval",
        "eval report",
    ):
        assert step in shown, step


def test_a_real_build_of_the_toy_is_read_back_by_datasets(toy: Path) -> None:
    from datasets import load_dataset

    rows = load_dataset(str(toy / "build" / "toy-squares"), "squares", split="test")
    assert [row["count"] for row in rows] == [1, 2, 3, 4]
    assert all(row["image"].size == (64, 64) for row in rows)
    assert "# Toy: count the squares" in (toy / "build" / "toy-squares" / "README.md").read_text()


def test_eval_score_takes_the_toys_own_option_and_refuses_others(
    toy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    score = json.loads((toy / "toy-score.json").read_text())
    assert score["family"] == "toy" and score["n"] == 4
    assert score["accuracy"] == 3 / 4  # "{4}" for three squares is within --tolerance 1
    assert score["parse_failure_rate"] == 1 / 4
    assert score["outcomes"]["options"] == {"tolerance": 1}
    assert set(score["ci95"]) >= {"accuracy", "parse_failure_rate"}
    argv = ["score", "toy", "--data", str(toy / "build" / "toy-squares"), "--config", "squares"]
    assert eval_cli([*argv, "--predictions", str(toy / "replies.jsonl"), "--parser", "strict"]) == 2
    assert "--parser is not an option of toy scoring" in capsys.readouterr().err
    with pytest.raises(UsageError, match="tolerence is not an option of toy scoring"):
        score_pairs("toy", [], tolerence=1)


def test_the_toys_task_yaml_is_what_its_declaration_gives_and_lmms_eval_runs_it(toy: Path) -> None:
    task_manager = pytest.importorskip("lmms_eval.tasks").TaskManager
    assert stale_files(family_eval("toy").tasks()) == []
    manager = task_manager(
        "ERROR", include_path=str(toy / "toy-tasks"), include_defaults=False, model_name="openai"
    )
    assert set(manager.all_subtasks) == {"toy_squares", "toy_squares_noimage"}
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("LMMS_EVAL_DATASETS_CACHE", str(toy / "lmms-cache"))
        task = manager.load_task_or_group(["toy_squares"])["toy_squares"]
    docs = list(task.test_docs())
    assert [doc["id"] for doc in docs] == list(REPLIES)
    assert task.doc_to_text(docs[0]) == docs[0]["prompt"] and task.doc_to_target(docs[0]) == "1"
    per_row = [task.process_results(doc, [REPLIES[doc["id"]]]) for doc in docs]
    assert [values["accuracy"] for values in per_row] == [1.0, 1.0, 0.0, 0.0]
    breakdown = task.aggregation()["breakdown"]([values["breakdown"] for values in per_row])
    scored = score_pairs("toy", [(doc, REPLIES[doc["id"]]) for doc in docs], resamples=0)
    assert (
        breakdown
        == {"accuracy": scored["accuracy"], "parse_failure_rate": scored["parse_failure_rate"]}
        == {
            "accuracy": 0.5,
            "parse_failure_rate": 0.25,
        }
    )


def test_the_toy_runs_under_inspect_and_scores_as_eval_score(toy: Path) -> None:
    from inspect_ai.log import read_eval_log

    (location,) = (toy / "toy-logs").glob("*.eval")
    log = read_eval_log(str(location))
    assert log.samples is not None and [sample.id for sample in log.samples] == list(REPLIES)
    first = log.samples[0].input
    assert not isinstance(first, str) and first[-1].content[-1].text == log.samples[0].metadata["prompt"]
    (scored,) = log.results.scores
    assert (
        scored.metrics["accuracy"].value == 0.0 and scored.metrics["n"].value == 4
    )  # mockllm names no count


def test_the_toys_vlmevalkit_export_fills_the_columns_its_declaration_names(toy: Path) -> None:
    with (toy / "toy.tsv").open(newline="") as file:
        lines = list(csv.DictReader(file, delimiter="\t"))
    assert [line["answer"] for line in lines] == ["1", "2", "3", "4"]  # the template's target column
    assert [line["category"] for line in lines] == ["1", "2", "3", "4"]  # the declared grouping column
    assert all(line["question"].startswith("How many black squares") for line in lines)


def test_the_report_draws_the_toys_section(toy: Path) -> None:
    page = (toy / "toy-report" / "index.html").read_text()
    assert 'id="toy"' in page and "Toy squares" in page
    assert (toy / "toy-report" / "figures" / "toy-accuracy.svg").is_file()
    assert family_names()[-1] == "toy"  # the report's sections follow the registration


#: Modules of `eval/` that serve every family: none of them may import a family's modules by name.
CORE = [
    path
    for path in sorted((ROOT / "eval").rglob("*.py"))
    if not any(
        part in EVAL_MODULES or part.split("_")[0] in EVAL_MODULES
        for part in path.relative_to(ROOT / "eval").with_suffix("").parts
    )
    and path.parts[-2:] != ("eval", "registry.py")
]


@pytest.mark.parametrize("path", CORE, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_core_module_imports_a_family_by_name(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
        names += [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
        for name in names:
            assert not set(name.split(".")) & set(EVAL_MODULES), f"{path.relative_to(ROOT)} imports {name}"
