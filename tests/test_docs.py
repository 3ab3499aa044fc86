"""Every command the README and `docs/` show runs, and every link in them leads somewhere.

The shell blocks (```bash, ```console) of each document are run in order, as a reader would run
them from the top of a checkout: in a fresh folder holding a lite build of every family under
`build/` and the small copies of the inputs the documents name (`COCO2k_v1.json` and
`coco/val2014/`, `tuples.csv` and `photos/`, a release copy in `IllusionBench/`, the VLMBias
release in `vlms-are-biased/`), the test fixtures' copies of the real files. A file of replies a
command scores (`--predictions`, `--blind`, `--step-by-step`) is what a model run would give: one
reply per row of the split it names, written just before the command unless an earlier command
wrote it. Each command must exit 0.

A command that cannot run here says so where it stands, with what it needs: a trailing
`# needs: WHAT` comment, or `<!-- needs: WHAT -->` on the line before a block for every command in
it (used where a command must stay as it is). Such marks are few and name something this machine
lacks: the package index, a model or judge endpoint, a Hub token. A block that another test runs
word for word (a contact sheet it compares with the committed one, a toy family it registers first)
says which, `<!-- run by: tests/FILE.py -->` on the line before it; that test must hold each of the
block's commands verbatim or read them from the document.

The README repeats commands of `docs/` (a fresh edition, a rebuild from `params`, `verify`, an
upload's `--dry-run`): such a command, already run word for word (its comment aside) in another
document's fresh checkout, runs once, unless a later command of this document reads what it writes.
A command that writes only what it names (its `--out`, or a file after `>`; `verify` and a
`--dry-run` write nothing) is read by a later command that names that path; any other command (a
build into the default `build/`, say) runs in every document. The commands are deterministic (a
build byte for byte: `tests/test_editions.py`), so running one again would write the same files.

Each command runs on one core (its process may use only one of the test's): the suite's workers
already share the machine's cores, so a build's or `verify`'s pool of workers would only add the
start-up of each worker. `--workers N` is then capped, with its `note:`, as on a one-core machine.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
SHELLS = ("bash", "console", "sh", "shell")
NEEDS = re.compile(r"\s#\s*needs:\s*(?P<what>\S.*)$")
BLOCK_NEEDS = re.compile(r"<!--\s*needs:\s*(?P<what>\S.*?)\s*-->")
RUN_BY = re.compile(r"<!--\s*run by:\s*(?P<test>tests/\S+\.py)\s*-->")
#: The flags whose file a command reads replies from.
REPLY_FLAGS = ("--predictions", "--blind", "--step-by-step")
#: At most this share of the documented commands may be left unrun.
MOST_UNRUN = 0.25


@dataclass(frozen=True)
class Command:
    doc: Path
    line: int
    text: str  # as a shell runs it, continuation lines joined
    needs: str | None  # what it needs that the test cannot give it, or None: it runs
    run_by: str | None = None  # the test that runs it word for word instead of this one

    def __str__(self) -> str:
        return f"{self.doc.relative_to(ROOT)}:{self.line}: {self.text}"


def commands(doc: Path) -> list[Command]:
    """The shell commands of `doc`'s shell blocks, in order."""
    found: list[Command] = []
    lines = doc.read_text(encoding="utf-8").splitlines()
    fence = None
    block_needs = None
    block_run_by = None
    pending: list[str] = []
    start = 0
    for number, line in enumerate(lines, start=1):
        if fence is None:
            opened = re.match(r"^(```+)\s*(\w*)", line)
            if opened:
                fence = opened.group(1)
                shell = opened.group(2) in SHELLS
                console = opened.group(2) == "console"
                marked = BLOCK_NEEDS.search(lines[number - 2]) if number > 1 else None
                block_needs = marked.group("what") if marked else None
                runner = RUN_BY.search(lines[number - 2]) if number > 1 else None
                block_run_by = runner.group("test") if runner else None
            continue
        if line.startswith(fence):
            fence = None
            continue
        if not shell:
            continue
        text = line
        if not pending:
            if console:
                if not line.startswith("$ "):
                    continue  # output
                text = line[2:]
            if not text.strip() or text.lstrip().startswith("#"):
                continue
            start = number
        pending.append(text.rstrip())
        if text.rstrip().endswith("\\"):
            continue
        joined = " ".join(part.rstrip("\\").strip() for part in pending)
        pending = []
        needs = NEEDS.search(joined)
        found.append(
            Command(
                doc,
                start,
                joined[: needs.start()].rstrip() if needs else joined,
                needs.group("what") if needs else block_needs,
                block_run_by,
            )
        )
    return found


ALL = [command for doc in DOCS for command in commands(doc)]


