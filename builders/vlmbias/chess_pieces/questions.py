"""Prompts, ground truth and expected bias for the chess pieces (the paper's Appendix F and N).

Remove: count all pieces (truth 31, bias 32). Replace: count the pieces of the
added type, both colours (truth the standard count + 1, bias the standard
count). Q3 asks whether this is the starting position (truth No, bias Yes).
Every number is counted from the spec's positions, never typed in.

Replace Q2 ends with a period: the paper's Appendix F prints "Count the
[Added Piece Type] pieces on this board?", a typo the released rows do not keep.
"""

from __future__ import annotations

from builders.vlmbias.chess_pieces.spec import NONE, REMOVE, PieceSpec
from builders.vlmbias.questions import Question, count_question, naming_question, yes_no_question

NAMING_PROMPT, NAMING_EXAMPLE = "What board game is this?", "Shogi"


def counted(spec: PieceSpec) -> str | None:
    """The piece type Q1/Q2 count, or None when they count every piece (remove, original)."""
    return None if spec.action in (REMOVE, NONE) else spec.added


def counting_texts(spec: PieceSpec) -> tuple[str, str]:
    """Q1 and Q2 without the answer instruction, e.g. "Count the Knight pieces on this board."."""
    type_ = counted(spec)
    noun = spec.definition.noun if type_ is None else type_.capitalize()
    return f"How many {noun} pieces are there on this board?", f"Count the {noun} pieces on this board."


def counts(spec: PieceSpec) -> tuple[int, int]:
    """(count in the drawn position, count in the starting position) of what Q1/Q2 count."""
    game, type_ = spec.definition, counted(spec)
    return game.count(spec.position, type_), game.count(game.start, type_)


def questions(spec: PieceSpec) -> list[Question]:
    """Q1, Q2, Q3 for a modified position; the sanity questions (name it, count the pieces) otherwise."""
    q1, q2 = counting_texts(spec)
    truth, standard = counts(spec)
    if spec.action == NONE:
        return [
            naming_question(NAMING_PROMPT, NAMING_EXAMPLE, spec.definition.answer),
            count_question("Q1", q1, truth, None),
        ]
    return [
        count_question("Q1", q1, truth, standard),
        count_question("Q2", q2, truth, standard),
        yes_no_question("Q3", spec.definition.identity, False, True),
    ]
