"""The complete lock (constraints/eval-cpu.txt) covers the environment the tests run in.

The README's commands install from the lock, so a distribution installed here that the lock does not
pin (or pins at another version) means a dependency slipped in unlocked, and the next upstream release
can change what CI runs. Regenerate the lock with `python3 scripts/lock`, never by hand.
"""

from __future__ import annotations

import re
import sys
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "constraints" / "eval-cpu.txt"
PROJECT = "see-or-recall"
PIN = re.compile(r"([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)\Z")


def canonical(name: str) -> str:
    """PEP 503 normalisation: `Jinja2`, `jinja2` and `jinja_2` name one distribution."""
    return re.sub(r"[-_.]+", "-", name).lower()


def lock_pins() -> dict[str, str]:
    pins: dict[str, str] = {}
    for number, line in enumerate(LOCK.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        match = PIN.match(line.strip())
        assert match, f"{LOCK.name}:{number} is not `name==version`: {line!r}"
        pins[canonical(match[1])] = match[2]
    return pins


def installed() -> dict[str, str]:
    return {canonical(d.metadata["Name"]): d.version for d in metadata.distributions()}


def test_every_lock_line_is_an_exact_pin_listed_once_in_order():
    lines = [
        line for line in LOCK.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")
    ]
    names = [canonical(PIN.match(line)[1]) for line in lines]
    assert len(names) == len(set(names)), "a distribution is pinned twice"
    assert names == sorted(names, key=str.lower), (
        "scripts/lock writes the pins sorted; was the lock edited by hand?"
    )


def test_the_lock_pins_every_byte_affecting_package():
    from builders.core.manifest import BYTE_AFFECTING_PACKAGES

    pins = lock_pins()
    for name in BYTE_AFFECTING_PACKAGES:
        assert canonical(name) in pins, f"{name} decides built bytes but the lock does not pin it"


def test_the_locked_versions_satisfy_the_package_ranges():
    """The lock is a resolve of pyproject.toml: a range edited without re-locking fails here."""
    import tomllib
    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = list(project["dependencies"])
    for extra in ("test", "eval"):
        wanted += project["optional-dependencies"][extra]
    pins = lock_pins()
    for line in wanted:
        requirement = Requirement(line)
        name = canonical(requirement.name)
        assert name in pins, f"{requirement.name} is a dependency but the lock does not pin it"
        assert requirement.specifier.contains(pins[name], prereleases=True), (
            f"the lock's {requirement.name}=={pins[name]} is outside pyproject's {requirement.specifier}; "
            "run python3 scripts/lock"
        )


@pytest.mark.skipif(
    sys.prefix == sys.base_prefix, reason="checks the test command's virtual environment, not a system Python"
)
def test_every_installed_distribution_is_in_the_lock_at_its_version():
    pins = lock_pins()
    unlocked, moved = [], []
    for name, version in sorted(installed().items()):
        if name == PROJECT:
            continue
        if name not in pins:
            unlocked.append(f"{name}=={version}")
        elif pins[name] != version:
            moved.append(f"{name} {version} (the lock says {pins[name]})")
    assert not unlocked, f"installed but not in {LOCK.name} (run python3 scripts/lock): {unlocked}"
    assert not moved, f"installed at another version than {LOCK.name}: {moved}"


def test_verify_names_package_versions_that_differ_and_still_checks_every_pixel(built, tmp_path):
    """A folder built with another `datasets`: the versions are named, every check still runs."""
    import json
    import shutil
    import subprocess

    from builders.core.card import write_card
    from builders.core.folder import BuiltFolder
    from builders.families import get_family

    folder = shutil.copytree(built("visage", "lite"), tmp_path / "visage")
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    manifest["packages"]["datasets"] = "4.0.0"
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    write_card(BuiltFolder(folder), get_family("visage"))  # the card cites the manifest's hash
    run = [sys.executable, "-m", "builders", "verify", str(folder), "--workers", "1"]
    result = subprocess.run(run, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    here = metadata.version("datasets")
    assert (
        f"note: built with other package versions than installed here (datasets 4.0.0 -> {here})"
        in result.stderr
    )
    assert f"{len(manifest['images'])} images re-drawn" in result.stdout
    # Pixels are still checked: one stored image's recorded hash changed is a failure.
    first = sorted(manifest["images"])[0]
    manifest["images"][first]["pixel_sha256"] = "0" * 64
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    write_card(BuiltFolder(folder), get_family("visage"))
    result = subprocess.run(run, capture_output=True, text=True, timeout=600)
    assert result.returncode == 1 and "has different pixels than the manifest" in result.stderr
