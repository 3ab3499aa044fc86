"""VISaGE fixtures: the session's paper and lite builds, and the paper preset's specs (planned, not drawn)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from builders.visage.params import PRESETS
from builders.visage.spec import DrawnImageSpec, drawn_specs
from eval.data import load_rows
from tests.conftest import Built


@pytest.fixture(scope="session")
def visage_paper(built: Built) -> Path:
    """Config `drawn` at the paper preset (600 images), built once for the session with every core."""
    return built("visage")


@pytest.fixture(scope="session")
def visage_lite(built: Built) -> Path:
    """Config `drawn` at the lite preset (32 images)."""
    return built("visage", "lite")


@pytest.fixture(scope="session")
def lite_rows(visage_lite: Path) -> dict[str, list[dict[str, Any]]]:
    """The lite build's rows per split as scoring reads them: no images, class labels as indices."""
    return {split: load_rows(visage_lite, "drawn", split) for split in ("test", "recognition")}


@pytest.fixture(scope="session")
def paper_specs() -> list[DrawnImageSpec]:
    return list(drawn_specs(PRESETS["paper"]))
