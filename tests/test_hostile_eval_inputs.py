"""Every reader of `python -m eval`, fuzzed with hostile variants of a good file (issue 29, item "what it
must show"; defects 9, 10, 14 and 21).

The readers: prediction JSONL (and lmms-eval samples lines), VLMEvalKit `.tsv`/`.csv`/`.xlsx`
predictions, inspect logs (`.eval`, `.json`), score JSONs given to `eval report` and `eval compare`,
and the samples log of an lmms-eval output folder given to `eval report` (good files:
tests/eval_inputs.py). (A judge's replies have
their own server tests in tests/illusionbench/test_judge_deadline.py.) For each, a seeded generator
(tests/hostile_variants.py) derives a few dozen variants of a good file made from the session's
tiny VI-Probe build: truncations, byte flips, byte-order marks, NULs, empty files, deep nesting,
huge fields, wrong types at each key, lone surrogates, over-long integers, directories, symlinks
(one a loop), named pipes and devices where a file belongs, and for the zip-based `.xlsx` and
`.eval` zip bombs and lying members (issue 42), for `.xlsx` sparse sheets and formulas too. Each runs
through the CLI's `main`; the test asserts that no exception escapes, that a refusal is exit 2 with
one `error:` sentence that shows no object's repr, that a success writes valid UTF-8, and that a
refusal leaves nothing on disk. The defects each reproduce on their own first, with the sentence expected.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import resource
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from eval.cli import main
from tests.eval_inputs import CONFIG, SAMPLES, SPLIT, good_inputs
from tests.hostile_variants import (
    BYTE_VARIANTS,
    DEEP,
    SHEET,
    Variant,
    formula_cells,
    json_variant,
    jsonl_variant,
    lying_member,
    make,
    sparse_sheet,
    table_variant,
    variants,
    zip_bomb,
    zip_member_variant,
)
from tests.test_reliability_parsing import at_most

ROOT = Path(__file__).resolve().parents[1]
#: An object's default repr ("<_io.BytesIO object at 0x7f...>") in a message names nothing a user knows.
REPR = re.compile(r"<[^<>]* at 0x[0-9a-f]+>|object at 0x")


@pytest.fixture(scope="module")
def good(tiny_build: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of good inputs: predictions of every kind, a score JSON and inspect logs."""
    return good_inputs(tiny_build, tmp_path_factory)


# --- running -----------------------------------------------------------------------------------------


