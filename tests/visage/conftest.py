"""VISaGE fixtures: the paper preset's specs, planned once per session (planning draws nothing)."""

from __future__ import annotations

import pytest

from builders.visage.spec import DrawnImageSpec, drawn_specs


@pytest.fixture(scope="session")
def paper_specs() -> list[DrawnImageSpec]:
    return list(drawn_specs("paper"))
