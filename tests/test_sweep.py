"""The full sweeps: `benchmarks/full_sweeps.py` finds the sampled audits and runs them on every item.

The suite audits a seeded sample of each paper build where reading everything would take minutes
(`tests/sweep.py`); the benchmark runs the same tests with `--full-sweep`. Here it lists them, and
runs one (the AIpsych colour audit on the lite build, which the sample would not cut) end to end.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.sweep import Sweep

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "full_sweeps.py"
AUDIT = "tests/aipsych/test_build_audit.py"
COLOUR = "test_each_asked_object_shows_its_exact_colour_in_its_cell_mostly_visible_on_a_real_backdrop"


def _script(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(SCRIPT), *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT / "benchmarks", timeout=600)


def test_a_sample_is_the_same_every_run_and_another_seed_draws_another() -> None:
    items = list(range(3000))
    first = Sweep().sample(items, 240, "an audit")
    assert first == Sweep(seed=0).sample(items, 240, "an audit") == sorted(set(first))
    assert len(first) == 240 and first != items[:240]
    assert Sweep(seed=1).sample(items, 240, "an audit") != first
    assert Sweep().sample(items, 240, "another audit") != first
    assert Sweep(full=True).sample(items, 240, "an audit") == items


def test_the_benchmark_lists_the_tests_that_use_a_sample(tmp_path: Path) -> None:
    done = _script("--list", "--", AUDIT, "tests/test_gallery_pages.py", "--basetemp", str(tmp_path / "run"))
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    listed = [line for line in done.stdout.splitlines() if "::" in line]
    assert listed == [
        *(f"{AUDIT}::{COLOUR}[{name}]" for name in ("lite", "lite_seeded", "paper")),
        "tests/test_gallery_pages.py::"
        "test_every_page_of_the_aipsych_paper_build_is_under_2_mb_and_opens_in_under_5_s",
    ]


def test_the_benchmark_runs_a_sweep_on_every_item_and_reports_it(tmp_path: Path) -> None:
    done = _script("--", f"{AUDIT}::{COLOUR}[lite]", "--basetemp", str(tmp_path / "run"))
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    (line,) = [line for line in done.stdout.splitlines() if line.startswith(f"| `{AUDIT}::{COLOUR}[lite]`")]
    assert line.split(" | ")[1] == "passed"
    assert "pytest exit 0" in done.stdout


def test_the_files_started_first_exist() -> None:
    """A renamed file would silently lose its early start (`tests/conftest.py`)."""
    from tests.conftest import LONGEST_FIRST

    assert [path for path in LONGEST_FIRST if not (ROOT / path).is_file()] == []
    assert len(set(LONGEST_FIRST)) == len(LONGEST_FIRST)
