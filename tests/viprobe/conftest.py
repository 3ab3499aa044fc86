"""VI-Probe builds shared by the session: the paper preset (every case) and the lite preset."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import Built


@pytest.fixture(scope="session")
def viprobe_paper(built: Built) -> Path:
    """All 27 cases at the paper preset (9,570 images), built once with every core."""
    return built("viprobe")


@pytest.fixture(scope="session")
def viprobe_lite(built: Built) -> Path:
    """All 27 cases at the lite preset (405 images)."""
    return built("viprobe", "lite")
