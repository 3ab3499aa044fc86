"""The VLMEvalKit dataset class of a see-or-recall TSV (`python -m eval export vlmevalkit`).

`python -m eval vlmevalkit run --config FILE` (`eval.vlmevalkit.launch`) registers it with
VLMEvalKit in its own process and runs VLMEvalKit's runner; a config names it as
`{"class": "SeeOrRecallDataset", "dataset": NAME, "data": "build/vlmbias", "config":
"patterned_grids", "split": "main"}`, `NAME` being the exported `$LMUData/<NAME>.tsv`. From
VLMEvalKit's Python API, in an environment with both `ms-vlmeval` and `see-or-recall`:

    from eval.vlmevalkit.dataset import SeeOrRecallDataset
    dataset = SeeOrRecallDataset("SeeOrRecall_vlmbias_patterned_grids", data="build/vlmbias",
                                 config="patterned_grids", split="main")

The class is named so it never clashes with VLMEvalKit's own `VLMBias` and `vlms_are_biased_main`,
which read VLMEvalKit's copy of the release.

`build_prompt` sends the image and the `question` column: the prompt our lmms-eval task sends (a
VI-Probe instructional row's `system_prompt` goes first, as text: VLMEvalKit's messages have no
system turn). `evaluate` scores with `eval.scoring`, as `python -m eval score` does, and hands
VLMEvalKit the family's headline metrics; `report_primary_metric` makes the first of them (the
family's accuracy) the headline of VLMEvalKit's run summary, which otherwise picks a key by its
name (an interval's upper end, `accuracy_item_mean|ci95_high`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, ClassVar

import pandas as pd
from vlmeval.dataset.image_base import ImageBaseDataset

from eval.vlmevalkit.evaluate import headline, score_file

#: How VLMEvalKit flattens a line of `evaluate`'s table into a metric key: `metric=<path>|value`.
_VALUE_KEY = re.compile(r"metric=(?P<path>.+)\|value")


class SeeOrRecallDataset(ImageBaseDataset):
    """One config/split of a see-or-recall build, exported as `$LMUData/<dataset>.tsv`."""

    TYPE = "VQA"
    MODALITY = "IMAGE"
    #: The dataset names made in this process: VLMEvalKit's run summary finds a benchmark's class by
    #: asking each class for the names it supports.
    made: ClassVar[set[str]] = set()

    def __init__(
        self,
        dataset: str,
        data: str = "",
        config: str = "",
        split: str | None = None,
        skip_noimg: bool = True,
    ) -> None:
        if not data or not config:
            raise ValueError(
                "SeeOrRecallDataset needs data= (the built folder) and config= (the exported config)"
            )
        self.build, self.config, self.split = Path(data), config, split
        super().__init__(dataset=dataset, skip_noimg=skip_noimg)
        SeeOrRecallDataset.made.add(dataset)

    @classmethod
    def supported_datasets(cls) -> list[str]:
        return sorted(cls.made)  # any exported TSV: the name is the user's

    def build_prompt(self, line: Any) -> list[dict[str, str]]:
        if isinstance(line, int):
            line = self.data.iloc[line]
        messages = super().build_prompt(line)
        system = line.get("system_prompt")
        if isinstance(system, str) and system:
            messages.insert(len(messages) - 1, {"type": "text", "value": system})
        return messages

    def evaluate(self, eval_file: str, **judge_kwargs: Any) -> pd.DataFrame:
        """The headline metrics with their 95 % intervals; the full score JSON is saved beside `eval_file`."""
        result, _ = score_file(self.build, self.config, self.split, Path(eval_file))
        return pd.DataFrame(headline(result))

    @classmethod
    def report_primary_metric(cls, metrics: dict[str, Any] | None) -> dict[str, float]:
        """The first headline metric `evaluate` gave a value (VLMBias `accuracy_item_mean`, VI-Probe
        `pfa`, VISaGE and IllusionBench+ `accuracy`), by its name in the score JSON."""
        for key, value in (metrics or {}).items():
            found = _VALUE_KEY.fullmatch(str(key))
            if found and isinstance(value, int | float) and not isinstance(value, bool):
                return {found.group("path"): float(value)}
        return {}
