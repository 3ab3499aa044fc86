"""The VLMEvalKit dataset class of a see-or-recall TSV (`python -m eval export vlmevalkit`).

Use it from VLMEvalKit's Python API in an environment with both `ms-vlmeval` and `see-or-recall`
installed (docs/evaluate.md's VLMEvalKit section has the whole run):

    from eval.vlmevalkit.dataset import SeeOrRecallDataset
    dataset = SeeOrRecallDataset("SeeOrRecall_vlmbias_patterned_grids", data="build/vlmbias",
                                 config="patterned_grids", split="main")

`dataset` names `$LMUData/<dataset>.tsv`, the file the export wrote. To reach it from VLMEvalKit's
`run.py --data-config` instead, add `from eval.vlmevalkit.dataset import SeeOrRecallDataset` to
`vlmeval/dataset/__init__.py`. The class is named so it never clashes with VLMEvalKit's own
`VLMBias` and `vlms_are_biased_main`, which read other files and score with an LLM judge.

`build_prompt` sends the image and the `question` column: the prompt our lmms-eval task sends (a
VI-Probe instructional row's `system_prompt` goes first, as text: VLMEvalKit's messages have no
system turn). `evaluate` scores with `eval.scoring`, as `python -m eval score` does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
from vlmeval.dataset.image_base import ImageBaseDataset

from eval.vlmevalkit.evaluate import headline, score_file


class SeeOrRecallDataset(ImageBaseDataset):
    """One config/split of a see-or-recall build, exported as `$LMUData/<dataset>.tsv`."""

    TYPE = "VQA"
    MODALITY = "IMAGE"

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

    @classmethod
    def supported_datasets(cls) -> list[str]:
        return []  # any exported TSV: the name is the user's

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