def test_the_readme_is_a_front_door() -> None:
    """At most 300 lines; the guides live in `docs/`, the measurements in `benchmarks/`."""
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 300


def test_the_documents_show_commands_and_run_nearly_all_of_them() -> None:
    unrun = [command for command in ALL if command.needs and not command.run_by]
    assert len(ALL) > 40, "the documents lost their commands?"
    assert len(unrun) <= MOST_UNRUN * len(ALL), "\n".join(map(str, unrun))
    for command in unrun:
        assert len(command.needs) >= 6, f"say what it needs: {command}"


def test_a_block_run_by_another_test_is_in_that_test_word_for_word() -> None:
    handed = [command for command in ALL if command.run_by]
    for command in handed:
        runner = ROOT / str(command.run_by)
        assert runner.is_file(), f"{command}: no test {command.run_by}"
        source = runner.read_text(encoding="utf-8")
        # The test holds the command, or reads the commands from the document itself.
        assert command.text in source or command.doc.name in source, f"{command}: not in {command.run_by}"


# --------------------------------------------------------------------------- running them


@pytest.fixture
def checkout(tmp_path: Path, built) -> Path:
    """A folder as the documents assume one: lite builds under `build/` and the inputs they name."""
    from builders.families import family_names, get_family
    from tests.aipsych.release import coco_release
    from tests.fixtures.make_release_fixture import write_release as write_vlmbias_release
    from tests.hostile_files import VISAGE_FIXTURE
    from tests.illusionbench.release_fixture import write_release as write_illusionbench_release

    for name in family_names():
        shutil.copytree(built(name, "lite"), tmp_path / "build" / get_family(name).repo_name)
    coco_release(tmp_path)
    shutil.copytree(VISAGE_FIXTURE, tmp_path, dirs_exist_ok=True)
    write_illusionbench_release(tmp_path / "IllusionBench")
    write_vlmbias_release(tmp_path / "vlms-are-biased")
    (tmp_path / "upload.py").symlink_to(ROOT / "upload.py")
    (tmp_path / "home").mkdir()
    return tmp_path


def environment(folder: Path) -> dict[str, str]:
    bin_dir = str(Path(sys.executable).parent)
    return {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "HOME": str(folder / "home"),
        "HF_HOME": str(folder / "home" / "hf"),
        "HF_HUB_OFFLINE": "1",
        "HF_DATASETS_OFFLINE": "1",
        "MPLCONFIGDIR": str(folder / "home" / "matplotlib"),
    }


#: The commands (their words, without comments) that ran in an earlier document's checkout and passed.
PASSED: set[tuple[str, ...]] = set()


def read_only(words: tuple[str, ...]) -> bool:
    """Whether a command only reads the checkout: a `verify`, or an upload's `--dry-run`."""
    return words[:4] == ("python", "-m", "builders", "verify") or "--dry-run" in words


def writes(words: tuple[str, ...]) -> tuple[str, ...] | None:
    """The paths a command writes, as it names them (its `--out`, a file after `>`), or None when it
    writes where it does not name (a build into the default `build/`, `write-tasks`)."""
    if read_only(words):
        return ()
    named = tuple(value for flag, value in itertools.pairwise(words) if flag in ("--out", ">"))
    return named or None


def to_run(found: list[Command]) -> list[Command]:
    """The commands of a document the test runs: all but those marked `needs:` or `run by:`, and those
    already run in another document's checkout whose writes no later command that runs reads."""
    chosen: list[Command] = []
    for command in reversed(found):  # whether a command runs depends on the ones after it
        words = tuple(shlex.split(command.text, comments=True))
        if command.needs or command.run_by:
            continue
        written = writes(words)
        read_later = written is None or any(path in later.text for path in written for later in chosen)
        if words not in PASSED or read_later:
            chosen.append(command)
    return chosen[::-1]


@contextlib.contextmanager
def one_core() -> Iterator[None]:
    """Keep this thread, and so the processes it starts in the block, to one of its cores (on Linux)."""
    if not hasattr(os, "sched_setaffinity"):
        yield
        return
    cores = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(cores)})
    try:
        yield
    finally:
        os.sched_setaffinity(0, cores)


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: str(doc.relative_to(ROOT)))
def test_every_command_of_the_document_runs(doc: Path, checkout: Path) -> None:
    written: set[Path] = set()
    for command in to_run(commands(doc)):
        write_replies(command.text, checkout, written)
        with one_core():
            done = subprocess.run(
                ["bash", "-c", command.text],
                cwd=checkout,
                env=environment(checkout),
                capture_output=True,
                text=True,
                timeout=900,
            )
        assert done.returncode == 0, f"{command}\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
        assert "Traceback" not in done.stderr, f"{command}\n{done.stderr[-4000:]}"
        PASSED.add(tuple(shlex.split(command.text, comments=True)))


