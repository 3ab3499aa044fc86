"""Every file a user gives `python -m eval` is read by one set of rules, within bounds (issue 42, items 4,
5, 7, 8, 9, 11, 13, 17, 18 and 19).

Each test is a way a hostile or mistaken file gave a silently wrong score, ran without end, ate
gigabytes or ended in a traceback: replies saved as spreadsheet formulas, an inspect log repeating a
sample id, a pipe or a device given as an input, a workbook claiming a million rows, a zip member that
inflates past its declared size, a 5,001-digit integer, numeric flags without bounds, a typo of a
local folder taken for a Hub id, a tampered NaN, a 200,000-character key. Each ran on `integ` before
this change and failed there. Devices are nodes made in the test's own folder (as root), never the
system's; the good inputs come from tests/eval_inputs.py.
"""

from __future__ import annotations

import copy
import json
import os
import random
import shutil
import stat
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from builders.cli import main as builders_main
from eval.cli import main
from eval.data import load_rows
from tests.eval_inputs import CONFIG, SAMPLES, SPLIT, good_inputs, score_argv, workbook
from tests.hostile_files import own_sigterm
from tests.hostile_variants import FAR_ROW, SHEET, cornered, lying_member, raw_members, write_zip, zstd_run
from tests.test_hostile_eval_inputs import memory_cap
from tests.test_reliability_parsing import at_most


