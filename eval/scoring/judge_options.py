"""The flags that name an LLM judge, declared once for every family a judge grades (VLMBias, IllusionBench+).

`eval score` has one `--judge-url` and one `--judge-model` for all families; a family's options class
declares its fields with these types, so the flags mean and say the same whichever family takes them.
The judge's API key is never a flag: the judge client reads it from the environment.
"""

from __future__ import annotations

from typing import Annotated

from eval.scoring.judge import API_KEY_VARIABLE
from eval.scoring.options import Flag

JudgeUrl = Annotated[
    str | None,
    Flag("--judge-url", f"OpenAI-compatible endpoint (up to /v1) of the judge; key in ${API_KEY_VARIABLE}"),
]
JudgeModel = Annotated[str | None, Flag("--judge-model", "the judge model's name at --judge-url")]
