"""VI-Probe builds shared by the session: the paper preset (every case) and the lite preset."""

from __future__ import annotations

from pathlib import Path

import pytest

from builders.core.build import build


@pytest.fixture(scope="session")
def viprobe_paper(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """All 27 cases at the paper preset (9,570 images), built once with every core."""
    out = tmp_path_factory.mktemp("viprobe-paper")
    return build("viprobe", preset="paper", out=out, progress=False).folder


@pytest.fixture(scope="session")
def viprobe_lite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """All 27 cases at the lite preset (405 images)."""
    out = tmp_path_factory.mktemp("viprobe-lite")
    return build("viprobe", preset="lite", out=out, progress=False).folder