@pytest.fixture(scope="module")
def good(tiny_build: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return good_inputs(tiny_build, tmp_path_factory)


@pytest.fixture(scope="module")
def rows(tiny_build: Path) -> list[dict[str, Any]]:
    return load_rows(tiny_build, CONFIG, SPLIT)


def refused(code: int, capsys: pytest.CaptureFixture[str], phrase: str) -> str:
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1 and phrase in err, (code, err)
    return err


def flag_refused(argv: list[str], capsys: pytest.CaptureFixture[str], phrase: str) -> None:
    """A flag's value refused by the command line itself: exit 2, the usage and one error line."""
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.splitlines()[-1].endswith(phrase), err


# --- item 4: replies saved as formulas -----------------------------------------------------------------


@pytest.mark.parametrize("cached", ["openpyxl", "xlsxwriter"])
def test_replies_saved_as_formulas_are_read_as_their_text_with_a_warning(
    cached: str, tiny_build: Path, rows: list[dict[str, Any]], tmp_path: Path, capsys
) -> None:
    """Item 4: a reply beginning with "=" (openpyxl and xlsxwriter save it as a formula) was read as an
    empty reply (openpyxl's formula has no value; xlsxwriter's a cached 0): accuracy 0.0, no warning,
    while the same replies as JSONL score 1.0."""
    replies = {row["id"]: f"=<answer>{row['label']}</answer>" for row in rows}
    jsonl = tmp_path / "replies.jsonl"
    jsonl.write_text(
        "".join(json.dumps({"id": key, "response": value}) + "\n" for key, value in replies.items())
    )
    table = [
        ["index", "prediction", "id"],
        *([n, replies[row["id"]], row["id"]] for n, row in enumerate(rows)),
    ]
    sheet = tmp_path / "replies.xlsx"
    workbook(sheet, table)
    if cached == "xlsxwriter":  # xlsxwriter writes the formula with a cached value of 0
        members = raw_members(sheet)
        with zipfile.ZipFile(sheet) as book:
            xml = book.read(SHEET).decode().replace("<v></v>", "<v>0</v>").replace("<v />", "<v>0</v>")
        assert "<v>0</v>" in xml
        write_zip(sheet, [(n, 0, xml.encode(), len(xml.encode()), zipfile.crc32(xml.encode())) if n == SHEET
                          else (n, m, raw, size, crc) for n, m, raw, size, crc in members])  # fmt: skip
    results = []
    for path in (jsonl, sheet):
        out = tmp_path / f"{path.suffix}.json"
        assert (
            main([*score_argv(tiny_build), "--predictions", str(path), "--bootstrap", "0", "--out", str(out)])
            == 0
        )
        results.append(json.loads(out.read_text()))
        err = capsys.readouterr().err
    assert results[0]["accuracy"] == 1.0 and results[0] == results[1]
    assert err == (
        f"warning: predictions file '{sheet}' stores {len(rows)} prediction(s) as spreadsheet formulas "
        "(first: row 2), which a spreadsheet shows as their computed value; each is read as the text its "
        "writer was given, '=' included (openpyxl and xlsxwriter save a reply that begins with '=' as a "
        "formula)\n"
    )


# --- item 5: an inspect log repeating a sample id ------------------------------------------------------


def test_an_inspect_log_that_repeats_a_sample_id_is_refused(
    good: Path, tiny_build: Path, tmp_path: Path, capsys
) -> None:
    """Item 5: an inspect log holding a sample id twice kept the last reply (JSONL refuses repeats)."""
    log = json.loads((good / "run.json").read_text())
    again = copy.deepcopy(log["samples"][0])
    again["output"]["choices"][0]["message"]["content"] = "<answer>0</answer>"
    again["output"]["completion"] = "<answer>0</answer>"
    log["samples"].append(again)
    repeated = tmp_path / "repeated.json"
    repeated.write_text(json.dumps(log, indent=2))
    name = good / "run.eval"
    with zipfile.ZipFile(name) as archive:
        member = next(n for n in archive.namelist() if n.startswith("samples/"))
        data = archive.read(member)
    twice = tmp_path / "repeated.eval"
    shutil.copy(name, twice)
    with zipfile.ZipFile(twice, "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(member.replace(".json", "_again.json"), data)
    samples = {repeated: log["samples"][0]["id"], twice: json.loads(data)["id"]}
    for path, sample in samples.items():
        code = main([*score_argv(tiny_build), "--predictions", str(path), "--bootstrap", "0"])
        refused(
            code,
            capsys,
            f"holds sample id '{sample}' more than once, which leaves no single reply for its row",
        )


# --- items 7 and 18: pipes and devices given as inputs -------------------------------------------------


def stand_ins(folder: Path) -> dict[str, Path]:
    """A named pipe nobody writes and, as root, a device node with /dev/zero's numbers: a reader that
    opened either would wait, or read, for ever."""
    os.mkfifo(folder / "pipe.jsonl")
    found = {"a named pipe (FIFO)": folder / "pipe.jsonl"}
    if os.geteuid() == 0:
        os.mknod(folder / "zero.jsonl", stat.S_IFCHR | 0o600, os.makedev(1, 5))
        found["a character device"] = folder / "zero.jsonl"
    return found


def roles(data: Path, good: Path) -> dict[str, tuple[Callable[[Path], list[str]], str, str]]:
    """Every input of a command: argv with the input at `path`, and the words a message puts before
    and after the path."""
    score = str(good / "score.json")
    replies = ["--predictions", str(good / "replies.jsonl")]
    return {
        "--predictions": (
            lambda path: [*score_argv(data), "--predictions", str(path)],
            "predictions file",
            "",
        ),
        "--blind": (lambda path: [*score_argv(data), *replies, "--blind", str(path)], "--blind file", ""),
        "compare A": (lambda path: ["compare", str(path), score], "result A", ""),
        "compare B": (lambda path: ["compare", score, str(path)], "result B", ""),
        "report result": (
            lambda path: ["report", f"m={path}", "--out", str(path.parent / "page")],
            "result",
            " of 'm'",
        ),
    }


@pytest.mark.parametrize("role", ["--predictions", "--blind", "compare A", "compare B", "report result"])
def test_a_pipe_or_a_device_given_as_an_input_is_named_as_what_it_is(
    role: str, good: Path, tiny_build: Path, tmp_path: Path, capsys
) -> None:
    """Items 7 and 18: `--predictions`, `--blind`, `compare` inputs and report results opened any path
    and read it whole: /dev/zero gave a MemoryError at 1.3-2.9 GB, a pipe hung for ever, and a result
    that was either was reported as "does not exist"."""
    argv, before, after = roles(tiny_build, good)[role]
    for what, path in stand_ins(tmp_path).items():
        with at_most(20), memory_cap(1 << 30):
            code = main(argv(path))
        refused(code, capsys, f"{before} '{path}'{after} is {what}, not a file; pass ")


def test_a_pipe_among_the_samples_logs_of_an_output_folder_is_named(
    good: Path, tmp_path: Path, capsys
) -> None:
    """Item 7: report sample files (an lmms-eval output folder's samples log) were read whole."""
    folder = tmp_path / "run"
    shutil.copytree(good / "lmms", folder / "lmms")
    (folder / SAMPLES).unlink()
    os.mkfifo(folder / SAMPLES)
    with at_most(20):
        code = main(["report", f"m={folder / 'lmms'}", "--out", str(tmp_path / "page")])
    refused(
        code, capsys, f"samples log '{folder / SAMPLES}' is a named pipe (FIFO), not a file; run lmms-eval"
    )


# --- item 8: sparse spreadsheets -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            cornered,
            "declares a sheet of 1,048,576 rows by 16,384 columns (A1:XFD1048576); a prediction file has "
            "at most 1,048,576 rows and 1,024 columns",
        ),
        (
            lambda xml: xml.replace('<dimension ref="A1:C46"/>', "").replace(
                "</sheetData>", f"{FAR_ROW}</sheetData>"
            ),
            "has a row numbered 200000000, past the 1,048,576 rows a sheet can have",
        ),
    ],
    ids=["declared", "real"],
)
def test_a_sparse_spreadsheet_is_refused_at_once(
    change: Callable[[str], str], message: str, good: Path, tiny_build: Path, tmp_path: Path, capsys
) -> None:
    """Item 8: a 1.6 KB `.xlsx` claiming `A1:XFD1048576`, or one cell on row 200,000,000, made openpyxl
    emit filler rows for over a minute."""
    with zipfile.ZipFile(good / "replies.xlsx") as book:
        xml = book.read(SHEET).decode()
    assert '<dimension ref="A1:C46"/>' in xml
    sparse = tmp_path / "sparse.xlsx"
    members = raw_members(good / "replies.xlsx")
    data = change(xml).encode()
    write_zip(sparse, [(n, 0, data, len(data), zipfile.crc32(data)) if n == SHEET else (n, m, raw, size, crc)
                       for n, m, raw, size, crc in members])  # fmt: skip
    assert sparse.stat().st_size < 16_000
    started = time.process_time()
    with at_most(20):
        code = main([*score_argv(tiny_build), "--predictions", str(sparse), "--bootstrap", "0"])
    refused(code, capsys, f"predictions file '{sparse}' {message}")
    assert time.process_time() - started < 2


