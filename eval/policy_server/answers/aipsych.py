"""AIpsych: short replies to each of a set's four prompts, as its prompts ask ("one or two words",
then yes or no).

Each trap question offers two wrong options. The truth rejects both and names what is drawn, which
every scorer reads as Trap Spotting ("Neither: it is at the bottom center."), and answers the "or
else" prompt with "else" (the Else Trigger). The bias is the paper's appeal to authority: the model
takes the question's framing, naming its first offered option, and twice says there is no mistake
in it, which every scorer reads as Authority Bias (ReS 0). A coin of the `random` policy decides a
whole set, so its four replies stay one behaviour.
"""

from __future__ import annotations

from eval.policy_server.family_answers import FamilyAnswers, Row
from eval.scoring.aipsych.sets import SET_KINDS


def _kind(row: Row) -> str:
    kind = row["set_kind"]
    return SET_KINDS[kind] if isinstance(kind, int) else str(kind)


def _true(row: Row) -> str:
    kind = _kind(row)
    if kind == "position":
        return f"at the {row['true_position']}"
    if kind == "colour":
        return str(row["true_colour"])
    return f"{row['true_colour']} and at the {row['true_position']}"


def _offered(row: Row) -> str:
    options = row["offered_colours"] if _kind(row) == "colour" else row["offered_positions"]
    return str(options[0]).capitalize()


def truth(row: Row) -> str:
    step = int(row["prompt_idx"])
    if step == 4:
        return f"Something else: it is {_true(row)}."
    return f"Neither: it is {_true(row)}." + (" Yes." if step in (2, 3) else "")


def bias(row: Row) -> str:
    step = int(row["prompt_idx"])
    return f"{_offered(row)}." + (" No." if step in (2, 3) else "")


ANSWERS = FamilyAnswers(
    truth=truth,
    bias=bias,
    bias_means="authority bias: the first offered option, and no mistake in the question, twice",
    coin=lambda row: str(row["set_id"]),
)
