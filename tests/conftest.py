"""Shared fixtures: one real build per (family, preset, configs, edition) per test run, shared by the
workers, loaded back with `datasets`.

Every pixel audit of a family reads the same session-wide paper build, and every
test that needs a small real folder reads the same lite build; tests never modify
these folders (they copy one first). Tests that need a paper build are marked
`slow` automatically: `pytest -m "not slow"` runs the quick tier. Tests that audit a seeded
sample of a paper build take the `sweep` fixture and are marked `sweep`: `--full-sweep` hands them
every item (`benchmarks/full_sweeps.py`). The longest files are collected first (`LONGEST_FIRST`).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.sweep import Sweep

# `datasets` reads these at import time: never touch the network, never reuse a user cache.
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["HF_DATASETS_OFFLINE"] = "1"

#: Fixtures that build a paper preset: a test using one (directly or not) is in the slow tier.
PAPER_FIXTURES = {
    "paper_build",
    "load_split",
    "viprobe_paper",
    "visage_paper",
    "illusionbench_paper",
    "aipsych_paper",
}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--full-sweep",
        action="store_true",
        help="audits of paper builds read every item, not their seeded sample (benchmarks/full_sweeps.py)",
    )
    parser.addoption("--sweep-seed", type=int, default=0, help="the seed of the audits' samples (default 0)")


#: The files that take longest (paper builds and what reads them whole, harness runs that wait on a
#: process), longest first: the test command starts them first (`--no-loadscope-reorder`), so the
#: two workers end together instead of one running a long file alone at the end. Measured with
#: `--durations`; a file missing here only runs later, in its place.
LONGEST_FIRST = (
    "tests/test_editions.py",
    "tests/test_inspect_eval.py",
    # One unit of work: the files the families' one lmms-eval run serves (`tests.family_run`).
    "tests/test_lmms_eval_e2e.py",
    "tests/illusionbench/test_lmms_eval_run.py",
    "tests/aipsych/test_lmms_eval.py",
    "tests/viprobe/test_lmms_eval.py",
    "tests/visage/test_lmms_eval_run.py",
    "tests/test_family_contract.py",
    "tests/test_pipeline.py",
    "tests/aipsych/test_build_audit.py",
    "tests/test_noimage_e2e.py",
    "tests/viprobe/test_family.py",
    "tests/test_patterned_grids.py",
    "tests/test_hostile_eval_inputs.py",
    "tests/test_optical_illusions.py",
    "tests/test_gallery_pages.py",
    "tests/visage/test_pixels.py",
    "tests/test_animals.py",
    "tests/test_publish.py",
    "tests/test_gallery.py",
    "tests/test_report.py",
    "tests/visage/test_editions.py",
    "tests/viprobe/test_editions.py",
    "tests/test_chess_pieces.py",
    "tests/test_logos.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {path: index for index, path in enumerate(LONGEST_FIRST)}
    # A stable sort: the other files keep their order, after these.
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if PAPER_FIXTURES & fixtures:
            item.add_marker(pytest.mark.slow)
        if "sweep" in fixtures:
            item.add_marker(pytest.mark.sweep)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """`--dist loadfile` with the files of the families' one lmms-eval run as one unit of work, so one
    worker starts it (`tests.family_run`)."""
    if config.getvalue("dist") != "loadfile":
        return None
    from tests.family_run import FamilyRunScheduling

    return FamilyRunScheduling(config, log)


@pytest.fixture(scope="session")
def sweep(request: pytest.FixtureRequest) -> Sweep:
    """Which items an audit of a paper build reads (`tests/sweep.py`): a seeded sample, or all of them."""
    return Sweep(full=request.config.getoption("--full-sweep"), seed=request.config.getoption("--sweep-seed"))


Built = Callable[..., Path]


@pytest.fixture(scope="session")
def hf_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A private `datasets` cache for the session."""
    return tmp_path_factory.mktemp("hf-cache")


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """`built(family, preset="paper", configs=None, edition=None)` -> the folder of `configs` (default:
    every config) of `family` in that edition (default: the canonical one), built once per test run.

    Shared by every test module and, under pytest-xdist, by every worker process: the first to ask
    builds it under a file lock in the run's temporary folder, the others wait and read it. Read it,
    never write into it.
    """
    from builders.core.build import build
    from builders.families import get_family

    run = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run = run.parent  # each worker's folder is popen-gwN inside the run's
    folders: dict[str, Path] = {}

    def _built(
        family: str, preset: str = "paper", configs: Iterable[str] | None = None, edition: int | None = None
    ) -> Path:
        chosen = None if configs is None else sorted(configs)
        name = "-".join([family, preset, *(chosen or []), *([] if edition is None else [f"seed{edition}"])])
        if name not in folders:
            out = run / f"built-{name}"
            with _held(run / f".built-{name}.lock"):
                done = sorted(out.glob("*/manifest.json"))
                if done:
                    folders[name] = done[0].parent
                else:
                    folders[name] = build(
                        get_family(family),
                        configs=chosen,
                        preset=preset,
                        out=out,
                        progress=False,
                        edition=edition,
                    ).folder
        return folders[name]

    return _built