# --- item 9: zip members that inflate past their declared size -----------------------------------------


def test_a_zip_member_that_inflates_past_its_declared_size_is_refused_while_inflating(
    good: Path, tiny_build: Path, tmp_path: Path, capsys
) -> None:
    """Item 9: an `.eval` member that inflated far past its declared size passed the bomb check (a 455
    KB file peaked at 821 MB; 1 GB inflated took 18 s and 2.3 GB). Here 1 GiB in 32 KB of zstd, what
    inspect writes (a workbook's lying member is in the fuzz, tests/test_hostile_eval_inputs.py)."""
    name, member = "run.eval", "header.json"
    path = tmp_path / name
    lying_member(member, 1 << 30)(random.Random(0), good / name, path)
    assert path.stat().st_size < 100_000
    declared = zipfile.ZipFile(path).getinfo(member).file_size
    started = time.process_time()
    with at_most(20), memory_cap(1 << 30):
        code = main([*score_argv(tiny_build), "--predictions", str(path), "--bootstrap", "0"])
    refused(
        code, capsys, f"holds '{member}', which inflates past the {declared:,} bytes its directory declares"
    )
    assert time.process_time() - started < 2


def test_the_run_length_frame_does_inflate_to_what_it_says() -> None:
    """The lying member's stream is real zstd: 1 MiB of spaces from 32 bytes."""
    import io

    import zstandard

    frame = zstd_run(1 << 20)
    inflated = zstandard.ZstdDecompressor().stream_reader(io.BytesIO(frame), read_across_frames=True).read()
    assert len(frame) == 6 + 8 * 4 and inflated == b" " * (1 << 20)


# --- item 11: a 5,001-digit integer in --params --------------------------------------------------------


def test_an_integer_of_5001_digits_in_params_is_one_sentence(tmp_path: Path, capsys) -> None:
    """Item 11: tomllib's `ValueError: Exceeds the limit (4300 digits)` escaped as a traceback."""
    params = tmp_path / "params.toml"
    params.write_text("seed = " + "9" * 5001 + "\n")
    with own_sigterm():
        argv = ["build", "viprobe", "--config", CONFIG, "--preset", "lite", "--params", str(params)]
        code = builders_main([*argv, "--out", str(tmp_path / "out")])
    refused(
        code, capsys, f"--params '{params}' is not a parameter file we read (Exceeds the limit (4300 digits)"
    )
    assert not (tmp_path / "out").exists()


# --- item 13: numeric flags ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("extra", "phrase"),
    [
        (["--bootstrap-seed", "-1"], f"'-1' is not a seed: a whole number from 0 to {2**63 - 1:,}"),
        (["--bootstrap", "10000000"], "resamples (0 turns intervals off): a whole number from 0 to 100,000"),
    ],
    ids=["seed", "resamples"],
)  # fmt: skip
def test_score_refuses_numeric_flags_out_of_bounds(
    extra: list[str], phrase: str, good: Path, tiny_build: Path, capsys
) -> None:
    """Item 13: `score --bootstrap-seed -1` raised numpy's ValueError; `--bootstrap 10000000` ran out of
    memory (here it would run for minutes)."""
    with at_most(20):
        flag_refused(
            [*score_argv(tiny_build), "--predictions", str(good / "replies.jsonl"), *extra], capsys, phrase
        )


