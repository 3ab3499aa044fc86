"""lmms-eval tasks as data: each family declares its templates and task variants once, the YAML follows.

A family's `eval/tasks/<family>/declaration.py` holds a `FamilyTasks`: its templates
(`eval.tasks.templates.Template`), which configs get which variants (template, split, tags) and
which groups aggregate them, the prompt its rows are asked with, and which template asks which
row. The configs come from the family's builder (`builders.families`), so a new config gets its
tasks without a new line here. `python -m eval write-tasks` writes the YAML files into
`eval/tasks/<family>/`; a test fails when the committed files differ from what the declarations
give. Other harnesses read the same declaration: inspect_ai (`eval.inspect.adapter`), a VLMEvalKit
export (`answer_columns`, `category`) and the report's reading of an lmms-eval output folder
(`task_key`).

Every task has a twin, `<task>_noimage`: the same prompt without the image, tagged with each of its
task's tags plus `_noimage` (`--tasks vlmbias_main_noimage`). Its replies are what the text alone
gets; `eval score --blind` and the report pair them with the seeing task's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from builders.core.atomic import write_file
from builders.core.outputs import writable_problem
from builders.core.user_files import not_a_file
from builders.families import get_family
from eval.errors import UsageError
from eval.tasks.templates import NO_IMAGE, Template

TASKS_ROOT = Path(__file__).parent
#: What generated files name their declaration relative to: the folder holding `eval/`.
SOURCE_ROOT = TASKS_ROOT.parents[1]
#: What every generated task file starts with: where it comes from and how to remake it.
GENERATED = "# Generated from {source} by `python -m eval write-tasks`; edit that file, not this one.\n"
_HEADER_START = GENERATED.split("{")[0].encode()
#: The suffix of a task's twin that asks without the image.
NOIMAGE = "_noimage"


@dataclasses.dataclass(frozen=True)
class Variant:
    """One kind of task over a config: `<family>_<config><suffix>`, from a template, with tags.

    `split` becomes `test_split` (None when the template sets it); `{config}` in a tag is the config.
    `noimage_template` is the `_noimage` twin's template when the template sends the image some other
    way than `doc_to_visual` (its own `doc_to_messages`); otherwise the twin includes `template` and
    sets `doc_to_visual` to no image. `result` names the results of this variant apart from the
    plain task's in the report (VLMBias's "debiased"); "" pools them with the plain task's, and
    None says the task logs no graded records (replies a judge scores later).
    """

    suffix: str
    template: Template
    split: str | None = None
    tags: tuple[str, ...] = ()
    noimage_template: Template | None = None
    result: str | None = ""

    def split_of(self) -> str:
        """The split the task reads: its own, else its template's (through the templates it includes)."""
        split = self.split or self.template.setting("split")
        if split is None:
            raise UsageError(
                f"{self.template.name} sets no test_split; the task declaration must name the split"
            )
        return str(split)


@dataclasses.dataclass(frozen=True)
class TaskSet:
    """Configs that get the same variants, with an optional comment for their files."""

    configs: tuple[str, ...]
    variants: tuple[Variant, ...]
    comment: str = ""


@dataclasses.dataclass(frozen=True)
class Group:
    """A group YAML: lmms-eval's aggregate row over `tasks`, averaging `metrics`."""

    name: str
    tasks: tuple[str, ...]
    metrics: tuple[str, ...]
    weight_by_size: bool
    comment: str


@dataclasses.dataclass(frozen=True)
class Borrowed:
    """A task lmms-eval ships, run on our build under a name of ours (`python -m eval tasks` writes it).

    lmms-eval's own index wins over a task of the same name on `--include_path`, so a copy of its
    YAML would silently run the original task on the original data. The overlay instead includes
    the installed YAML (`installed`, relative to lmms-eval's `tasks/` folder) and sets only `task`
    (to `name`) and `dataset_path`; the task reads `split` of our `config` (the default config when
    the installed YAML names none). `options` are the `eval score` options that read its replies as
    the task does, and `result` the variant the report keeps its results under, apart from ours.
    """

    name: str
    installed: str
    config: str
    split: str
    result: str
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class TaskKey:
    """What an lmms-eval task of ours scores: config, split and the variant its results are kept under."""

    config: str
    split: str
    variant: str = ""


