"""What a family's dry-run answers are: its `FamilyAnswers`, which its `FamilyEval` declares.

The policy server answers a row by a policy (`eval.policy_server.policies`): always the truth, always
what the family's bias predicts, a constant, or a seeded coin between the two. The family says what
its truth and its bias look like in its own answer format, so its parser reads them as meant and
`truth` scores 100 %, and which texts a harness may ask a row with (`forms`: the prompt, and for
some families other prompt variants or rotated options, each with the row as that text asks it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

Row = Mapping[str, Any]


def asked_by_its_prompt(row: Row) -> Sequence[tuple[str, Row]]:
    """A row is asked with its `prompt` column (with whatever a task adds before or after it)."""
    return [(row["prompt"], row)]


def by_what_is_seen(row: Row) -> str:
    """A row's image and prompt: rows asked alike (an image in two configs) get one coin."""
    return f"{row['pixel_sha256']}\n{row['prompt']}"


@dataclasses.dataclass(frozen=True)
class FamilyAnswers:
    """How a model that follows a policy answers one family's rows."""

    #: The right answer to a row, as the family's parser reads it.
    truth: Callable[[Row], str]
    #: What a perfectly biased model answers, in the same format.
    bias: Callable[[Row], str]
    #: One phrase: what `bias` answers (printed when the server starts and in the docs).
    bias_means: str
    #: The texts a harness may ask a row with, each with the row as that text asks it.
    forms: Callable[[Row], Sequence[tuple[str, Row]]] = asked_by_its_prompt
    #: What one coin of the `random` policy decides (what a row shows and asks, or AIpsych's 4-prompt set).
    coin: Callable[[Row], str] = by_what_is_seen
