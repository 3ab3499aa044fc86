"""Point the lmms-eval tasks at other data without editing their YAML: an include-path overlay.

The packaged tasks read the Hub repo named in `_default_template_yaml` (`your-org/vlmbias`, a
placeholder until the dataset is published). lmms-eval has no command-line override for a task's
`dataset_path`, and its YAML has no variables; it does merge `include:`d files, later keys winning.
So for each task (and group) YAML the overlay holds a file that includes the original by absolute
path and, for tasks, sets `dataset_path` to a local build folder or another Hub repo. Task names,
tags, prompts and metrics stay the packaged ones. Pass only the overlay folder as `--include_path`.

For a local build the overlay holds only the tasks of configs (and splits) the folder holds, and
only the groups whose tasks are all there: a task of a config that was never built would fail
inside lmms-eval with an opaque `RetryError`, and a tag or group naming it would fail with it.
Tags are declared by the task files themselves, so a left-out task is in no tag.

lmms-eval's own tasks a family borrows (`FamilyTasks.borrowed`, e.g. `vlms_are_biased`) are
written too, renamed: a same-named copy on the include path would lose to the installed task.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import re
from pathlib import Path

from builders.core.errors import shown
from builders.core.folder import BuiltFolder
from builders.core.outputs import check_folder, check_path, printable, write_folder
from builders.core.user_files import not_a_file
from eval.data import open_folder
from eval.errors import UsageError
from eval.registry import family_eval
from eval.tasks.declaration import Borrowed, FamilyTasks

_HUB_ID = re.compile(r"[\w.-]+/[\w.-]+")
#: What makes `--data` a Hub repo id whatever is on disk: `hf://org/name`.
HUB_PREFIX = "hf://"
#: The command whose earlier overlay `out/<family>` may hold (the record `write_folder` keeps names it).
COMMAND = "python -m eval tasks"


@dataclasses.dataclass(frozen=True)
class Overlay:
    """What `write_local_tasks` wrote, and what it left out and why."""

    folder: Path
    files: tuple[Path, ...]
    #: Configs of tasks left out because the build does not hold them (or not their split).
    missing_configs: tuple[str, ...] = ()
    #: One phrase per other task or group left out, with its reason.
    left_out: tuple[str, ...] = ()

    def summary(self) -> str:
        """What was left out, one clause per reason; empty when nothing was."""
        parts = []
        if self.missing_configs:
            parts.append(
                f"the tasks of {len(self.missing_configs)} config(s) the folder does not hold "
                f"({', '.join(self.missing_configs)})"
            )
        parts += self.left_out
        return "; ".join(parts)


def write_local_tasks(family: str, data: Path | str, out: Path) -> Overlay:
    """Write `out/<family>/<name>.yaml` for the tasks and groups of `family` that `data` can run.

    `data` is a local path or a Hub repo id (`data_source`); a Hub repo's configs cannot be checked
    offline, so every task is written. `out/<family>` is replaced whole, so tasks of an earlier
    overlay never linger, and only when it holds nothing but what an earlier overlay wrote there.

    Raises:
        UsageError: there are no tasks for `family`, `data` is a local path that is not a build of
            `family`, or a malformed Hub id, or `out/<family>` holds files this function did not
            write (or cannot be written: `builders.core.outputs`).
    """
    tasks = family_eval(family).tasks()
    check_path(out)
    target = out / family
    check_folder(target, COMMAND)
    local, dataset_path = data_source(data)
    folder: BuiltFolder | None = None
    if local is not None:
        folder = open_folder(local)
        if folder.family != family:
            raise UsageError(
                f"{str(data)!r} holds a {folder.family} build, not {family}; pass a {family} build"
            )
    texts, missing = _task_files(tasks, folder, dataset_path)
    groups, left_out = _group_files(tasks, texts)
    texts.update(groups)
    for borrowed in tasks.borrowed:
        text, reason = _borrowed_file(borrowed, folder, dataset_path)
        if text is None:
            left_out.append(f"{borrowed.name} ({reason})")
        else:
            texts[f"{borrowed.name}.yaml"] = text
    write_folder(target, texts, COMMAND)
    return Overlay(target, tuple(target / name for name in sorted(texts)), missing, tuple(left_out))


def data_source(data: Path | str) -> tuple[Path | None, str]:
    """(the local folder, or None for a Hub repo; the `dataset_path` the tasks read) of `--data`.

    A value is a local path when it exists (a folder, a file, a link, a loop), or when its parent
    folder does (`data/vlmbais`, a typo of `data/vlmbias`, is a folder that is missing, not a Hub
    repo); it must then be a built folder. Any other `org/name` is a Hub repo id, and so is
    `hf://org/name` whatever is on disk (for an id that names a local folder).

    Raises:
        UsageError: a local path that is no folder, or a value that is neither.
    """
    text = str(data)
    if text.startswith(HUB_PREFIX):
        repo = text.removeprefix(HUB_PREFIX)
        if not _HUB_ID.fullmatch(repo):
            raise UsageError(f"--data {shown(text)} is not hf://org/name; name the Hub repo as hf://org/name")
        return None, repo
    path = Path(text)
    if _exists(path) or _exists(path.parent):
        problem = None if path.is_dir() else (not_a_file(path) or "is a file").removesuffix(", not a file")
        if problem is not None:
            raise UsageError(
                f"--data {printable(text)} {problem}, not a built dataset folder; pass one such as "
                f"build/vlmbias, or a Hub repo as {HUB_PREFIX}org/name"
            )
        return path, str(path.resolve())
    if _HUB_ID.fullmatch(text):
        return None, text
    raise UsageError(
        f"--data {printable(text)} is neither a folder nor a Hub repo id; pass a built folder such "
        f"as build/vlmbias, or org/name ({HUB_PREFIX}org/name when a local folder org/ exists)"
    )


def _exists(path: Path) -> bool:
    """Whether anything is at `path` (a link to nothing or a loop counts), never raising."""
    try:
        return path.exists() or path.is_symlink()
    except (OSError, ValueError):
        return False


def _task_files(
    tasks: FamilyTasks, folder: BuiltFolder | None, dataset_path: str
) -> tuple[dict[str, str], tuple[str, ...]]:
    """File name -> overlay text of every task the data holds; the configs of those it does not."""
    texts: dict[str, str] = {}
    missing: dict[str, None] = {}  # configs in order, once each
    for name, (config, variant) in tasks.task_sources().items():
        if folder is not None and not _holds(folder, config, variant.split_of()):
            missing[config] = None
            continue
        lines = [_include(tasks.root / f"{name}.yaml"), f"dataset_path: {json.dumps(dataset_path)}"]
        texts[f"{name}.yaml"] = "\n".join(lines) + "\n"
    return texts, tuple(missing)


def _group_files(tasks: FamilyTasks, texts: dict[str, str]) -> tuple[dict[str, str], list[str]]:
    """File name -> overlay text of every group whose tasks are all written; phrases for the others."""
    groups, left_out = {}, []
    for group in tasks.groups:
        absent = [task for task in group.tasks if f"{task}.yaml" not in texts]
        if absent:
            left_out.append(f"group {group.name} (needs {', '.join(absent)})")
        else:
            groups[f"{group.name}.yaml"] = _include(tasks.root / f"{group.name}.yaml") + "\n"
    return groups, left_out


def _borrowed_file(
    borrowed: Borrowed, folder: BuiltFolder | None, dataset_path: str
) -> tuple[str | None, str]:
    """The overlay of an lmms-eval task renamed onto our data, or None and why it cannot be written."""
    installed = lmms_eval_tasks()
    if installed is None:
        return None, "lmms-eval is not installed here; run `python -m eval tasks` where it is"
    path = installed / borrowed.installed
    if not path.is_file():
        return None, f"this lmms-eval has no {borrowed.installed}"
    if folder is not None and not _holds(folder, borrowed.config, borrowed.split):
        return None, f"it reads {borrowed.config}/{borrowed.split}, which the folder does not hold"
    lines = [_include(path), f"task: {borrowed.name}", f"dataset_path: {json.dumps(dataset_path)}"]
    return "\n".join(lines) + "\n", ""


def lmms_eval_tasks() -> Path | None:
    """lmms-eval's installed `tasks/` folder, found without importing lmms-eval; None if absent."""
    spec = importlib.util.find_spec("lmms_eval")
    if spec is None or spec.origin is None:
        return None
    tasks = Path(spec.origin).parent / "tasks"
    return tasks if tasks.is_dir() else None


def _holds(folder: BuiltFolder, config: str, split: str) -> bool:
    return config in folder.config_names() and split in folder.splits(config)


def _include(path: Path) -> str:
    # A JSON string is a YAML double-quoted scalar: any path survives.
    return f"include: {json.dumps(str(path.resolve()))}"
