"""A task template as data: how a family's lmms-eval tasks ask a row and score the reply.

Each `Template` is one `_<name>_template_yaml` file of `eval/tasks/<family>/`, which the family's
task YAMLs include; `python -m eval write-tasks` writes it from this declaration (`Template.yaml`).
The same declaration is what other harnesses read: inspect_ai asks a row with the template's split,
prompt arguments, system column, target and generation settings, and a VLMEvalKit export fills its
`answer` from the templates' targets. A template that `include`s another inherits every setting it
does not set, as lmms-eval merges included files.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any

#: The function a `_noimage` twin sends as its visual: none (`eval/tasks/noimage.py`).
NO_IMAGE = "eval.tasks.noimage.no_image"
#: Characters that make a YAML value need quotes.
_SPECIAL = set(" :#{}[],&*!|>'\"%@`")


@dataclasses.dataclass(frozen=True)
class Metric:
    """One `metric_list` entry: aggregated by `mean` or by the task's `utils.<aggregation>` function."""

    name: str
    aggregation: str
    higher_is_better: bool
    #: A comment after the metric's name, for readers of the YAML.
    note: str = ""

    def lines(self) -> list[str]:
        aggregation = (
            self.aggregation if self.aggregation == "mean" else f"!function utils.{self.aggregation}"
        )
        note = f"  # {self.note}" if self.note else ""
        return [
            f"  - metric: {self.name}{note}",
            f"    aggregation: {aggregation}",
            f"    higher_is_better: {_bool(self.higher_is_better)}",
        ]


def mean(name: str, higher_is_better: bool) -> Metric:
    """A metric whose per-row values (0 or 1) lmms-eval averages."""
    return Metric(name, "mean", higher_is_better)


def aggregated(name: str, higher_is_better: bool, note: str = "") -> Metric:
    """A metric computed from the rows' graded records by `utils.aggregate_<name>`."""
    return Metric(name, f"aggregate_{name}", higher_is_better, note)


@dataclasses.dataclass(frozen=True)
class Generation:
    """Greedy generation settings (`generation_kwargs`); `stop` None leaves lmms-eval's default stop."""

    max_new_tokens: int
    top_p: float | None = None
    num_beams: int | None = None
    stop: tuple[str, ...] | None = ()

    def lines(self) -> list[str]:
        lines = ["generation_kwargs:", f"  max_new_tokens: {self.max_new_tokens}", "  temperature: 0"]
        if self.top_p is not None:
            lines.append(f"  top_p: {self.top_p}")
        if self.num_beams is not None:
            lines.append(f"  num_beams: {self.num_beams}")
        lines.append("  do_sample: false")
        if self.stop is not None:
            lines.append(f"  until: [{', '.join(json.dumps(text) for text in self.stop)}]")
        return lines


@dataclasses.dataclass(frozen=True)
class Template:
    """One template file; function fields name `utils` functions ("utils.doc_to_text") or a module path.

    A template without `include` is a whole task (it names the dataset, the output type and the
    metadata); one with `include` changes what it sets. `target` is the column lmms-eval logs as the
    target, or, when `target_function` turns it into one, the column that function reads. `system` is
    the column whose text a row sends as a system message (its `messages` function builds that chat
    for lmms-eval).
    """

    name: str
    comment: str
    include: Template | None = None
    split: str | None = None
    process_docs: str | None = None
    visual: str | None = None
    text: str | None = None
    messages: str | None = None
    target: str | None = None
    target_function: str | None = None
    process_results: str | None = None
    #: `lmms_eval_specific_kwargs.default`: what `doc_to_text` and `doc_to_messages` are passed.
    prompt: Mapping[str, str] | None = None
    #: Comments after some of `prompt`'s keys.
    prompt_notes: Mapping[str, str] = dataclasses.field(default_factory=dict)
    #: A comment before the generation settings.
    generation_note: str = ""
    generation: Generation | None = None
    metrics: tuple[Metric, ...] | None = None
    system: str | None = None

    def setting(self, name: str) -> Any:
        """The value of field `name` here, or inherited from the included template."""
        value = getattr(self, name)
        if value is None and self.include is not None:
            return self.include.setting(name)
        return value

    def target_column(self) -> str | None:
        """The column lmms-eval logs as the target as it is (None when a function turns it into one)."""
        holder: Template | None = self
        while holder is not None and holder.target is None and holder.target_function is None:
            holder = holder.include
        if holder is None or holder.target_function is not None:
            return None
        return holder.target

    def yaml(self, dataset_path: str, version: str) -> str:
        """The template file's text: comments, then the keys in lmms-eval's usual order."""
        lines = [f"# {line}" for line in self.comment.splitlines()]
        lines.append(f"include: {self.include.name}" if self.include else f"dataset_path: {dataset_path}")
        if self.split is not None:
            lines.append(f"test_split: {self.split}")
        if self.include is None:
            lines.append("output_type: generate_until")
        for key, function in (
            ("process_docs", self.process_docs),
            ("doc_to_visual", self.visual),
            ("doc_to_text", self.text),
            ("doc_to_messages", self.messages),
            ("doc_to_target", self.target_function),
        ):
            if function is not None:
                lines.append(f"{key}: !function {function}")
        if self.target is not None and self.target_function is None:
            lines.append(f"doc_to_target: {self.target}")
        if self.process_results is not None:
            lines.append(f"process_results: !function {self.process_results}")
        if self.prompt is not None:
            lines += ["lmms_eval_specific_kwargs:", "  default:"]
            for key, value in self.prompt.items():
                note = f"  # {self.prompt_notes[key]}" if key in self.prompt_notes else ""
                lines.append(f"    {key}: {_scalar(value)}{note}")
        lines += [f"# {line}" for line in self.generation_note.splitlines()]
        if self.generation is not None:
            lines += self.generation.lines()
        if self.metrics is not None:
            lines += ["metric_list:", *(line for metric in self.metrics for line in metric.lines())]
        if self.include is None:
            lines += ["metadata:", f"  version: {version}"]
        return "\n".join(lines) + "\n"


def _scalar(text: str) -> str:
    """A YAML string, quoted (as JSON, which YAML reads) when plain text would not read back as it is."""
    return json.dumps(text) if not text or _SPECIAL & set(text) else text


def _bool(value: bool) -> str:
    return "true" if value else "false"
