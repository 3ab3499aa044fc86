"""The contact sheets in `docs/visage/` are what `scripts/visage_sheets.py` draws from today's catalogue.

The script is run as documented (`python scripts/visage_sheets.py --out DIR`), here for one animal and
one artefact, and its sheets must match the committed ones pixel for pixel: a redrawn category whose
sheet was not redrawn fails here.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
from PIL import Image

from builders.visage.concepts import CONCEPTS

ROOT = Path(__file__).resolve().parents[2]
SHEETS = ROOT / "docs" / "visage"
CHECKED = ("elephant", "shoe")


def test_every_category_has_a_committed_sheet() -> None:
    assert {path.stem for path in SHEETS.glob("*.png")} == set(CONCEPTS)


def test_the_script_redraws_the_committed_sheets(tmp_path: Path) -> None:
    concepts = [arg for key in CHECKED for arg in ("--concept", key)]
    result = subprocess.run(
        [sys.executable, "scripts/visage_sheets.py", "--out", str(tmp_path), *concepts],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    for key in CHECKED:
        with Image.open(tmp_path / f"{key}.png") as drawn, Image.open(SHEETS / f"{key}.png") as committed:
            fresh, kept = np.asarray(drawn.convert("RGB")), np.asarray(committed.convert("RGB"))
        assert fresh.shape == kept.shape and (fresh == kept).all(), (
            f"docs/visage/{key}.png is stale: run python scripts/visage_sheets.py --out docs/visage"
        )
