"""Shared fixtures: one real paper-preset build per test session, loaded back with `datasets`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# `datasets` reads these at import time: never touch the network, never reuse a user cache.
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["HF_DATASETS_OFFLINE"] = "1"

PAPER_CONFIGS = (
    "animals",
    "logos",
    "flags",
    "chess_pieces",
    "game_boards",
    "optical_illusions",
    "patterned_grids",
)


@pytest.fixture(scope="session")
def hf_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A private `datasets` cache for the session."""
    return tmp_path_factory.mktemp("hf-cache")


@pytest.fixture(scope="session")
def paper_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The VLMBias paper preset of the implemented topics, built once with every core."""
    from builders.core.build import build

    out = tmp_path_factory.mktemp("paper-build")
    report = build("vlmbias", configs=PAPER_CONFIGS, preset="paper", out=out, progress=False)
    return report.folder


@pytest.fixture(scope="session")
def load_split(paper_build: Path, hf_cache: Path):
    """`load_split(config, split)` -> the split as loaded by `datasets.load_dataset`, cached per session."""
    from datasets import load_dataset

    loaded: dict[tuple[str, str], object] = {}

    def _load(config: str, split: str):
        if (config, split) not in loaded:
            loaded[(config, split)] = load_dataset(
                str(paper_build), config, split=split, cache_dir=str(hf_cache)
            )
        return loaded[(config, split)]

    return _load