def test_a_command_run_before_runs_again_only_where_a_later_command_reads_what_it_writes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    doc = ROOT / "README.md"
    fresh, score, verify, default = (
        Command(doc, line, text, None)
        for line, text in enumerate(
            (
                "python -m builders build vlmbias --preset lite --seed 7 --out build/seed-7   # fresh",
                "python -m eval score vlmbias --data build/seed-7/vlmbias --predictions r.jsonl",
                "python -m builders verify build/seed-7/vlmbias",
                "python -m builders build vlmbias --preset lite",
            )
        )
    )
    ran = {tuple(shlex.split(command.text, comments=True)) for command in (fresh, verify, default)}
    monkeypatch.setattr(sys.modules[__name__], "PASSED", ran)
    assert to_run([fresh, verify, default]) == [default]  # writes where it does not say: runs
    assert to_run([fresh, score, verify]) == [fresh, score]
    assert to_run([score, fresh]) == [score]


def write_replies(text: str, folder: Path, written: set[Path]) -> None:
    """The reply files `text` scores, for the rows it scores, unless a command before wrote them."""
    argv = shlex.split(text, comments=True)
    if argv[:4] != ["python", "-m", "eval", "score"]:
        return
    options = {flag: value for flag, value in itertools.pairwise(argv) if flag.startswith("--")}
    family = argv[4]
    for flag in REPLY_FLAGS:
        if flag not in options:
            continue
        path = folder / options[flag]
        if path.exists() and path not in written:
            continue
        rows = _rows(family, folder / options["--data"], options.get("--config"), options.get("--split"))
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".xlsx":
            _write_table(path, rows, family)
        else:
            path.write_text(
                "".join(
                    json.dumps({"id": row["id"], "response": _reply(family, row)}) + "\n" for row in rows
                ),
                encoding="utf-8",
            )
        written.add(path)


def _rows(family: str, data: Path, config: str | None, split: str | None) -> list[dict]:
    from builders.core.folder import BuiltFolder
    from builders.families import get_family

    folder = BuiltFolder(data)
    config = config or get_family(family).default_config or folder.config_names()[0]
    split = split or get_family(family).default_split or folder.splits(config)[0]
    # `eval score --split a+b` scores several splits at once
    return [row for part in split.split("+") for row in folder.read_rows(config, part)]


def _reply(family: str, row: dict) -> str:
    """A reply as a model might give it, right about the row."""
    gold = next((row[key] for key in ("ground_truth", "label", "answer") if key in row), "Yes")
    if family == "viprobe":
        return f"<answer>{gold}</answer>"
    return f"{{{gold}}}" if family == "vlmbias" else str(gold)


def _write_table(path: Path, rows: list[dict], family: str) -> None:
    """VLMEvalKit's prediction file for the exported split: index, our id and the prediction."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.append(["index", "id", "prediction"])
    for index, row in enumerate(rows):
        sheet.append([index, row["id"], _reply(family, row)])
    book.save(path)


# --------------------------------------------------------------------------- links

LINK = re.compile(r"!?\[[^\]]*\]\((?P<target>[^)\s]+)\)")


def anchors(doc: Path) -> set[str]:
    """The anchors GitHub gives `doc`'s headings (lower case, punctuation dropped, spaces to hyphens)."""
    found: set[str] = set()
    for line in doc.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"^#{1,6}\s+(.*)$", line)
        if not heading:
            continue
        text = heading.group(1).strip().lower()
        slug = "".join(
            char for char in text if char in " -_" or unicodedata.category(char)[0] in "LN"
        ).replace(" ", "-")
        candidate, n = slug, 0
        while candidate in found:
            n += 1
            candidate = f"{slug}-{n}"
        found.add(candidate)
    return found


@pytest.mark.parametrize("doc", [*DOCS, ROOT / "benchmarks" / "RESULTS.md"], ids=lambda d: d.name)
def test_every_link_leads_to_a_file_and_heading_of_the_checkout(doc: Path) -> None:
    text = re.sub(r"```.*?```", "", doc.read_text(encoding="utf-8"), flags=re.S)
    broken = []
    for match in LINK.finditer(text):
        target = match.group("target")
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        path, _, anchor = target.partition("#")
        file = (doc.parent / path).resolve() if path else doc
        if not file.exists() or ROOT not in (file, *file.parents):
            broken.append(f"{target}: no such file in the checkout")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(f"{target}: no heading with that anchor in {file.name}")
    assert broken == [], f"{doc.relative_to(ROOT)}: " + "; ".join(broken)