@contextlib.contextmanager
def memory_cap(extra: int = 2 << 30) -> Iterator[None]:
    """Fail with MemoryError, rather than let the kernel kill whatever shares the machine, when the
    block's address space grows by more than `extra` bytes."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    in_use = int(Path("/proc/self/statm").read_text().split()[0]) * resource.getpagesize()
    resource.setrlimit(resource.RLIMIT_AS, (in_use + extra, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def refused_or_fine(argv: list[str], out: Path, capsys: pytest.CaptureFixture[str]) -> int:
    """Run the CLI on a variant: no exception escapes; exit 2 is one sentence and leaves no `out`."""
    before = sorted(out.parent.iterdir())
    with at_most(60), memory_cap():
        code = main(argv)
    captured = capsys.readouterr()
    assert code in (0, 2), (code, captured.err)
    captured.out.encode("utf-8")  # nothing a terminal cannot print
    if code == 2:
        assert captured.err.startswith("error: ") and captured.err.count("\n") == 1, captured.err
        assert not REPR.search(captured.err), captured.err
        assert not out.exists() and sorted(out.parent.iterdir()) == before, "a refusal left files behind"
    elif out.is_file():
        out.read_text(encoding="utf-8")
    return code


READERS: dict[str, tuple[str, list[Variant]]] = {
    "jsonl": ("replies.jsonl", [jsonl_variant]),
    "tsv": ("replies.tsv", [table_variant]),
    "csv": ("replies.csv", [table_variant]),
    "xlsx": (
        "replies.xlsx",
        [
            zip_member_variant(lambda info: info.filename.endswith(".xml")),
            zip_bomb(SHEET),
            lying_member(SHEET),
            sparse_sheet,
            formula_cells,
        ],
    ),
    "inspect-eval": (
        "run.eval",
        [
            zip_member_variant(lambda info: info.filename.endswith(".json")),
            zip_bomb("header.json"),
            lying_member("header.json"),
        ],
    ),
    "inspect-json": ("run.json", [json_variant]),
}


@pytest.mark.parametrize("reader", sorted(READERS))
def test_every_hostile_prediction_file_is_read_or_refused_in_one_sentence(
    reader: str, good: Path, tiny_build: Path, tmp_path: Path, capsys
) -> None:
    name, structural = READERS[reader]
    argv = ["score", "viprobe", "--data", str(tiny_build), "--config", CONFIG, "--split", SPLIT]
    codes = []
    for number, (variant, seed) in enumerate(variants(reader, structural)):
        folder = tmp_path / str(number)
        folder.mkdir()
        path = folder / name
        make(variant, seed, structural, good / name, path)
        out = folder / "out" / "score.json"
        out.parent.mkdir()
        try:
            codes.append(
                refused_or_fine(
                    [*argv, "--predictions", str(path), "--out", str(out), "--bootstrap", "5"], out, capsys
                )
            )
        except AssertionError as error:
            raise AssertionError(f"{reader} variant {variant!r} (seed {seed}): {error}") from None
    assert codes.count(2) >= len(BYTE_VARIANTS) - 1, codes  # the hostile ones are refused, not read


@pytest.mark.parametrize("command", ["report", "compare"])
def test_every_hostile_score_json_is_read_or_refused_in_one_sentence(
    command: str, good: Path, tmp_path: Path, capsys
) -> None:
    structural: list[Variant] = [json_variant]
    for number, (variant, seed) in enumerate(variants(f"score {command}", structural)):
        folder = tmp_path / str(number)
        folder.mkdir()
        path = folder / "score.json"
        make(variant, seed, structural, good / "score.json", path)
        out = folder / "out" / ("page" if command == "report" else "compare.json")
        out.parent.mkdir()
        if command == "report":
            argv = ["report", f"m={path}", "--out", str(out)]
        else:
            argv = ["compare", str(good / "score.json"), str(path), "--bootstrap", "5", "--out", str(out)]
        try:
            refused_or_fine(argv, out, capsys)
        except AssertionError as error:
            raise AssertionError(f"{command} variant {variant!r} (seed {seed}): {error}") from None


def test_every_hostile_samples_log_in_an_output_folder_is_read_or_refused_in_one_sentence(
    good: Path, tmp_path: Path, capsys
) -> None:
    """`eval report` on an lmms-eval output folder whose samples log is hostile."""
    structural: list[Variant] = [jsonl_variant]
    for number, (variant, seed) in enumerate(variants("samples log", structural)):
        folder = tmp_path / str(number)
        shutil.copytree(good / "lmms", folder / "lmms")
        (folder / SAMPLES).unlink()
        make(variant, seed, structural, good / SAMPLES, folder / SAMPLES)
        out = folder / "out" / "page"
        out.parent.mkdir()
        try:
            refused_or_fine(["report", f"m={folder / 'lmms'}", "--out", str(out)], out, capsys)
        except AssertionError as error:
            raise AssertionError(f"samples log variant {variant!r} (seed {seed}): {error}") from None


# --- the defects, one by one ------------------------------------------------------------------------


def _score_json(good: Path, folder: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    score = json.loads((good / "score.json").read_text())
    change(score)
    path = folder / "changed.json"
    path.write_text(json.dumps(score), encoding="utf-8", errors="surrogatepass")
    return path


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda s: s.update(parse_failure_rate="0.9"),
            "holds the string '0.9' at 'parse_failure_rate' where a number or null belongs",
        ),
        (lambda s: s.update(variants="bad"), "holds the string 'bad' at 'variants' where an object belongs"),
        (
            lambda s: s.update(accuracy=[0.5, 0.5]),
            "holds a list of 2 at 'accuracy' where a number or null belongs",
        ),
        (
            lambda s: s["by_category"].update(size=[]),
            "holds a list of 0 at 'by_category.size' where an object belongs",
        ),
        (
            lambda s: s.update(illusion_multiplier={"a": 1}),
            "holds an object at 'illusion_multiplier' where a number or null belongs",
        ),
        (
            lambda s: s["ci95"].update(accuracy="x"),
            "holds the string 'x' at 'ci95.accuracy' where null or a [low, high] pair of numbers belongs",
        ),
        (
            lambda s: s["outcomes"]["units"][0].update(pair_id=["x"]),
            "holds a list of 1 at 'outcomes.units[0].pair_id' where a string belongs",
        ),
        (lambda s: s.update(config=7), "holds int 7 at 'config' where a string belongs"),
    ],
    ids=[
        "string-rate",
        "string-object",
        "list-rate",
        "list-object",
        "object-rate",
        "interval",
        "unit",
        "config",
    ],
)
def test_a_wrongly_typed_score_json_is_one_sentence_naming_the_key(
    change, message, good: Path, tmp_path: Path, capsys
) -> None:
    """Defect 14: `eval report` raised TypeError, KeyError or ValueError; `eval compare` too."""
    path = _score_json(good, tmp_path, change)
    for argv, where in (
        (["report", f"m={path}", "--out", str(tmp_path / "page")], f"result '{path}' of 'm' "),
        (["compare", str(good / "score.json"), str(path), "--bootstrap", "5"], f"result B '{path}' "),
    ):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"error: {where}{message}") and err.count("\n") == 1, err
    assert not (tmp_path / "page").exists()


def test_a_wrongly_typed_score_json_without_outcomes_is_one_sentence_naming_the_file(
    good: Path, tmp_path: Path, capsys
) -> None:
    """Defect 14, for a score JSON without per-row outcomes (nothing to check its metrics against)."""
    path = _score_json(good, tmp_path, lambda s: (s.update(parse_failure_rate="0.9"), s.pop("outcomes")))
    assert main(["report", f"m={path}", "--out", str(tmp_path / "page")]) == 2
    assert capsys.readouterr().err == (
        f"error: the viprobe results '{path}' hold a value of the wrong type (ValueError); score the "
        "replies again with `python -m eval score viprobe`\n"
    )
    assert not (tmp_path / "page").exists()


def test_a_deeply_nested_prediction_line_is_one_sentence(
    good: Path, tiny_build: Path, tmp_path: Path, capsys
):
    """Defect 9: a prediction line nested 100,000 deep raised RecursionError."""
    path = tmp_path / "deep.jsonl"
    path.write_text('{"id": "a", "response": ' + DEEP + "}\n")
    argv = ["score", "viprobe", "--data", str(tiny_build), "--config", CONFIG, "--predictions", str(path)]
    assert main(argv) == 2
    assert capsys.readouterr().err == (
        f"error: {path}:1: JSON that nests too deeply (more than 64 levels); expected "
        '{"id": "...", "response": "..."} or an lmms-eval samples line\n'
    )


@pytest.mark.parametrize("depth", [500, 100_000])
def test_a_deeply_nested_score_json_is_one_sentence_for_report_and_compare(
    depth: int, good: Path, tmp_path: Path, capsys
) -> None:
    """Defect 9: a score JSON nested deep (but within what `json` reads) failed later in the report."""
    path = _score_json(good, tmp_path, lambda s: s.update(hint_effect="@DEEP@"))
    path.write_text(path.read_text().replace('"@DEEP@"', "[" * depth + "]" * depth))
    for argv, where in (
        (["report", f"m={path}", "--out", str(tmp_path / "page")], f"result '{path}' of 'm'"),
        (["compare", str(good / "score.json"), str(path), "--bootstrap", "5"], f"result B '{path}'"),
    ):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"error: {where} is JSON that nests too deeply (more than 64 levels)"), err


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    """The real CLI in its own process: its standard output is a real UTF-8 stream, not a capture."""
    return subprocess.run(
        [sys.executable, "-m", "eval", *argv], capture_output=True, text=True, cwd=ROOT, timeout=300
    )


def test_a_lone_surrogate_in_predictions_or_a_score_json_is_written_as_a_replacement(
    good: Path, tiny_build: Path, tmp_path: Path
) -> None:
    """Defect 10: a prediction id or reply "\\ud800" (valid JSON) raised UnicodeEncodeError on writing
    the score JSON; so did a score JSON's text given to `report` and `compare`."""
    predictions = tmp_path / "surrogates.jsonl"
    text = (good / "replies.jsonl").read_text() + '{"id": "x\\ud800", "response": "\\udfff"}\n'
    predictions.write_text(text)
    argv = ["score", "viprobe", "--data", str(tiny_build), "--config", CONFIG, "--bootstrap", "5"]
    done = run(*argv, "--predictions", str(predictions))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["unknown_ids"] == ["x\ufffd"]
    assert "1 predictions match no row of muller_lyer/test (first: 'x\ufffd')" in done.stderr
    score = _score_json(good, tmp_path, lambda s: s.update(split="test\ud800"))
    out = tmp_path / "compare.json"
    assert main(["compare", str(good / "score.json"), str(score), "--bootstrap", "5", "--out", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["b"]["split"] == "test\ufffd"
    assert main(["report", f"m={score}", "--out", str(tmp_path / "page")]) == 0
    (tmp_path / "page" / "index.html").read_text(encoding="utf-8")


def test_a_zip_bomb_is_refused_before_it_is_unpacked(good: Path, tiny_build: Path, tmp_path: Path, capsys):
    """A 64 KB workbook or inspect log whose member unpacks to 64 MiB is refused from the zip's directory."""
    argv = ["score", "viprobe", "--data", str(tiny_build), "--config", CONFIG]
    for name, member in (("replies.xlsx", "xl/worksheets/sheet1.xml"), ("run.eval", "header.json")):
        path = tmp_path / name
        zip_bomb(member)(random.Random(0), good / name, path)
        assert path.stat().st_size < 1 << 20
        assert main([*argv, "--predictions", str(path)]) == 2
        err = capsys.readouterr().err
        assert f"{member!r}, which unpacks" in err and "times larger than stored (zip bomb?)" in err, err
