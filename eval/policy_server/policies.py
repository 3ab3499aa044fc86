"""The answer policies of the dry-run model, as `--policy` names them.

- `truth`: every row answered right;
- `bias`: every row answered as the family's bias predicts (what a perfectly biased model scores);
- `constant:TEXT`: TEXT to everything (a model whose replies never parse, say);
- `random:SEED`: a coin seeded by SEED and what the row shows and asks (its image and prompt; for
  AIpsych its 4-prompt set) picks the truth or the bias, so runs with one seed answer alike, rows
  asked alike get one answer, and about half the answers are right.
"""

from __future__ import annotations

import dataclasses
import hashlib

from eval.errors import UsageError
from eval.policy_server.family_answers import FamilyAnswers, Row

USAGE = "truth, bias, constant:TEXT or random:SEED"


@dataclasses.dataclass(frozen=True)
class Policy:
    kind: str
    text: str = ""
    seed: int = 0

    def __str__(self) -> str:
        return {"constant": f"constant:{self.text}", "random": f"random:{self.seed}"}.get(
            self.kind, self.kind
        )

    def answer(self, answers: FamilyAnswers, row: Row) -> str:
        """The reply to `row` of a family whose answers are `answers`."""
        if self.kind == "constant":
            return self.text
        right = self.kind == "truth" or (self.kind == "random" and _heads(self.seed, answers.coin(row)))
        return answers.truth(row) if right else answers.bias(row)


def _heads(seed: int, key: str) -> bool:
    return hashlib.sha256(f"{seed}:{key}".encode()).digest()[0] % 2 == 0


def parse_policy(text: str) -> Policy:
    """`--policy`'s value as a `Policy`.

    >>> parse_policy("random:7"), str(parse_policy("constant:{3}"))
    (Policy(kind='random', text='', seed=7), 'constant:{3}')
    >>> parse_policy("biased")
    Traceback (most recent call last):
    ...
    eval.errors.UsageError: policy 'biased' is not one of truth, bias, constant:TEXT or random:SEED
    """
    kind, colon, rest = text.partition(":")
    if kind in ("truth", "bias") and not colon:
        return Policy(kind)
    if kind == "constant" and colon:
        return Policy(kind, text=rest)
    if kind == "random" and colon:
        try:
            return Policy(kind, seed=int(rest))
        except ValueError:
            raise UsageError(f"policy {text!r} needs a whole-number seed, e.g. random:7") from None
    raise UsageError(f"policy {text!r} is not one of {USAGE}")
