"""The commands `docs/aipsych-scenes.md` documents, run on the session's lite build: the contact sheets
script and the whole-build audit script."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> str:
    done = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_contact_sheets_script_draws_the_scenes_their_layout_boxes_and_every_object(
    aipsych_lite: Path, tmp_path: Path
) -> None:
    _run("scripts/aipsych_contact_sheets.py", str(aipsych_lite), "--out", str(tmp_path))
    with Image.open(tmp_path / "aipsych-scenes.png") as scenes:
        assert scenes.size == (4 * 480, 6 * (360 + 36))  # 24 scenes, 4 a row, each captioned
    with Image.open(tmp_path / "aipsych-layout.png") as layout:
        assert layout.size == (4 * 640, 2 * 480)  # 8 scenes at full size
    with Image.open(tmp_path / "aipsych-objects.png") as objects:
        assert objects.width == 12 * 120


def test_the_audit_script_reports_the_size_law_occlusion_and_stray_pixels(aipsych_lite: Path) -> None:
    out = _run("benchmarks/aipsych_scenes.py", str(aipsych_lite), "--least", "3")
    assert "edition canonical, 24 images" in out
    assert "kinds compared" in out and "asked objects" in out
    assert "stray pixels: 0 in 0 of 24 images" in out
