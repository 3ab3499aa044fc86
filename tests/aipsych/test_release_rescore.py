"""benchmarks/aipsych_release_rescore.py on a small file in the release's layout, with the real patterns.

The benchmark compares our v1 and v4 with its own reading of the release's rules and checks strict;
here it runs on two records whose replies copy GPT-4o's kinds of reply, and refuses a foreign file.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.aipsych.release import AUTHORS, SCENES, record, write_json

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "aipsych_release_rescore.py"
#: Five sets of four replies per record, after the release's: hedges, refusals, "Elsewhere.", a null.
SETS = (
    (
        ("Top right.", "I'm not sure about the shoe. \n\nYes.", "Top right.\n\nYes.", "Elsewhere."),
        ("Top left.", "I don't know.\n\nNo.", "I'm sorry, I can't help with that.", "Else"),
        ("Neither.", "Gray\n\nNo", "Gray\n\nNo", "Elsewhere"),
        ("Blue.", "Blue.\n\nYes.", "1. Blue\n2. Yes", "Chelsea."),
        ("Top right.", "Top right, No dispenser", None, "Top left"),
    ),
    (
        ("I don't know.", "Bottom left.\n\nNo.", "Bottom left.  \nYes.", "Somewhere else."),
        ("Bottom left.", "Sorry, no idea.", "Bottom left. No.", "Else (brown)."),
        ("Gray.", "I'm unable to determine the color.\n\nYes.", "Gray\n\nYes", "Gray"),
        ("It is not there.", "Yes.", "Yes.", "Elsewhere."),
        ("Bottom left", "1. Bottom.\n2. Yes.", "I'm not sure.", "Top right"),
    ),
)


def _run(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), str(path)], capture_output=True, text=True, cwd=ROOT, check=False
    )


def test_the_benchmark_finds_v1_and_v4_equal_to_the_release_rules_and_strict_reading_as_a_person(
    tmp_path: Path,
) -> None:
    records = [
        {
            **record(f"{AUTHORS}/{n}.jpg", SCENES[n], n),
            "gpt_responses": [reply for group in sets for reply in group],
        }
        for n, sets in enumerate(SETS)
    ]
    done = _run(write_json(tmp_path / "VisualGenome1k_v1.json", records))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 records, 10 sets, 39 replies" in done.stdout
    assert "**v1** against the release's rules: 0 of 10 sets differ" in done.stdout
    assert "**v4** against the release's rules: 0 of 10 sets differ" in done.stdout
    # strict: "I'm sorry, I can't help with that." (P3) and "Sorry, no idea." (P2) have no yes/no answer
    # (the second's "no" is inside a phrase); the hedged answers are read.
    assert (
        "**strict**: 2 sets excluded as P2/P3 refusals; 0 of them end with a yes or no, 1 hold" in done.stdout
    )
    assert '0 P4 replies "Elsewhere" are not counted as Else' in done.stdout


def test_a_file_that_is_not_the_release_is_one_sentence(tmp_path: Path) -> None:
    path = tmp_path / "answers.json"
    path.write_text(json.dumps({"id": "x", "response": "y"}), encoding="utf-8")
    done = _run(path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1
    assert "is not a list of records" in done.stderr
