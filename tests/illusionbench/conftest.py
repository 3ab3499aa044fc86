"""IllusionBench+ builds shared by the session, and the paper build's drawn pixels by image id.

Every pixel audit reads the one session paper build (`built("illusionbench")`): the images a user
gets, not copies rendered for the test.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from builders.core.folder import BuiltFolder
from builders.core.raster import png_pixels
from builders.illusionbench.plan import DRAWN_CONFIGS
from tests.conftest import Built

Pixels = Callable[[str], np.ndarray]


@pytest.fixture(scope="session")
def illusionbench_paper(built: Built) -> Path:
    """Every config at the paper preset, offline: the four drawn configs (454 images)."""
    return built("illusionbench")


@pytest.fixture(scope="session")
def illusionbench_lite(built: Built) -> Path:
    return built("illusionbench", "lite")


@pytest.fixture(scope="session")
def paper_pixels(illusionbench_paper: Path) -> Pixels:
    """`paper_pixels(image_id)` -> the paper build's RGB pixels of that drawn image (int16, H x W x 3)."""
    folder = BuiltFolder(illusionbench_paper)
    png: dict[str, bytes] = {}
    for config in DRAWN_CONFIGS:  # the descriptions split has the fewest rows per image (two)
        for row in folder.rows(config, "descriptions", ["image_id", "image"]):
            png.setdefault(row["image_id"], row["image"]["bytes"])

    def pixels(image_id: str) -> np.ndarray:
        return png_pixels(png[image_id]).astype(np.int16)

    return pixels
