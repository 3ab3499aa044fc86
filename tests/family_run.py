"""One lmms-eval process for the run tests of VLMBias, AIpsych, VI-Probe, VISaGE and IllusionBench+.

An lmms-eval process costs about 8 CPU seconds before its first request (importing it and indexing
its 3,000 task files), so the families' run tests share one: every family's tasks in one
include folder, asked of one loopback server that hands each conversation to the policy of the
family whose image and question it opens with (each family's `policy_model.lmms_part`). Their
test files are one unit of work for pytest-xdist (`FamilyRunScheduling`), so one worker starts the
process and serves them all; a session that runs only some of the files asks only their families'.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from xdist.scheduler import LoadFileScheduling

from eval.local_tasks import write_local_tasks
from tests import vlmbias_policy_model as vlmbias
from tests.aipsych import policy_model as aipsych
from tests.conftest import Built
from tests.illusionbench import policy_model as illusionbench
from tests.loopback import LoopbackServer, Part, Policy, Run, opening
from tests.viprobe import policy_model as viprobe
from tests.visage import policy_model as visage

#: Each test file the run serves, and its family's share of the run.
PARTS: dict[str, Callable[[Built, Path], Part]] = {
    "tests/test_lmms_eval_e2e.py": vlmbias.lmms_part,
    "tests/aipsych/test_lmms_eval.py": aipsych.lmms_part,
    "tests/illusionbench/test_lmms_eval_run.py": illusionbench.lmms_part,
    "tests/viprobe/test_lmms_eval.py": viprobe.lmms_part,
    "tests/visage/test_lmms_eval_run.py": visage.lmms_part,
}


class Dispatcher(LoopbackServer):
    """Hands each conversation to the one policy that knows its opening (image and first question)."""

    def __init__(self, policies: Sequence[Policy]) -> None:
        super().__init__()
        self.policies = policies
        self.errors: list[str] = []  # lmms-eval logs a request that got no answer, and exits 0

    def reply(self, messages: list[dict[str, Any]]) -> str:
        try:
            asked = opening(messages)
            (policy,) = [policy for policy in self.policies if asked in policy.questions]
            return policy.reply(messages)
        except Exception as error:
            with self.lock:
                self.errors.append(f"{type(error).__name__}: {error} on {json.dumps(messages)[:300]}")
            raise


class PartRun:
    """A family's view of a run: its build (`data`), its policy (`model`), and the run's output
    folder (`out`: every family's results and samples logs), include folder and log."""

    def __init__(self, part: Part, run: Run) -> None:
        self.run, self.data, self.model = run, part.data, part.policy
        self.out, self.overlay, self.log = run.out, run.overlay, run.log

    @property
    def returncode(self) -> int | None:
        return self.run.process.returncode

    def results(self) -> dict[str, dict[str, Any]]:
        return self.run.results()

    def samples(self, task: str) -> Path:
        return self.run.samples(task)


class FamilyRun:
    """The families' tasks in one lmms-eval process, run to its end; `part(family)` for one family."""

    def __init__(self, parts: Sequence[Part], base: Path) -> None:
        overlay = base / "tasks"
        env: dict[str, str] = {}
        for part in parts:
            write_local_tasks(part.family, part.data, overlay)
            for name, text in part.files.items():
                (overlay / name).parent.mkdir(parents=True, exist_ok=True)
                (overlay / name).write_text(text)
            env.update(part.env)
        self.server = Dispatcher([part.policy for part in parts])
        tasks = [task for part in parts for task in part.tasks]
        self.run = Run("families", base, overlay, self.server, tasks, **env)
        self.parts = {part.family: part for part in parts}

    @property
    def overlay(self) -> Path:
        return self.run.overlay

    def wait(self) -> None:
        assert self.run.wait() == 0, self.run.tail()
        errors = self.server.errors
        assert not errors, f"{len(errors)} requests got no answer, the first: {errors[0]}"

    def part(self, family: str) -> PartRun:
        assert family in self.parts, f"{family} has no part in this session's run: its test file is not run"
        return PartRun(self.parts[family], self.run)

    def close(self) -> None:
        self.server.close()


def served(paths: set[str]) -> list[Callable[[Built, Path], Part]]:
    """The parts of the run the test files `paths` need."""
    return [lmms_part for path, lmms_part in PARTS.items() if path in paths]


class FamilyRunScheduling(LoadFileScheduling):
    """pytest-xdist's `--dist loadfile`, but with the files the run serves as one unit of work."""

    UNIT = "the families' lmms-eval run"

    def _split_scope(self, nodeid: str) -> str:
        path = nodeid.split("::", 1)[0]
        return self.UNIT if path in PARTS else path
