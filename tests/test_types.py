"""The code base type-checks: mypy (pinned in the lock, configured in pyproject.toml) finds no error
in the packages `[tool.mypy] files` names, and nothing in them silences it with `type: ignore`."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def checked() -> list[str]:
    import tomllib

    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]["files"]


def test_mypy_finds_no_error() -> None:
    assert importlib.util.find_spec("mypy"), "mypy is in the test extra: pip install -e '.[test]'"
    result = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_nothing_it_checks_silences_it() -> None:
    silenced = [
        f"{path.relative_to(ROOT)}:{number}"
        for package in checked()
        for path in sorted((ROOT / package).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if "type: ignore" in line
    ]
    assert silenced == [], "fix the types instead"
