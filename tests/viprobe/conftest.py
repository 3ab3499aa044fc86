"""VI-Probe builds shared by the session: the paper preset (every case) and the lite preset."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import Built
from tests.viprobe.drawing import EDITIONS, SLOW_SEEDS


@pytest.fixture(scope="session")
def viprobe_paper(built: Built) -> Path:
    """All 27 cases at the paper preset (9,570 images), built once with every core."""
    return built("viprobe")


@pytest.fixture(scope="session")
def viprobe_lite(built: Built) -> Path:
    """All 27 cases at the lite preset (405 images)."""
    return built("viprobe", "lite")


@pytest.fixture(
    params=[*EDITIONS, *(pytest.param(seed, marks=pytest.mark.slow) for seed in SLOW_SEEDS)],
    ids=lambda edition: "canonical" if edition is None else f"seed{edition}",
)
def edition(request: pytest.FixtureRequest) -> int | None:
    """The edition a pixel audit runs on: the canonical one and a fresh one (`drawing.SEED`), and in the
    slow tier three more fresh ones."""
    return request.param
