"""The contact sheet of VI-Probe editions: the documented command draws it; the committed one is current."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
from PIL import Image

from builders.viprobe.family import FAMILY

ROOT = Path(__file__).resolve().parents[2]
SHEET = ROOT / "docs" / "viprobe-editions.png"


def test_the_documented_command_draws_the_committed_sheet(tmp_path) -> None:
    documented = "python scripts/viprobe_editions_sheet.py --out docs/viprobe-editions.png"
    assert documented in (ROOT / "docs" / "viprobe-editions.md").read_text(encoding="utf-8")
    out = tmp_path / "sheet.png"
    made = subprocess.run(
        [sys.executable, "scripts/viprobe_editions_sheet.py", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert made.returncode == 0, made.stderr
    drawn = np.asarray(Image.open(out).convert("RGB"))
    # A row per case: 16 of the 2:1 canvases at 100 px, 11 square ones at 200 px, and a header.
    rows = sum(200 * case.height // case.width + 6 for case in FAMILY.cases.values())
    assert drawn.shape[0] == 30 + rows + 6 == 30 + 16 * (100 + 6) + 11 * (200 + 6) + 6
    committed = np.asarray(Image.open(SHEET).convert("RGB"))
    assert np.array_equal(drawn, committed), (
        "docs/viprobe-editions.png is stale: redraw it with the command above"
    )