def test_compare_refuses_a_trillion_resamples(good: Path, capsys) -> None:
    """Item 13: `compare --bootstrap 10^12` ran for ever."""
    score = str(good / "score.json")
    with at_most(20):
        flag_refused(
            ["compare", score, score, "--bootstrap", str(10**12)], capsys, "a whole number from 0 to 100,000"
        )


def test_an_inspect_task_refuses_the_same_bounds(tiny_build: Path) -> None:
    """Item 13, for inspect's `-T bootstrap=`: the task is refused before any sample is asked."""
    from inspect_ai._util.error import PrerequisiteError

    from eval.inspect.adapter import family_task
    from eval.registry import family_eval

    with (
        at_most(20),
        pytest.raises(PrerequisiteError, match="bootstrap: '10000000' is not a number of resamples"),
    ):
        family_task(family_eval("viprobe"), tiny_build, CONFIG, SPLIT, bootstrap=10**7)


# --- item 17: --data of eval tasks ---------------------------------------------------------------------


def test_tasks_data_that_is_a_local_path_is_never_taken_for_a_hub_id(
    tiny_build: Path, tmp_path: Path, capsys, monkeypatch
) -> None:
    """Item 17: `eval tasks --data data/vlmbais` (a typo of a local folder whose parent exists; also an
    existing file or a symbolic link loop) was taken as a Hub id and wrote tasks pointing at it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "file").write_text("x")
    (tmp_path / "data" / "loop").symlink_to("loop")
    shutil.copytree(tiny_build, tmp_path / "data" / "vi-probe")
    fix = "pass one such as build/vlmbias, or a Hub repo as hf://org/name"
    for data, problem in (("data/vi-prboe", "does not exist"), ("data/file", "is a file"),
                          ("data/loop", "is a symbolic link loop")):  # fmt: skip
        code = main(["tasks", "viprobe", "--data", data, "--out", "overlay"])
        refused(code, capsys, f"--data '{data}' {problem}, not a built dataset folder; {fix}")
    assert not (tmp_path / "overlay").exists()
    assert main(["tasks", "viprobe", "--data", "data/vi-probe", "--out", "overlay"]) == 0
    assert (
        'dataset_path: "' + str(tmp_path / "data" / "vi-probe")
        in (tmp_path / "overlay" / "viprobe" / "viprobe_muller_lyer.yaml").read_text()
    )
    assert (
        main(["tasks", "viprobe", "--data", "hf://data/vi-probe", "--out", "hub"]) == 0
    )  # a Hub id, whatever is on disk
    assert (
        'dataset_path: "data/vi-probe"'
        in (tmp_path / "hub" / "viprobe" / "viprobe_muller_lyer.yaml").read_text()
    )


# --- item 19: tampered numbers and long values ---------------------------------------------------------


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity"])
def test_a_tampered_nan_or_infinity_in_a_score_json_is_refused(
    number: str, good: Path, tmp_path: Path, capsys
) -> None:
    """Item 19: `eval report` printed a tampered NaN or Infinity as "nan"/"inf" in the page."""
    text = (good / "score.json").read_text()
    tampered = tmp_path / "tampered.json"
    tampered.write_text(text.replace('"accuracy": ', f'"accuracy": {number}, "was": ', 1))
    where = "'accuracy', a number `eval score` never writes (was it changed by hand?)"
    refused(
        main(["report", f"m={tampered}", "--out", str(tmp_path / "page")]),
        capsys,
        f"holds {number} at {where}",
    )
    refused(main(["compare", str(good / "score.json"), str(tampered)]), capsys, f"holds {number} at {where}")
    assert not (tmp_path / "page").exists()


def test_error_lines_cut_a_users_long_values(good: Path, tiny_build: Path, tmp_path: Path, capsys) -> None:
    """Item 19: error lines echoed a user's 200,000-character key or 5,000-digit index whole."""
    score = json.loads((good / "score.json").read_text())
    score["ci95"]["k" * 200_000] = "not an interval"
    keyed = tmp_path / "keyed.json"
    keyed.write_text(json.dumps(score))
    err = refused(
        main(["compare", str(good / "score.json"), str(keyed)]), capsys, "where null or a [low, high] pair"
    )
    assert "'ci95.kkkkkkk" in err and "... (200,005 characters)" in err and len(err) < 600
    table = tmp_path / "index.tsv"
    table.write_text('"index"\t"prediction"\n"' + "9" * 5000 + '"\t"<answer>1</answer>"\n')
    err = refused(
        main([*score_argv(tiny_build), "--predictions", str(table)]), capsys, "is not a whole number"
    )
    assert "'999999" in err and "... (5,000 characters)" in err and len(err) < 600
