"""AIpsych builds shared by the session: the paper preset (every pixel audit reads it) and the lite one."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import Built


@pytest.fixture(scope="session")
def aipsych_paper(built: Built) -> Path:
    """The paper preset: 3,000 synthetic scenes, 60,000 rows (coco and visual_genome recorded empty)."""
    return built("aipsych")


@pytest.fixture(scope="session")
def aipsych_lite(built: Built) -> Path:
    """The lite preset: the first 24 paper scenes, 480 rows."""
    return built("aipsych", "lite")