@pytest.fixture(scope="session")
def family_run(request: pytest.FixtureRequest, built: Built, tmp_path_factory: pytest.TempPathFactory):
    """The families' tasks in one lmms-eval process against one loopback server (`tests.family_run`):
    the parts of the families whose run tests this session runs."""
    pytest.importorskip("lmms_eval", reason="lmms-eval is the `eval` extra: pip install -e '.[test,eval]'")
    from tests.family_run import FamilyRun, served

    base = tmp_path_factory.mktemp("family-lmms-eval")
    files = {item.nodeid.split("::", 1)[0] for item in request.session.items}
    parts = [lmms_part(built, base) for lmms_part in served(files)]
    run = FamilyRun(parts, base)
    try:
        run.wait()
        yield run
    finally:
        run.close()


@contextlib.contextmanager
def _held(lock: Path) -> Iterator[None]:
    """An exclusive lock on the file `lock` for the block, waiting as long as another process holds it."""
    with lock.open("a") as file:
        fcntl.flock(file, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(file, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def paper_build(built: Built) -> Path:
    """The VLMBias paper preset, every topic."""
    return built("vlmbias")


@pytest.fixture(scope="session")
def lite_build(built: Built) -> Path:
    """The VLMBias lite preset, every topic."""
    return built("vlmbias", "lite")


@pytest.fixture(scope="session")
def tiny_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One VI-Probe config (`muller_lyer`) at the lite preset, 15 images: tests copy it, then damage it."""
    from builders.core.build import build
    from builders.families import get_family

    out = tmp_path_factory.mktemp("tiny")
    family = get_family("viprobe")
    return build(family, configs=["muller_lyer"], preset="lite", out=out, workers=1, progress=False).folder


@pytest.fixture(scope="session")
def load_split(paper_build: Path, hf_cache: Path):
    """`load_split(config, split)` -> a VLMBias paper split as `datasets.load_dataset` loads it, cached."""
    from datasets import load_dataset

    loaded: dict[tuple[str, str], object] = {}

    def _load(config: str, split: str):
        if (config, split) not in loaded:
            loaded[(config, split)] = load_dataset(
                str(paper_build), config, split=split, cache_dir=str(hf_cache)
            )
        return loaded[(config, split)]

    return _load


@pytest.fixture
def restore_signals() -> Iterator[None]:
    """Give pytest its SIGINT and SIGTERM handlers back after a test runs a command line in-process
    (`main` installs its own)."""
    import signal

    handlers = {signum: signal.getsignal(signum) for signum in (signal.SIGINT, signal.SIGTERM)}
    yield
    for signum, handler in handlers.items():
        signal.signal(signum, handler)
