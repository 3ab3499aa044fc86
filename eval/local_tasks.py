"""Point the lmms-eval tasks at other data without editing their YAML: an include-path overlay.

The packaged tasks read the Hub repo named in `_default_template_yaml` (`your-org/vlmbias`, a
placeholder until the dataset is published). lmms-eval has no command-line override for a task's
`dataset_path`, and its YAML has no variables; it does merge `include:`d files, later keys winning.
So for each task (and group) YAML the overlay holds a file that includes the original by absolute
path and, for tasks, sets `dataset_path` to a local build folder or another Hub repo. Task names,
tags, prompts and metrics stay the packaged ones. Pass only the overlay folder as `--include_path`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from eval.errors import UsageError

TASKS_ROOT = Path(__file__).parent / "tasks"
_HUB_ID = re.compile(r"[\w.-]+/[\w.-]+")


def write_local_tasks(family: str, data: Path | str, out: Path) -> list[Path]:
    """Write `out/<family>/<name>.yaml` for every task and group YAML of `family`; returns the files.

    `data` is a built folder (e.g. `build/vlmbias`) or, when no such folder exists, a Hub repo id.

    Raises:
        UsageError: there are no tasks for `family`, or `data` is neither a folder nor a Hub id.
    """
    source = TASKS_ROOT / family
    if not source.is_dir():
        families = sorted(path.name for path in TASKS_ROOT.iterdir() if (path / "utils.py").is_file())
        raise UsageError(f"no lmms-eval tasks for family {family!r}; choose from: {', '.join(families)}")
    if Path(data).is_dir():
        dataset_path = str(Path(data).resolve())
    elif _HUB_ID.fullmatch(str(data)):
        dataset_path = str(data)
    else:
        raise UsageError(
            f"data {str(data)!r} is neither a folder nor a Hub repo id; pass a built folder such as "
            "build/vlmbias, or org/name"
        )
    target = out / family
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for original in sorted(source.glob("*.yaml")):
        # A JSON string is a YAML double-quoted scalar: any path survives.
        lines = [f"include: {json.dumps(str(original.resolve()))}"]
        if not _is_group(original):
            lines.append(f"dataset_path: {json.dumps(dataset_path)}")
        overlay = target / original.name
        overlay.write_text("\n".join(lines) + "\n", encoding="utf-8")
        written.append(overlay)
    return written


def _is_group(path: Path) -> bool:
    # A group YAML has a top-level `group:` key; a task must not get `dataset_path` added to it.
    return re.search(r"^group:", path.read_text(encoding="utf-8"), re.MULTILINE) is not None
