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


@pytest.fixture(scope="session")
def aipsych_lite_seeded(built: Built) -> Path:
    """The lite preset's fresh edition of seed 7: the pixel audits must hold in every edition."""
    return built("aipsych", "lite", edition=7)


#: Scenes of the paper preset's editions of seeds 1 and 2 the suite builds (their first ones; the
#: whole editions are audited by `benchmarks/aipsych_scenes.py`).
SEEDED_SCENES = 150


@pytest.fixture(scope="session")
def aipsych_paper_seeded(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    """The first `SEEDED_SCENES` scenes of the paper preset's editions of seeds 1 and 2, built."""
    from builders.core.build import build
    from builders.families import get_family

    folders = {}
    for seed in (1, 2):
        out = tmp_path_factory.mktemp(f"aipsych-paper-seed-{seed}")
        report = build(
            get_family("aipsych"), out=out, progress=False, edition=seed, overrides={"scenes": SEEDED_SCENES}
        )
        folders[seed] = report.folder
    return folders


@pytest.fixture(scope="session")
def aipsych_release(aipsych_lite: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """(folder, question file, image folder): the release fixture built into a copy of the lite build."""
    from tests.aipsych.release import built_with_release

    return built_with_release(aipsych_lite, tmp_path_factory.mktemp("aipsych-release"))
