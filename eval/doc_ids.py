"""Row ids for the samples logs of lmms-eval's own tasks run on a build, which name rows by `doc_id` only.

lmms-eval 0.7 drops each doc from its `--log_samples` file. Our tasks log the row's id in their
graded record; an lmms-eval task we borrow (`FamilyTasks.borrowed`: `vlms_are_biased`, run on a
build as `vlmbias_vlms_are_biased`) logs only `doc_id`, the row's position in the config and split
the task read. lmms-eval reads that split with `datasets` in its Parquet order, which is the order
`BuiltFolder` reads the same config and split, so row `doc_id` of those rows is the one asked
(checked against a real run in tests/test_harness_e2e.py). Each line is checked against the row at
its place before it counts: the prompt it logs (`input`) must hold the row's `prompt`, and the image
file it logs (`input_media`) must be the row's `image_path`, so a log scored against another config
or split is refused in one sentence instead of being graded against the wrong rows.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from eval.errors import PredictionsError
from eval.registry import family_eval


@dataclasses.dataclass(frozen=True)
class DocRows:
    """The rows of the config and split an lmms-eval task read, in the order it read them.

    `load` reads them when first asked for (`rows`), so a predictions file refused for its own
    faults never loads the Parquet stack. `where` names them (`all/main`) and `family` is theirs: a
    refusal says which config and split the family's borrowed tasks read.
    """

    load: Callable[[], Sequence[Mapping[str, Any]]]
    where: str
    family: str

    @functools.cached_property
    def rows(self) -> Sequence[Mapping[str, Any]]:
        """The rows, read once."""
        return self.load()

    def row_id(self, sample: Mapping[str, Any], line: str) -> str | None:
        """The id of the row a samples line answers by its `doc_id`; None when it logs no `doc_id`.

        Raises:
            PredictionsError: `doc_id` is not a place in the rows, or the line's prompt or image is not
                that row's (`line` names the line).
        """
        doc_id = sample.get("doc_id")
        if not isinstance(doc_id, int) or isinstance(doc_id, bool):
            return None
        if not 0 <= doc_id < len(self.rows):
            raise PredictionsError(
                f"{line}: doc_id {doc_id} is no row of {self.where}, which has {len(self.rows)}; "
                f"{self._fix()}"
            )
        row = self.rows[doc_id]
        mismatch = _mismatch(sample, row)
        if mismatch:
            raise PredictionsError(
                f"{line}: doc_id {doc_id} logs {mismatch}, which is not row {doc_id} of {self.where} "
                f"({row['id']!r}); {self._fix()}"
            )
        return str(row["id"])

    def _fix(self) -> str:
        borrowed = family_eval(self.family).tasks().borrowed
        read = ", ".join(f"{b.name} reads --config {b.config} --split {b.split}" for b in borrowed)
        return f"score the log with the config and split its task read ({read or 'see its task YAML'})"


def _mismatch(sample: Mapping[str, Any], row: Mapping[str, Any]) -> str | None:
    """What the line logs that the row does not hold, or None."""
    asked, prompt = sample.get("input"), row.get("prompt")
    if isinstance(asked, str) and isinstance(prompt, str) and prompt not in asked:
        return f"the prompt {asked[:60]!r}"
    media, image = sample.get("input_media"), row.get("image_path")
    if isinstance(media, list) and isinstance(image, str) and media and media != [image]:
        return f"the image {str(media[0])[:60]!r}"
    return None