Row = Mapping[str, Any]


@dataclasses.dataclass(frozen=True)
class FamilyTasks:
    """Every lmms-eval task, template and group of one family, and how any harness asks its rows.

    `prompt(row, kwargs)` is the text a row is asked with (lmms-eval's `doc_to_text`, given a
    template's `prompt` arguments); `ask(row, split)` the template whose tasks ask that row (what
    inspect_ai asks it with); `category` the columns that group rows for another harness (VLMEvalKit's
    `category`, the first one set).
    """

    family: str
    templates: tuple[Template, ...]
    sets: tuple[TaskSet, ...]
    prompt: Callable[[Row, Mapping[str, Any] | None], str]
    ask: Callable[[Row, str], Template]
    category: tuple[str, ...]
    groups: tuple[Group, ...] = ()
    version: str = "0.1"
    #: What task names start with (`<prefix>_<config><suffix>`); "" means the family name. A family
    #: sets it when that name is taken, e.g. by a task lmms-eval ships.
    prefix: str = ""
    #: lmms-eval's own tasks the local overlay runs on a build of this family, renamed.
    borrowed: tuple[Borrowed, ...] = ()
    #: Where the files are written (with the declaration and `utils.py`): `eval/tasks/<family>/` when
    #: None; a family outside this package (a test's toy family) names its own folder.
    folder: Path | None = None

    @property
    def root(self) -> Path:
        """The folder holding the family's task files."""
        return self.folder or TASKS_ROOT / self.family

    def task_name(self, config: str, variant: Variant) -> str:
        return f"{self.prefix or self.family}_{config}{variant.suffix}"

    def task_sources(self) -> dict[str, tuple[str, Variant]]:
        """Task name -> the config it reads and its variant (whose template may set the split), for
        every task and its `_noimage` twin (which reads the same rows)."""
        return {
            f"{self.task_name(config, variant)}{blind}": (config, variant)
            for task_set in self.sets
            for config in task_set.configs
            for variant in task_set.variants
            for blind in ("", NOIMAGE)
        }

    def task_key(self, task: str) -> TaskKey | None:
        """What the task `task` (not a `_noimage` twin) scores, or None when it is not one of this
        family's tasks that log graded records."""
        for task_set in self.sets:
            for config in task_set.configs:
                for variant in task_set.variants:
                    if self.task_name(config, variant) == task and variant.result is not None:
                        return TaskKey(config, variant.split_of(), variant.result)
        return None

    def answer_columns(self) -> tuple[str, ...]:
        """The columns the templates log as targets, in order: what another harness gives as the answer."""
        columns = (template.setting("target") for template in self.templates)
        return tuple(dict.fromkeys(column for column in columns if column))

    def files(self) -> dict[str, str]:
        """File name -> YAML text, for every template, task and group."""
        header = GENERATED.format(source=self._declaration())
        files = {
            template.name: header
            + template.yaml(f"your-org/{get_family(self.family).repo_name}", self.version)
            for template in self.templates
        }
        for task_set in self.sets:
            comment = "".join(f"# {line}\n" for line in task_set.comment.splitlines())
            for config in task_set.configs:
                for variant in task_set.variants:
                    name = self.task_name(config, variant)
                    tags = [tag.format(config=config) for tag in variant.tags]
                    lines = self._task_lines(name, variant.template, tags, config, variant.split)
                    files[f"{name}.yaml"] = header + comment + "\n".join(lines) + "\n"
                    blind = [f"{tag}{NOIMAGE}" for tag in tags]
                    template = variant.noimage_template or variant.template
                    lines = self._task_lines(f"{name}{NOIMAGE}", template, blind, config, variant.split)
                    if variant.noimage_template is None:
                        lines.append(f"doc_to_visual: !function {NO_IMAGE}")
                    twin = f"# The same prompt as {name}, without the image.\n"
                    files[f"{name}{NOIMAGE}.yaml"] = header + twin + "\n".join(lines) + "\n"
        for group in self.groups:
            files[f"{group.name}.yaml"] = header + self._group_yaml(group)
        return files

    def _declaration(self) -> str:
        """The declaration's path as generated files name it: from the checkout's root when inside it."""
        declaration = self.root / "declaration.py"
        if declaration.is_relative_to(SOURCE_ROOT):
            declaration = declaration.relative_to(SOURCE_ROOT)
        return declaration.as_posix()

    @staticmethod
    def _task_lines(
        name: str, template: Template, tags: list[str], config: str, split: str | None
    ) -> list[str]:
        lines = [f"include: {template.name}", f"task: {name}"]
        if tags:
            lines.append(f"tag: [{', '.join(tags)}]")
        lines.append(f"dataset_name: {config}")
        if split is not None:
            lines.append(f"test_split: {split}")
        return lines

    def _group_yaml(self, group: Group) -> str:
        lines = [*(f"# {line}" for line in group.comment.splitlines()), f"group: {group.name}", "task:"]
        lines += [f"  - {task}" for task in group.tasks]
        lines.append("aggregate_metric_list:")
        for metric in group.metrics:
            lines += [
                f"  - metric: {metric}",
                "    aggregation: mean",
                f"    weight_by_size: {'true' if group.weight_by_size else 'false'}",
            ]
        lines += ["metadata:", f"  version: {self.version}"]
        return "\n".join(lines) + "\n"


