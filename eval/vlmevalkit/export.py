"""Write one config/split of a built folder as the benchmark TSV VLMEvalKit reads from `$LMUData`.

VLMEvalKit reads a benchmark as one tab-separated file (`pandas.read_csv(sep="\\t")`) with an
`index`, a base64 `image`, a `question`, an `answer` and a `category` per row, `A`..`D` for a
multiple-choice row's options. A row whose image is identical to an earlier row's holds that row's
`index` instead of the base64 text, which VLMEvalKit resolves on loading. Each row keeps our `id`,
so prediction files map back by `id` as well as by `index`.

`index` is the row's position in the split (0, 1, ...), in the order `eval score` reads the rows,
so a prediction file with only `index` and `prediction` maps back to the rows without a side file.
What fills the columns comes from the family's task declaration (`eval.tasks.declaration`): the
`question` is the prompt our lmms-eval task sends, the `answer` the column its tasks log as the
target (the first one set), the `category` the columns it names for grouping rows. Both harnesses
ask the same words.

Two layouts (`--layout`): `generic`, the columns above, which `SeeOrRecallDataset` and VLMEvalKit's
generic VQA classes (and its judge-graded `VLMBias`, which reads `answer` and `category`) read; and,
for VLMBias builds, `vlms_are_biased`, which adds the released columns VLMEvalKit's own
`VLMsAreBiased` evaluator (`vlms_are_biased_main`) reads: `ground_truth`, `expected_bias`, `topic`,
and `sub_topic`, `type_of_question`, `pixel` beside them.
"""

from __future__ import annotations

import base64
import csv
import dataclasses
import hashlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from builders.core.folder import BuiltFolder
from builders.core.outputs import check_file, file_writer, printable
from builders.families import family_of, get_family
from eval.data import default_split, open_folder
from eval.errors import UsageError
from eval.registry import family_eval, family_names

#: Option letters of a multiple-choice row, VLMEvalKit's `A`..`D` columns.
OPTION_LETTERS = ("A", "B", "C", "D")
#: The `image` text VLMEvalKit takes as another row's index rather than base64 (its loader's rule).
REFERENCE_MAX_CHARS = 64
#: `--layout` -> the columns it adds to the generic ones (`header`).
LAYOUTS = {
    "generic": (),
    "vlms_are_biased": ("ground_truth", "expected_bias", "topic", "sub_topic", "type_of_question", "pixel"),
}


@dataclasses.dataclass(frozen=True)
class Exported:
    """What `export_tsv` wrote: the family, how many rows, and how many distinct images they hold."""

    family: str
    config: str
    split: str
    rows: int
    images: int
    path: Path


def header(family: str, layout: str = "generic") -> list[str]:
    """The TSV's columns for `family`: VLMEvalKit's, any options, the layout's, then ours.

    Raises:
        UsageError: `layout` is not one of `LAYOUTS`, or asks for columns `family`'s rows lack.
    """
    names = get_family(family).features
    if layout not in LAYOUTS:
        raise UsageError(f"--layout {layout!r} is not one of {', '.join(LAYOUTS)}; pass one of them")
    lacking = [name for name in LAYOUTS[layout] if name not in names]
    if lacking:
        raise UsageError(
            f"--layout {layout} writes the VLMBias release's columns, which a {family} build lacks "
            f"({', '.join(lacking)}); export it with --layout generic"
        )
    columns = ["index", "image", "question", "answer", "category"]
    if "options" in names:
        columns += OPTION_LETTERS
    if "system_prompt" in names:
        columns.append("system_prompt")
    return [*columns, *LAYOUTS[layout], "id"]


def export_tsv(data: Path, config: str, split: str | None, out: Path, layout: str = "generic") -> Exported:
    """Write `config`/`split` of the build at `data` to `out` as a VLMEvalKit TSV of `layout`, all at once.

    Raises:
        UsageError: `data` is not a build, has no such config or split, `layout` does not fit its
            family, `out` is not a `.tsv` path, lies inside `data`, or cannot be written; nothing is
            left at `out` then.
    """
    folder = _open(data)
    family = folder.family
    split = default_split(family, split)
    _check_out(out)
    folder.shards(config, split)  # an unknown config or split is refused before anything is written
    if family not in family_names():
        raise UsageError(f"family {family!r} has no VLMEvalKit export; choose a build of a known family")
    converter = _RowConverter(family, layout)
    first_index: dict[str, int] = {}
    count = 0
    with file_writer(out) as file:
        writer = csv.writer(file, delimiter="\t", quoting=csv.QUOTE_ALL, lineterminator="\n")
        writer.writerow(converter.header)
        for index, row in enumerate(folder.rows(config, split)):
            writer.writerow(converter.line(index, row, first_index))
            count += 1
    return Exported(family, config, split, count, len(first_index), out)


class _RowConverter:
    """One built row (with its image) to one TSV line of its family's columns."""

    def __init__(self, family: str, layout: str) -> None:
        self.header = header(family, layout)
        self.released = LAYOUTS[layout]
        tasks = family_eval(family).tasks()
        self.answer, self.category = tasks.answer_columns(), tasks.category
        from datasets import ClassLabel  # here, not at the top: `python -m eval --help` stays light

        #: Columns stored as class indexes: exported by their names.
        self.labels = {
            name: feature
            for name, feature in get_family(family).features.items()
            if isinstance(feature, ClassLabel)
        }
        # The prompt our lmms-eval task sends: one function serves both harnesses.
        self.prompt = tasks.prompt

    def line(self, index: int, row: dict[str, Any], first_index: dict[str, int]) -> list[str]:
        values = {
            "index": str(index),
            "image": self._image(index, row, first_index),
            "question": self.prompt(row, None),
            "answer": self._first(row, self.answer),
            "category": self._first(row, self.category),
            "system_prompt": row.get("system_prompt") or "",
            "id": row["id"],
            **{name: self._text(name, row.get(name)) for name in self.released},
        }
        options = row.get("options") or []
        values.update(zip(OPTION_LETTERS, options, strict=False))
        return [values.get(name, "") for name in self.header]

    @staticmethod
    def _image(index: int, row: dict[str, Any], first_index: dict[str, int]) -> str:
        """The base64 PNG, or the index of the earlier row whose image has the same bytes."""
        png = row["image"]["bytes"]
        digest = hashlib.sha256(png).hexdigest()
        if digest in first_index:
            return str(first_index[digest])
        first_index[digest] = index
        return base64.b64encode(png).decode("ascii")

    def _first(self, row: Mapping[str, Any], names: tuple[str, ...]) -> str:
        for name in names:
            text = self._text(name, row.get(name))
            if text:
                return text
        return ""

    def _text(self, name: str, value: Any) -> str:
        """A cell as text: a class label by its name, a list by its first element."""
        if isinstance(value, list):
            return str(value[0]) if value else ""
        label = self.labels.get(name)
        if label is not None and isinstance(value, int):
            return label.int2str(value) if value >= 0 else ""
        return "" if value is None else str(value)


def _open(data: Path) -> BuiltFolder:
    folder = open_folder(data)
    family_of(folder)
    return folder


def _check_out(out: Path) -> None:
    """Refuse an `--out` that is no `.tsv`, or one no file may be written at (`check_file`: a device, a
    folder, inside a dataset folder, a missing or read-only folder, a name that cannot be printed)."""
    if out.suffix != ".tsv":
        raise UsageError(
            f"--out {printable(out)} does not end in .tsv; VLMEvalKit reads <name>.tsv from $LMUData"
        )
    check_file(out, what="the TSV")