def _generated(path: Path) -> bool:
    """Whether `path` is a file `write-tasks` wrote: a task, group or template YAML that begins with
    the header every generated file begins with. A user's own YAML in the folder is not one."""
    if not path.name.endswith((".yaml", "_yaml")) or not_a_file(path) is not None:
        return False
    with path.open("rb") as file:
        return file.read(len(_HEADER_START)) == _HEADER_START


def stale_files(tasks: FamilyTasks) -> list[str]:
    """Generated files of `tasks` that are missing, differ, or are left over in its folder."""
    expected = tasks.files()
    stale = [name for name, text in expected.items() if _read(tasks.root / name) != text]
    stale += [path.name for path in tasks.root.iterdir() if _generated(path) and path.name not in expected]
    return sorted(stale)


def write_files(tasks: FamilyTasks) -> list[Path]:
    """Write the family's template, task and group YAMLs that differ from the declaration, removing the
    generated YAMLs it no longer gives (never a user's own); returns every file the declaration gives.
    A file already right is left as it is, so regenerating a fresh folder changes nothing (not even a
    file a reader has open); each file is replaced in one rename.

    Raises:
        UsageError: the folder cannot be written (a read-only file system or checkout), checked
            before anything changes.
    """
    expected = tasks.files()
    root = tasks.root
    changed = {name: text for name, text in expected.items() if _read(root / name) != text}
    leftover = (
        [p for p in root.iterdir() if _generated(p) and p.name not in expected] if root.is_dir() else []
    )
    if not changed and not leftover:
        return [root / name for name in sorted(expected)]
    try:
        root.mkdir(parents=True, exist_ok=True)
        problem = writable_problem(root)
        if problem is not None:
            raise UsageError(
                f"cannot write the task files of {tasks.family}: {str(root)!r} {problem}; run write-tasks "
                "in a writable checkout"
            )
        for path in leftover:
            path.unlink()
        for name, text in sorted(changed.items()):
            write_file(root / name, text)
    except OSError as error:
        raise UsageError(
            f"cannot write the task files of {tasks.family} in {str(root)!r} ({error.strerror}); run "
            "write-tasks in a writable checkout"
        ) from None
    return [root / name for name in sorted(expected)]


def _read(path: Path) -> str | None:
    return path.read_text(encoding="utf-8") if path.is_file() else None
